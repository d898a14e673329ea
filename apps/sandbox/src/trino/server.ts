import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import { CATALOGUE, type SimTable } from "./catalogue.js";

export interface TrinoSimOptions {
  port?: number;
  /** Rows per page of results (Trino pages large results through nextUri). */
  pageSize?: number;
  /** Answer every statement with this HTTP status (fault tests). */
  failWith?: number | null;
  /** The clock the table statistics follow (tests fix it). */
  now?: () => Date;
}

/** What SHOW STATS reports for a table: its row count and the data size of its variable-width columns. */
export interface SimStats {
  rows: number | null;
  size: number | null;
}

export interface TrinoSim {
  url: string;
  /** Statements received, newest last (tests check what the console asked). */
  statements: string[];
  /** Next statements fail with this HTTP status, or null to answer normally. */
  setFailure(status: number | null): void;
  /** The tables it serves; tests add and remove some. */
  tables: SimTable[];
  /** Fixes a table's statistics ("catalog.schema.table"); null goes back to the simulated ones. */
  setStats(table: string, stats: SimStats | null): void;
  stop(): Promise<void>;
}

interface Result {
  columns: Array<{ name: string; type: string }>;
  rows: unknown[][];
}

const unquote = (s: string) => (s.startsWith('"') ? s.slice(1, -1).replaceAll('""', '"') : s.toLowerCase());
const literalValues = (list: string) => [...list.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replaceAll("''", "'"));

const hash = (s: string) => {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
};
const VARIABLE_WIDTH = /^(varchar|char|varbinary|json)/;
/** Statistics start here and grow every minute for the tables that receive data. */
const STATS_EPOCH = Date.UTC(2026, 0, 1);
const STEP_MS = 60_000;

/**
 * A table's statistics as a lakehouse connector keeps them: a stable base row count per table;
 * two tables in three receive rows every minute (the rest are reference data that never
 * change). The data size counts the variable-width columns only, as Trino reports it.
 */
export function simulatedStats(t: SimTable, now: Date): SimStats {
  const h = hash(`${t.catalog}.${t.schema}.${t.name}`);
  const growth = h % 3 === 0 ? 0 : 1 + (h % 40);
  const rows = 1_000 + (h % 2_000_000) + Math.max(0, Math.floor((now.getTime() - STATS_EPOCH) / STEP_MS)) * growth;
  const widths = t.columns.filter((c) => VARIABLE_WIDTH.test(c.type)).map((c) => 6 + (hash(c.name) % 40));
  return { rows, size: widths.length ? rows * widths.reduce((a, b) => a + b, 0) : null };
}

interface SimData {
  tables: SimTable[];
  stats: Map<string, SimStats>;
  now: () => Date;
}

/** Answers the information_schema and SHOW STATS queries the console sends; anything else is an error as Trino gives it. */
function run(sql: string, data: SimData): Result | { error: string } {
  const q = sql.trim().replace(/\s+/g, " ");
  const catalogNames = [...new Set(data.tables.map((t) => t.catalog)), "system"].sort();
  if (/^SELECT catalog_name FROM system\.metadata\.catalogs/i.test(q))
    return { columns: [{ name: "catalog_name", type: "varchar" }], rows: catalogNames.map((c) => [c]) };
  const ident = `("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_]*)`;
  const catalogue = data.tables;
  const counts = new RegExp(
    `^SELECT table_schema, table_name, count\\(\\*\\) AS column_count FROM ${ident}\\.information_schema\\.columns WHERE table_schema <> 'information_schema' GROUP BY table_schema, table_name$`,
    "i",
  ).exec(q);
  if (counts) {
    const catalog = unquote(counts[1]!);
    if (!catalogNames.includes(catalog)) return { error: `line 1:1: Catalog '${catalog}' not found` };
    return {
      columns: [
        { name: "table_schema", type: "varchar" },
        { name: "table_name", type: "varchar" },
        { name: "column_count", type: "bigint" },
      ],
      rows: catalogue.filter((t) => t.catalog === catalog).map((t) => [t.schema, t.name, t.columns.length]),
    };
  }
  const show = new RegExp(`^SHOW STATS FOR ${ident}\\.${ident}\\.${ident}$`, "i").exec(q);
  if (show) {
    const [catalog, schema, name] = [unquote(show[1]!), unquote(show[2]!), unquote(show[3]!)];
    const t = catalogue.find((x) => x.catalog === catalog && x.schema === schema && x.name === name);
    if (!t) return { error: `line 1:1: Table '${catalog}.${schema}.${name}' does not exist` };
    const fixed = data.stats.get(`${catalog}.${schema}.${name}`);
    const stats = fixed ?? simulatedStats(t, data.now());
    const varWidth = t.columns.filter((c) => VARIABLE_WIDTH.test(c.type));
    // The size is spread over the variable-width columns (a fixed size lands on the first column).
    const sizeOf = (i: number, type: string): number | null => {
      if (stats.size === null) return null;
      if (fixed) return i === 0 ? stats.size : null;
      if (!VARIABLE_WIDTH.test(type)) return null;
      const share = stats.size / varWidth.length;
      return varWidth[varWidth.length - 1]!.name === t.columns[i]!.name
        ? stats.size - share * (varWidth.length - 1)
        : share;
    };
    return {
      columns: [
        { name: "column_name", type: "varchar" },
        { name: "data_size", type: "double" },
        { name: "distinct_values_count", type: "double" },
        { name: "nulls_fraction", type: "double" },
        { name: "row_count", type: "double" },
        { name: "low_value", type: "varchar" },
        { name: "high_value", type: "varchar" },
      ],
      rows: [
        ...t.columns.map((c, i) => [
          c.name,
          sizeOf(i, c.type),
          stats.rows === null ? null : Math.max(1, Math.round(stats.rows / (1 + (hash(c.name) % 50)))),
          0,
          null,
          null,
          null,
        ]),
        [null, null, null, null, stats.rows, null, null],
      ],
    };
  }
  const tables = new RegExp(`^SELECT table_schema, table_name FROM ${ident}\\.information_schema\\.tables`, "i").exec(
    q,
  );
  if (tables) {
    const catalog = unquote(tables[1]!);
    return {
      columns: [
        { name: "table_schema", type: "varchar" },
        { name: "table_name", type: "varchar" },
      ],
      rows: catalogue.filter((t) => t.catalog === catalog).map((t) => [t.schema, t.name]),
    };
  }
  const columns = new RegExp(
    `^SELECT table_name, column_name, data_type FROM ${ident}\\.information_schema\\.columns WHERE table_schema = '((?:[^']|'')*)'(?: AND table_name IN \\((.*)\\))?`,
    "i",
  ).exec(q);
  if (columns) {
    const catalog = unquote(columns[1]!);
    const schema = columns[2]!.replaceAll("''", "'");
    const names = columns[3] ? new Set(literalValues(columns[3])) : null;
    const rows: unknown[][] = [];
    for (const t of catalogue)
      if (t.catalog === catalog && t.schema === schema && (!names || names.has(t.name)))
        for (const c of t.columns) rows.push([t.name, c.name, c.type]);
    return {
      columns: [
        { name: "table_name", type: "varchar" },
        { name: "column_name", type: "varchar" },
        { name: "data_type", type: "varchar" },
      ],
      rows,
    };
  }
  return {
    error: `line 1:1: The sandbox Trino answers information_schema and SHOW STATS queries only: ${q.slice(0, 80)}`,
  };
}

/**
 * A Trino coordinator's client protocol, enough for metadata: POST /v1/statement queues a
 * query, and the client follows nextUri through the pages of its results.
 */
export async function startTrinoSim(opts: TrinoSimOptions = {}): Promise<TrinoSim> {
  const pageSize = opts.pageSize ?? 100;
  let failure = opts.failWith ?? null;
  const statements: string[] = [];
  const queries = new Map<string, { result: Result | { error: string }; sql: string }>();
  const data: SimData = { tables: [...CATALOGUE], stats: new Map(), now: opts.now ?? (() => new Date()) };
  const app = Fastify({ logger: false });
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_req, body, done) => done(null, body));
  let base = "";

  const page = (id: string, token: number) => {
    const q = queries.get(id);
    if (!q) return null;
    const info = { id, infoUri: `${base}/ui/query.html?${id}` };
    if ("error" in q.result) {
      queries.delete(id);
      return {
        ...info,
        stats: { state: "FAILED" },
        error: { message: q.result.error, errorCode: 1, errorName: "SYNTAX_ERROR", errorType: "USER_ERROR" },
      };
    }
    const rows = q.result.rows.slice(token * pageSize, (token + 1) * pageSize);
    const more = (token + 1) * pageSize < q.result.rows.length;
    if (!more) queries.delete(id);
    return {
      ...info,
      columns: q.result.columns.map((c) => ({
        name: c.name,
        type: c.type,
        typeSignature: { rawType: c.type, arguments: [] },
      })),
      ...(rows.length ? { data: rows } : {}),
      stats: { state: more ? "RUNNING" : "FINISHED" },
      ...(more ? { nextUri: `${base}/v1/statement/executing/${id}/${token + 1}` } : {}),
    };
  };

  app.post("/v1/statement", async (req, reply) => {
    if (failure) return reply.code(failure).send("Service Unavailable");
    if (!req.headers["x-trino-user"]) return reply.code(400).send({ message: "User must be set" });
    const sql = String(req.body ?? "");
    statements.push(sql);
    const id = `20260101_000000_${String(statements.length).padStart(5, "0")}_${randomUUID().slice(0, 5)}`;
    queries.set(id, { result: run(sql, data), sql });
    // A real coordinator first answers "queued" with no data.
    return {
      id,
      infoUri: `${base}/ui/query.html?${id}`,
      nextUri: `${base}/v1/statement/queued/${id}/0`,
      stats: { state: "QUEUED" },
    };
  });
  app.get<{ Params: { id: string; token: string } }>("/v1/statement/queued/:id/:token", async (req, reply) => {
    if (failure) return reply.code(failure).send("Service Unavailable");
    const p = page(req.params.id, 0);
    return p ?? reply.code(404).send({ message: "Query not found" });
  });
  app.get<{ Params: { id: string; token: string } }>("/v1/statement/executing/:id/:token", async (req, reply) => {
    if (failure) return reply.code(failure).send("Service Unavailable");
    const p = page(req.params.id, Number(req.params.token));
    return p ?? reply.code(404).send({ message: "Query not found" });
  });
  app.get("/v1/info", async () => ({ nodeVersion: { version: "476-sandbox" }, coordinator: true, starting: false }));

  const address = await app.listen({ port: opts.port ?? 0, host: "127.0.0.1" });
  base = address;
  return {
    url: address,
    statements,
    setFailure: (s) => (failure = s),
    tables: data.tables,
    setStats: (table, stats) => (stats ? data.stats.set(table, stats) : data.stats.delete(table)),
    stop: () => app.close(),
  };
}
