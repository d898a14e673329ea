import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { plainParams } from "./binary-array.js";
import type { Db, Queryable, QueryResult, Row, Unlisten } from "./types.js";

/** The embedded database: real PostgreSQL in WebAssembly, kept in a folder (or memory for tests). */
export async function openPglite(dir: string | null): Promise<Db> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  // pg_trgm: substring search of users and groups uses trigram indexes, as on PostgreSQL.
  const pg = await PGlite.create(dir ?? undefined, { extensions: { pg_trgm } });
  const run = async <T = Row>(q: Pick<PGlite, "query">, sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
    const r = await q.query<T>(sql, plainParams(params));
    return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
  };
  return {
    kind: "pglite",
    query: (sql, params) => run(pg, sql, params),
    tx: <T>(fn: (q: Queryable) => Promise<T>) =>
      pg.transaction(async (tx) => fn({ query: (sql, params) => run(tx, sql, params) })),
    async exec(sql) {
      await pg.exec(sql);
    },
    async listen(channel, onPayload): Promise<Unlisten> {
      const stop = await pg.listen(channel, onPayload);
      return async () => stop();
    },
    async notify(channel, payload) {
      await pg.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async ping() {
      await pg.query("SELECT 1");
    },
    async close() {
      await pg.close();
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
  };
}
