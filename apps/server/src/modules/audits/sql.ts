import { ColumnParam, type Queryable } from "../../platform/db/index.js";

/** WHERE clauses with numbered parameters, built one filter at a time. */
export class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  /** Adds `clause` with `?` standing for `value`, unless value is undefined. */
  add(clause: string, value: unknown): this {
    if (value === undefined || value === null || value === "") return this;
    this.params.push(value);
    this.parts.push(clause.replaceAll("?", `$${this.params.length}`));
    return this;
  }

  raw(clause: string): this {
    this.parts.push(clause);
    return this;
  }

  toString(): string {
    return this.parts.length ? `WHERE ${this.parts.join(" AND ")}` : "";
  }
}

/**
 * Counting stops here: past it a filter matches "at least this many" events. An exact count
 * of millions of rows costs a scan per page; a person narrows the filter long before.
 */
export const COUNT_CAP = 10_000;

/**
 * The SQL of one page. With `key` (unique columns that an index carries with every filtered
 * column), the page's keys are found from the index alone and only those rows are read. The key
 * holds the partition column, so each row is read from its own month's partition only.
 */
export function pageSql(opts: { from: string; select: string; where: Where; orderBy: string; key?: string }): string {
  const n = opts.where.params.length;
  const page = `ORDER BY ${opts.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`;
  return opts.key
    ? `SELECT ${opts.select} FROM ${opts.from} WHERE (${opts.key}) IN (SELECT ${opts.key} FROM ${opts.from} ${opts.where} ${page}) ORDER BY ${opts.orderBy}`
    : `SELECT ${opts.select} FROM ${opts.from} ${opts.where} ${page}`;
}

/** One page, each row made an item, and the total (capped at COUNT_CAP) of a filtered table. */
export async function pageOf<R, T>(
  q: Queryable,
  opts: { from: string; select: string; where: Where; orderBy: string; offset: number; limit: number; key?: string },
  item: (row: R) => T,
): Promise<{ items: T[]; total: number; capped: boolean }> {
  // Both texts come from the code and the filters present, never from values: a bounded set,
  // so each is prepared once per connection and not parsed again for every page.
  // The count, usually the longer of the two, is sent first.
  const [count, rows] = await Promise.all([
    q.query<{ n: string }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM ${opts.from} ${opts.where} LIMIT ${COUNT_CAP + 1}) capped`,
      opts.where.params,
      { prepare: true },
    ),
    q.query<R>(pageSql(opts), [...opts.where.params, opts.limit, opts.offset], { prepare: true }),
  ]);
  const counted = Number(count.rows[0]!.n);
  return { items: rows.rows.map(item), total: Math.min(counted, COUNT_CAP), capped: counted > COUNT_CAP };
}

export const iso = (d: Date | string | null | undefined): string | null =>
  d === null || d === undefined ? null : new Date(d).toISOString();

type Scalar = string | number | boolean | null;

/**
 * Inserts `rows` in one statement: one array per column, unnested (`INSERT ... SELECT FROM
 * unnest(...) ON CONFLICT (conflict) DO NOTHING`), so a batch is stored whole or, if the statement
 * fails, not at all. `types` names each column and its type; the first column tells the rows of a
 * batch apart. Returns the first column's value of each row stored (not of the conflicts).
 *
 * With `late`, the same statement marks in audit_changed_days the days before yesterday (UTC)
 * that a stored row falls on, by that time column: days already rolled up that changed.
 * With `then`, the same statement also runs those data-modifying CTEs over `ins`, the rows
 * stored (not the conflicts), which return the named columns too.
 */
export async function insertBatch<R extends { [K in keyof R]: Scalar }>(
  q: Queryable,
  table: string,
  types: Record<keyof R, string>,
  rows: R[],
  conflict: string,
  late?: { source: string; column: keyof R & string },
  then?: { returning: Array<keyof R & string>; ctes: (ins: string) => string },
): Promise<string[]> {
  if (rows.length === 0) return [];
  const cols = Object.keys(types) as Array<keyof R & string>;
  const arrays = cols.map((col, i) => `$${i + 1}::${types[col]}[]`);
  const returning = [`${cols[0]} AS key`, ...(late ? [`${late.column} AS at`] : []), ...(then?.returning ?? [])];
  const insert = `INSERT INTO ${table} (${cols.join(", ")}) SELECT * FROM unnest(${arrays.join(", ")})
     ON CONFLICT (${conflict}) DO NOTHING RETURNING ${returning.join(", ")}`;
  // Each column one parameter, sent to PostgreSQL in binary form (see ColumnParam).
  const column = (col: keyof R & string) => {
    const values = rows.map((r) => r[col]);
    return new ColumnParam(types[col], values);
  };
  const params: unknown[] = cols.map(column);
  const ctes = [`ins AS (${insert})`];
  if (late) {
    params.push(late.source);
    const day = "(ins.at AT TIME ZONE 'UTC')::date";
    // Days already marked are left alone, so that batches of the same late day do not wait on one another.
    ctes.push(`mark AS (INSERT INTO audit_changed_days (source, day)
                SELECT DISTINCT $${params.length}, ${day} FROM ins
                 WHERE ${day} < (now() AT TIME ZONE 'UTC')::date - 1
                   AND NOT EXISTS (SELECT 1 FROM audit_changed_days d WHERE d.source = $${params.length} AND d.day = ${day})
                ON CONFLICT DO NOTHING)`);
  }
  if (then) ctes.push(then.ctes("ins"));
  const sql = ctes.length === 1 ? insert : `WITH ${ctes.join(",\n")}\n     SELECT key FROM ins`;
  // The text depends on the table alone: prepared once per connection.
  const { rows: out } = await q.query<{ key: string }>(sql, params, { prepare: true });
  return out.map((r) => r.key);
}
