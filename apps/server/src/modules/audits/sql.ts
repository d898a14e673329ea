import type { Queryable } from "../../platform/db/index.js";

/** `prefix%` for LIKE, with LIKE's own wildcards in the text taken literally. */
export function prefixPattern(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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

/** One page and the total of a filtered table, newest first. */
export async function pageOf<R>(
  q: Queryable,
  opts: { from: string; select: string; where: Where; orderBy: string; offset: number; limit: number },
): Promise<{ rows: R[]; total: number }> {
  const n = opts.where.params.length;
  const [rows, count] = await Promise.all([
    q.query<R>(
      `SELECT ${opts.select} FROM ${opts.from} ${opts.where} ORDER BY ${opts.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...opts.where.params, opts.limit, opts.offset],
    ),
    q.query<{ n: string }>(`SELECT count(*) AS n FROM ${opts.from} ${opts.where}`, opts.where.params),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]!.n) };
}

export const iso = (d: Date | string | null | undefined): string | null =>
  d === null || d === undefined ? null : new Date(d).toISOString();
