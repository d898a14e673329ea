/**
 * Hand-written checks for the ingest hot path. A batch holds thousands of entries, and checking
 * each against its zod schema costs several times the JSON parse. Each source checks an entry
 * with these first and, only when something is off, runs its zod schema, whose issue names the
 * field in the 400. So these must accept nothing the schema refuses and give what it gives; the
 * tests compare both on the same entries (audits-ingest-shape.test.ts).
 */

/** What a check returns for a value the schema would refuse: the entry goes to the schema. */
export const BAD: unique symbol = Symbol("bad");
export type Bad = typeof BAD;

export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** A string of min..max characters (as zod counts them: UTF-16 units). */
export const isText = (v: unknown, min: number, max: number): v is string =>
  typeof v === "string" && v.length >= min && v.length <= max;

/** `z.string().max(max).nullish()`. */
export const isOptText = (v: unknown, max: number): v is string | null | undefined =>
  v === undefined || v === null || (typeof v === "string" && v.length <= max);

/** `z.number().nullish()`. */
export const isOptNumber = (v: unknown): v is number | null | undefined =>
  v === undefined || v === null || (typeof v === "number" && Number.isFinite(v));

/** `z.number().int().nullish()`. */
export const isOptInt = (v: unknown): v is number | null | undefined =>
  v === undefined || v === null || (typeof v === "number" && Number.isSafeInteger(v));

/** `z.record(z.string(), z.unknown()).nullish()`. */
export const isOptRecord = (v: unknown): v is Record<string, unknown> | null | undefined =>
  v === undefined || v === null || isObject(v);

/** A nullish value as it is, else `convert` of it (BAD when it does not convert). */
export function nullish<T>(v: unknown, convert: (v: unknown) => T | Bad): T | null | undefined | Bad {
  return v === undefined || v === null ? v : convert(v);
}
