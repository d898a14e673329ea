import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { plainParams } from "./binary-array.js";
import type { Db, Queryable, QueryResult, Row, Unlisten } from "./types.js";

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Takes the folder for this process (`<dir>.lock` holds its pid): PGlite has no lock across
 * processes, and two of them writing one folder corrupt it. A lock left by a process that is no
 * longer running is taken over. Returns the release.
 */
export function lockDataFolder(dir: string): () => void {
  const file = `${dir}.lock`;
  const mine = String(process.pid);
  for (;;) {
    try {
      fs.writeFileSync(file, mine, { flag: "wx" });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number(fs.readFileSync(file, "utf8").trim());
      if (holder && holder !== process.pid && isRunning(holder))
        throw new Error(
          `The embedded database in ${dir} is in use by process ${holder} (a console running on it). Stop that process first; if no console runs, delete ${file}.`,
        );
      fs.rmSync(file, { force: true });
    }
  }
  return () => {
    try {
      if (fs.readFileSync(file, "utf8").trim() === mine) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/** The embedded database: real PostgreSQL in WebAssembly, kept in a folder (or memory for tests). */
export async function openPglite(dir: string | null): Promise<Db> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const unlock = dir ? lockDataFolder(dir) : () => undefined;
  // pg_trgm: substring search of users and groups uses trigram indexes, as on PostgreSQL.
  let pg: PGlite;
  try {
    pg = await PGlite.create(dir ?? undefined, { extensions: { pg_trgm } });
  } catch (err) {
    unlock();
    throw err;
  }
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
      unlock();
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
  };
}
