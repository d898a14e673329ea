import type { DataSummary, DataSummaryRow, DataSummarySort, Datasets } from "@console/contracts";
import type { Queryable } from "../../platform/db/index.js";
import { containsPattern } from "../../platform/db/like.js";
import { quoteName, type TrinoClient } from "../policies/trino-client.js";

/** One table as a refresh read it; rows and size are undefined when its statistics were not read. */
export interface TableRead {
  catalog: string;
  schema: string;
  table: string;
  columnCount: number;
  stats?: { rows: number | null; size: number | null };
}

export interface TablesRead {
  tables: TableRead[];
  /** Catalogs listed in full: their tables not seen any more were dropped. */
  listed: string[];
  /** Every catalog Trino has (tables of other catalogs were dropped with their catalog). */
  catalogs: string[];
  /** What could not be read (some catalogs or statistics), or null. */
  problem: string | null;
}

export interface StatsLimits {
  /** Statistics queries at a time. */
  concurrency: number;
  /** Time for the whole read; tables not reached by then keep their previous figures. */
  timeoutMs: number;
  /** Catalogs left out (Trino's own). */
  hidden: string[];
}

/** Runs `work` over `items`, at most `limit` at a time, until `deadline` (later items are skipped). */
async function eachLimited<T>(items: T[], limit: number, deadline: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length && Date.now() < deadline) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));

/**
 * Reads every table of every catalog from Trino: its column count from information_schema,
 * and its row count and data size from `SHOW STATS FOR` (the table summary row's row_count;
 * the size is the sum of the columns' data_size, which Trino reports for variable-width
 * columns). Bounded: a few queries at a time and a time limit for the whole read.
 */
export async function readTables(client: TrinoClient, limits: StatsLimits): Promise<TablesRead> {
  const deadline = Date.now() + limits.timeoutMs;
  const catalogs = (await client.query("SELECT catalog_name FROM system.metadata.catalogs ORDER BY catalog_name"))
    .map((r) => String(r.catalog_name))
    .filter((c) => !limits.hidden.includes(c));
  const problems: string[] = [];
  const tables: TableRead[] = [];
  const listed: string[] = [];
  await eachLimited(catalogs, limits.concurrency, deadline, async (catalog) => {
    try {
      const rows = await client.query(
        `SELECT table_schema, table_name, count(*) AS column_count FROM ${quoteName(catalog)}.information_schema.columns WHERE table_schema <> 'information_schema' GROUP BY table_schema, table_name`,
      );
      for (const r of rows)
        tables.push({
          catalog,
          schema: String(r.table_schema),
          table: String(r.table_name),
          columnCount: Number(r.column_count),
        });
      listed.push(catalog);
    } catch (err) {
      problems.push(`catalog ${catalog}: ${(err as Error).message}`);
    }
  });
  tables.sort((a, b) => `${a.catalog}.${a.schema}.${a.table}`.localeCompare(`${b.catalog}.${b.schema}.${b.table}`));
  let failed = 0;
  let lastFailure = "";
  await eachLimited(tables, limits.concurrency, deadline, async (t) => {
    try {
      const rows = await client.query(
        `SHOW STATS FOR ${quoteName(t.catalog)}.${quoteName(t.schema)}.${quoteName(t.table)}`,
      );
      const summary = rows.find((r) => r.column_name === null || r.column_name === undefined);
      const sizes = rows.filter((r) => r !== summary).map((r) => num(r.data_size));
      const known = sizes.filter((v): v is number => v !== null);
      t.stats = {
        rows: num(summary?.row_count),
        size: known.length ? known.reduce((a, b) => a + b, 0) : null,
      };
    } catch (err) {
      failed++;
      lastFailure = (err as Error).message;
    }
  });
  const unread = tables.filter((t) => !t.stats).length - failed;
  if (failed) problems.push(`statistics of ${failed} table(s) could not be read (${lastFailure})`);
  if (unread > 0)
    problems.push(`statistics of ${unread} table(s) were not read within ${Math.round(limits.timeoutMs / 1000)} s`);
  return { tables, listed, catalogs, problem: problems.length ? problems.join("; ") : null };
}

const same = (a: number | null, b: number | null) => (a === null ? b === null : b !== null && a === b);

/**
 * Stores what a refresh read: new tables are added, a table whose figures changed gets a new
 * snapshot with its trend (rows since the snapshot before), and tables Trino no longer has are
 * removed. A table whose statistics were not read keeps its previous figures.
 */
export async function storeTables(q: Queryable, read: TablesRead, now: Date): Promise<void> {
  const { rows: existing } = await q.query<{
    catalog: string;
    schema_name: string;
    table_name: string;
    column_count: number;
    num_rows: number | null;
    data_size: number | null;
    updated_at: Date;
    change_set: number | null;
    percentage_change: number | null;
  }>(
    `SELECT catalog, schema_name, table_name, column_count, num_rows, data_size, updated_at, change_set,
            percentage_change
       FROM insights_tables`,
  );
  const key = (c: string, s: string, t: string) => JSON.stringify([c, s, t]);
  const before = new Map(existing.map((e) => [key(e.catalog, e.schema_name, e.table_name), e]));
  const at = now.toISOString();
  const rows = read.tables.map((t) => {
    const old = before.get(key(t.catalog, t.schema, t.table));
    const numRows = t.stats ? t.stats.rows : (old?.num_rows ?? null);
    const size = t.stats ? t.stats.size : (old?.data_size ?? null);
    const changed =
      !old || old.column_count !== t.columnCount || !same(old.num_rows, numRows) || !same(old.data_size, size);
    const change = old && old.num_rows !== null && numRows !== null ? numRows - old.num_rows : null;
    return {
      catalog: t.catalog,
      schema_name: t.schema,
      table_name: t.table,
      column_count: t.columnCount,
      num_rows: numRows,
      data_size: size,
      changed,
      // Without a change, the time and trend stay those of the last change.
      updated_at: changed || !old ? at : new Date(old.updated_at).toISOString(),
      change_set: changed ? change : (old?.change_set ?? null),
      percentage_change: changed
        ? change !== null && old!.num_rows! > 0
          ? Math.round((change / old!.num_rows!) * 10_000) / 100
          : null
        : (old?.percentage_change ?? null),
    };
  });
  await q.query(
    `INSERT INTO insights_tables (catalog, schema_name, table_name, column_count, num_rows, data_size,
                                  added_at, updated_at, seen_at, change_set, percentage_change)
     SELECT x.catalog, x.schema_name, x.table_name, x.column_count, x.num_rows, x.data_size, $2, x.updated_at, $2,
            x.change_set, x.percentage_change
       FROM jsonb_to_recordset($1::jsonb) AS x(catalog text, schema_name text, table_name text, column_count integer,
            num_rows double precision, data_size double precision, updated_at timestamptz,
            change_set double precision, percentage_change double precision)
     ON CONFLICT (catalog, schema_name, table_name) DO UPDATE SET
       column_count = EXCLUDED.column_count, num_rows = EXCLUDED.num_rows, data_size = EXCLUDED.data_size,
       updated_at = EXCLUDED.updated_at, seen_at = EXCLUDED.seen_at, change_set = EXCLUDED.change_set,
       percentage_change = EXCLUDED.percentage_change`,
    [JSON.stringify(rows), at],
  );
  await q.query(
    `INSERT INTO insights_table_snapshots (table_id, taken_at, column_count, num_rows, data_size)
     SELECT t.table_id, $2, t.column_count, t.num_rows, t.data_size
       FROM insights_tables t
       JOIN jsonb_to_recordset($1::jsonb) AS x(catalog text, schema_name text, table_name text)
         ON x.catalog = t.catalog AND x.schema_name = t.schema_name AND x.table_name = t.table_name`,
    [JSON.stringify(rows.filter((r) => r.changed)), at],
  );
  // Gone from a catalog listed in full, or with their whole catalog.
  await q.query(
    `DELETE FROM insights_tables
      WHERE (catalog = ANY ($1::text[]) AND seen_at < $3) OR NOT (catalog = ANY ($2::text[]))`,
    [read.listed, read.catalogs, at],
  );
}

const ORDER: Record<DataSummarySort, string> = {
  recentlyUpdated: "updated_at DESC, catalog, schema_name, table_name",
  recentlyAdded: "added_at DESC, catalog, schema_name, table_name",
};

export interface DataSummaryFilter {
  limit: number;
  offset: number;
  sort_by: DataSummarySort;
  catalog?: string | undefined;
  schema?: string | undefined;
  table?: string | undefined;
}

/** A page of the stored tables (never Trino itself), with the total that match the filters. */
export async function readDataSummary(q: Queryable, f: DataSummaryFilter): Promise<Omit<DataSummary, "unavailable">> {
  const like = f.table ? containsPattern(f.table) : null;
  const where = `($1::text IS NULL OR catalog = $1) AND ($2::text IS NULL OR schema_name = $2)
                 AND ($3::text IS NULL OR lower(table_name) LIKE $3)`;
  const params = [f.catalog || null, f.schema || null, like];
  const { rows } = await q.query<{
    table_id: string;
    table_name: string;
    catalog: string;
    schema_name: string;
    column_count: number;
    num_rows: number | null;
    data_size: number | null;
    updated_at: Date;
    added_at: Date;
    change_set: number | null;
    percentage_change: number | null;
  }>(
    `SELECT table_id, table_name, catalog, schema_name, column_count, num_rows, data_size, updated_at, added_at,
            change_set, percentage_change
       FROM insights_tables WHERE ${where}
      ORDER BY ${ORDER[f.sort_by]} LIMIT $4 OFFSET $5`,
    [...params, f.limit, f.offset],
  );
  // Counted apart: the page itself then reads only its rows, in index order.
  const total = Number(
    (await q.query<{ n: string }>(`SELECT count(*) AS n FROM insights_tables WHERE ${where}`, params)).rows[0]!.n,
  );
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    data: rows.map((r): DataSummaryRow => ({
      table_id: Number(r.table_id),
      table_name: r.table_name,
      catalog: r.catalog,
      schema_name: r.schema_name,
      column_count: Number(r.column_count),
      num_rows: n(r.num_rows),
      data_size: n(r.data_size),
      updated_at: new Date(r.updated_at).toISOString(),
      added_at: new Date(r.added_at).toISOString(),
      trends: { change_set: n(r.change_set), percentage_change: n(r.percentage_change) },
    })),
    total_count: total,
  };
}

/** The stored tables' catalogs and schemas with their number of tables, for the data summary's filters. */
export async function readDatasets(q: Queryable): Promise<Datasets> {
  const { rows } = await q.query<{ catalog: string; schema_name: string; n: string }>(
    "SELECT catalog, schema_name, count(*) AS n FROM insights_tables GROUP BY 1, 2 ORDER BY 1, 2",
  );
  const catalogs: Datasets["catalogs"] = [];
  for (const r of rows) {
    let c = catalogs.at(-1);
    if (c?.name !== r.catalog) catalogs.push((c = { name: r.catalog, schemas: [] }));
    c.schemas.push({ name: r.schema_name, table_count: Number(r.n) });
  }
  return { catalogs };
}
