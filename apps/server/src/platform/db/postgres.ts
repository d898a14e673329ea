import { createHash } from "node:crypto";
import pg from "pg";
import { pgParams } from "./binary-array.js";
import type { Db, Queryable, QueryOptions, QueryResult, Row, Unlisten } from "./types.js";

// Counts and bigserial ids come back as numbers, as they do from PGlite.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

const statementNames = new Map<string, string>();

/** The text with its values, named after the text when it is to be prepared. */
function statement(
  sql: string,
  params: unknown[] | undefined,
  opts: QueryOptions | undefined,
): pg.QueryConfig & { query_timeout?: number } {
  params = pgParams(params);
  if (opts?.timeoutMs) return { text: sql, values: params, query_timeout: opts.timeoutMs };
  if (!opts?.prepare) return { text: sql, values: params };
  let name = statementNames.get(sql);
  if (!name) {
    name = `s_${createHash("sha1").update(sql).digest("base64url")}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: params };
}

export async function openPostgres(url: string, max: number): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    // Requests fail fast while the database is away instead of queueing forever.
    query_timeout: 15_000,
    // Prepared statements save their parse, never their planning: a plan made once for any
    // values (a generic plan) can be far slower for the values at hand, as for a LIKE prefix.
    // A session setting, made before the pool hands the connection out. A server without it
    // (before PostgreSQL 12) keeps its own choice of plan; queries still work, so it is not fatal.
    onConnect: async (client: pg.ClientBase) => {
      await client.query("SET plan_cache_mode = force_custom_plan").catch(() => undefined);
    },
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);

  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  async function ensureListener(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? "");
    });
    client.on("error", () => {
      listener = null;
      // Reconnect in the background and re-subscribe every channel.
      setTimeout(() => void resubscribe(), 1000).unref();
    });
    await client.connect();
    listener = client;
    return client;
  }

  async function resubscribe(): Promise<void> {
    try {
      const client = await ensureListener();
      for (const channel of handlers.keys()) await client.query(`LISTEN "${channel}"`);
    } catch {
      setTimeout(() => void resubscribe(), 2000).unref();
    }
  }

  const query = async <T = Row>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>> => {
    const r = await pool.query(statement(sql, params, opts));
    return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
  };

  return {
    kind: "postgres",
    query,
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // The pool stops listening for a checked-out client's errors: a connection the server
      // drops between two statements must not crash the process, and must not go back to the pool.
      let broken: Error | undefined;
      const onError = (err: Error) => {
        broken = err;
      };
      client.on("error", onError);
      try {
        await client.query("BEGIN");
        const q: Queryable = {
          async query<R = Row>(sql: string, params?: unknown[], opts?: QueryOptions) {
            const r = await client.query(statement(sql, params, opts));
            return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
          },
        };
        const result = await fn(q);
        await client.query("COMMIT");
        return result;
      } catch (err) {
        if (!broken) await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      } finally {
        client.removeListener("error", onError);
        client.release(broken);
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async listen(channel, onPayload): Promise<Unlisten> {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const client = await ensureListener();
        await client.query(`LISTEN "${channel}"`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async notify(channel, payload) {
      await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async ping() {
      await pool.query("SELECT 1");
    },
    async close() {
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
