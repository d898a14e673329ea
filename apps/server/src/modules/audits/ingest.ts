import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Queryable } from "../../platform/db/index.js";
import { HttpError, unauthorized } from "../../platform/errors.js";

/** The body as entries: a JSON object, a JSON array, or newline-delimited JSON (one entry a line). */
export function splitEntries(body: string): Array<{ ok: true; value: unknown } | { ok: false; problem: string }> {
  const text = body.trim();
  if (text === "") return [];
  let values: Array<{ ok: true; value: unknown } | { ok: false; problem: string }>;
  try {
    const whole = JSON.parse(text) as unknown;
    values = (Array.isArray(whole) ? whole : [whole]).map((value) => ({ ok: true as const, value }));
  } catch {
    // Not one JSON document: newline-delimited entries.
    values = text
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "")
      .map((line) => {
        try {
          return { ok: true as const, value: JSON.parse(line) as unknown };
        } catch {
          return { ok: false as const, problem: "is not valid JSON" };
        }
      });
  }
  // JSON can carry U+0000 only escaped; the entries are searched only when the text has one.
  if (!text.includes("\\u0000")) return values;
  return values.map((v) => {
    const at = v.ok ? nulPath(v.value) : null;
    return at === null
      ? v
      : { ok: false as const, problem: `${at || "entry"} holds a NUL character (U+0000), which cannot be stored` };
  });
}

/**
 * Where `value` holds U+0000 in a string or a key, as a dotted path ("" for the value itself),
 * or null. PostgreSQL's text and jsonb cannot store it: one such entry would fail its batch.
 */
export function nulPath(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (value === null || typeof value !== "object") return null;
  for (const [k, v] of Object.entries(value)) {
    const at = path ? `${path}.${k}` : k;
    if (k.includes("\u0000")) return at;
    const found = nulPath(v, at);
    if (found !== null) return found;
  }
  return null;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Checks a shared token; `bearer` also accepts it after "Bearer " (MinIO sends what it was given). */
export function checkToken(req: FastifyRequest, header: string, expected: string, bearer = false): void {
  const given = req.headers[header.toLowerCase()];
  const value = Array.isArray(given) ? given[0] : given;
  if (!value) throw unauthorized("The ingest token is missing.", `the ${header} header is required`);
  const ok =
    same(value, expected) || (bearer && (same(value, `Bearer ${expected}`) || same(`Bearer ${value}`, expected)));
  if (!ok) throw unauthorized("The ingest token is not valid.", `the ${header} header does not match`);
}

export interface IngestOutcome {
  accepted: number;
  stored: number;
  duplicates: number;
  ignored: number;
  rejected: Array<{ index: number; problem: string }>;
}

/** How one system's entries are read and stored. */
export interface IngestSource<E, R> {
  /** The entry as stored, ignored (an event of a kind not kept), or what is wrong with it. */
  parse(raw: unknown): { ok: true; entry: E } | { ok: false; ignored?: boolean; problem?: string };
  /** Stores the batch in one statement, each entry at most once; returns the rows it stored. */
  store(q: Queryable, entries: E[]): Promise<R[]>;
}

/**
 * Reads a batch (up to thousands of entries) and stores its good entries in one statement: all of
 * them or, if the statement fails, none. Returns the outcome and the rows stored (not the
 * duplicates), for whatever else is to be done with them after the insert.
 */
export async function ingestBatch<E, R>(
  q: Queryable,
  body: string,
  source: IngestSource<E, R>,
): Promise<{ outcome: IngestOutcome; stored: R[] }> {
  const outcome: IngestOutcome = { accepted: 0, stored: 0, duplicates: 0, ignored: 0, rejected: [] };
  const good: E[] = [];
  splitEntries(body).forEach((e, index) => {
    if (!e.ok) return outcome.rejected.push({ index, problem: e.problem });
    const r = source.parse(e.value);
    if (r.ok) good.push(r.entry);
    else if (r.ignored) outcome.ignored++;
    else outcome.rejected.push({ index, problem: r.problem ?? "is not valid" });
  });
  outcome.accepted = good.length;
  const stored = await source.store(q, good);
  outcome.stored = stored.length;
  outcome.duplicates = outcome.accepted - outcome.stored;
  return { outcome, stored };
}

/** 200 when every entry was good; otherwise 400 naming the bad ones (the good ones are kept). */
export function answer(system: string, o: IngestOutcome) {
  const body = { accepted: o.accepted, stored: o.stored, duplicates: o.duplicates, ignored: o.ignored };
  if (o.rejected.length === 0) return body;
  const shown = o.rejected.slice(0, 5).map((r) => `entry ${r.index + 1}: ${r.problem}`);
  const more = o.rejected.length > 5 ? `; and ${o.rejected.length - 5} more` : "";
  const fields: Record<string, string[]> = {};
  for (const r of o.rejected.slice(0, 100)) fields[`entries[${r.index}]`] = [r.problem];
  throw new HttpError(
    400,
    `${o.rejected.length} of ${o.rejected.length + o.accepted + o.ignored} ${system} entries were rejected (${shown.join("; ")}${more}); the other entries were stored.`,
    `stored ${o.stored}, duplicates ${o.duplicates}, ignored ${o.ignored}`,
    `entries[${o.rejected[0]!.index}]`,
    {},
    fields,
  );
}
