import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import { CATALOG_NAMES, CATALOGUE } from "./catalogue.js";

export interface TrinoSimOptions {
  port?: number;
  /** Rows per page of results (Trino pages large results through nextUri). */
  pageSize?: number;
  /** Answer every statement with this HTTP status (fault tests). */
  failWith?: number | null;
}

export interface TrinoSim {
  url: string;
  /** Statements received, newest last (tests check what the console asked). */
  statements: string[];
  /** Next statements fail with this HTTP status, or null to answer normally. */
  setFailure(status: number | null): void;
  stop(): Promise<void>;
}

interface Result {
  columns: Array<{ name: string; type: string }>;
  rows: unknown[][];
}

const unquote = (s: string) => (s.startsWith('"') ? s.slice(1, -1).replaceAll('""', '"') : s.toLowerCase());
const literalValues = (list: string) => [...list.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replaceAll("''", "'"));

/** Answers the information_schema queries the console sends; anything else is an error as Trino gives it. */
function run(sql: string): Result | { error: string } {
  const q = sql.trim().replace(/\s+/g, " ");
  if (/^SELECT catalog_name FROM system\.metadata\.catalogs/i.test(q))
    return { columns: [{ name: "catalog_name", type: "varchar" }], rows: CATALOG_NAMES.map((c) => [c]) };
  const ident = `("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_]*)`;
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
      rows: CATALOGUE.filter((t) => t.catalog === catalog).map((t) => [t.schema, t.name]),
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
    for (const t of CATALOGUE)
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
  return { error: `line 1:1: The sandbox Trino answers information_schema queries only: ${q.slice(0, 80)}` };
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
    queries.set(id, { result: run(sql), sql });
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
    stop: () => app.close(),
  };
}
