export type Row = Record<string, unknown>;

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Run as a named prepared statement, parsed once per connection. Only for SQL whose text
   * comes from the code alone (every value a parameter), as the number of such texts is bounded.
   */
  prepare?: boolean;
  /**
   * How long PostgreSQL may take before the client gives up, instead of the pool's limit for
   * requests: for maintenance (migrations, partitions, retention) over millions of rows.
   */
  timeoutMs?: number;
}

/** The time maintenance statements may take (see QueryOptions.timeoutMs). */
export const MAINTENANCE_TIMEOUT_MS = 6 * 3_600_000;

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>>;
}

export type Unlisten = () => Promise<void>;

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Connection-pool figures for /metrics; PGlite has one connection. */
  poolStats(): { total: number; idle: number; waiting: number };
}

/**
 * One column of a batch, for `unnest($n::type[])`. PostgreSQL receives it in binary form (no
 * array literal to escape and parse; see binary-array.ts), PGlite as a plain array.
 */
export class ColumnParam {
  constructor(
    readonly type: string,
    readonly values: readonly unknown[],
  ) {}
}
