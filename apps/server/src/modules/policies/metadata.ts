import type { Lookups, TableColumns } from "@console/contracts";
import { UpstreamError } from "../../platform/errors.js";
import { quoteName, quoteText, TRINO, type TrinoClient } from "./trino-client.js";

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

/**
 * Catalogs, schemas, tables and columns from Trino's information_schema, cached for a while
 * (the wizard asks often, the catalogue changes rarely) and refreshable on demand. A failed
 * load is not cached.
 */
export class Metadata {
  private tree: Entry<Lookups> | null = null;
  private readonly columnCache = new Map<string, Entry<Array<{ name: string; dataType: string }>>>();

  constructor(
    private readonly client: TrinoClient | null,
    private readonly ttlMs: number,
    /** Left out of catalog choices (the data-product catalog) and Trino's own. */
    private readonly hidden: string[],
  ) {}

  /** Whether a Trino to ask is configured at all. */
  get configured(): boolean {
    return this.client !== null;
  }

  private use(): TrinoClient {
    if (!this.client) throw new UpstreamError(TRINO, "it is not configured (set TRINO_URL)", 503);
    return this.client;
  }

  refresh(): void {
    this.tree = null;
    this.columnCache.clear();
  }

  lookups(refresh = false): Promise<Lookups> {
    if (refresh) this.refresh();
    const now = Date.now();
    if (!this.tree || now - this.tree.at > this.ttlMs) {
      const value = this.loadTree();
      const entry = { at: now, value };
      this.tree = entry;
      value.catch(() => {
        if (this.tree === entry) this.tree = null;
      });
    }
    return this.tree.value;
  }

  private async loadTree(): Promise<Lookups> {
    const client = this.use();
    const names = (await client.query("SELECT catalog_name FROM system.metadata.catalogs ORDER BY catalog_name"))
      .map((r) => String(r.catalog_name))
      .filter((c) => !this.hidden.includes(c));
    const catalogs = await Promise.all(
      names.map(async (name) => {
        const rows = await client.query(
          `SELECT table_schema, table_name FROM ${quoteName(name)}.information_schema.tables WHERE table_schema <> 'information_schema' ORDER BY table_schema, table_name`,
        );
        const schemas = new Map<string, Array<{ name: string }>>();
        for (const r of rows) {
          const s = String(r.table_schema);
          if (s === "information_schema") continue;
          const list = schemas.get(s) ?? [];
          list.push({ name: String(r.table_name) });
          schemas.set(s, list);
        }
        return { name, schemas: [...schemas].map(([s, tables]) => ({ name: s, tables })) };
      }),
    );
    return { catalogs, loadedAt: new Date().toISOString() };
  }

  /** Columns of one table with their Trino types, cached per table. */
  async columns(catalog: string, schema: string, tables: string[]): Promise<TableColumns> {
    const now = Date.now();
    const missing = tables.filter((t) => {
      const e = this.columnCache.get(`${catalog}.${schema}.${t}`);
      return !e || now - e.at > this.ttlMs;
    });
    if (missing.length > 0) {
      const load = this.use()
        .query(
          `SELECT table_name, column_name, data_type FROM ${quoteName(catalog)}.information_schema.columns WHERE table_schema = ${quoteText(schema)} AND table_name IN (${missing.map(quoteText).join(", ")}) ORDER BY table_name, ordinal_position`,
        )
        .then((rows) => {
          const by = new Map<string, Array<{ name: string; dataType: string }>>(missing.map((t) => [t, []]));
          for (const r of rows)
            by.get(String(r.table_name))?.push({ name: String(r.column_name), dataType: String(r.data_type) });
          return by;
        });
      for (const t of missing) {
        const value = load.then((by) => by.get(t) ?? []);
        const entry = { at: now, value };
        this.columnCache.set(`${catalog}.${schema}.${t}`, entry);
        value.catch(() => this.columnCache.delete(`${catalog}.${schema}.${t}`));
      }
    }
    const out = await Promise.all(
      tables.map(async (t) => ({ table: t, columns: await this.columnCache.get(`${catalog}.${schema}.${t}`)!.value })),
    );
    return { tables: out };
  }
}
