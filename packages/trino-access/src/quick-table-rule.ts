import { patternProblem } from "./pattern.js";
import { TABLE_PRIVILEGES } from "./schema.js";

/*
 * A quick check of one table rule, for documents of tens of thousands of rules (a compiled
 * publication). It accepts only what the schema (TableRule in schema.ts) accepts; whatever it
 * does not accept goes to the schema, which names the problem. It may refuse more than the
 * schema: a refusal here only costs the schema's slower check.
 */

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const PRIVILEGES = new Set<string>(TABLE_PRIVILEGES);
/** Verdicts on principal patterns (user, role, group) and on name patterns (catalog, schema, table). */
const principalVerdicts = new Map<string, boolean>();
const nameVerdicts = new Map<string, boolean>();

/**
 * Whether a pattern compiles; kept by its text, as a publication repeats the same few. One map
 * per kind, keyed by the text itself: a key made by joining the kind to the text would be a new
 * string to hash for each of a publication's tens of thousands of patterns.
 */
function patternOk(v: unknown, names: boolean): boolean {
  if (typeof v !== "string") return false;
  const verdicts = names ? nameVerdicts : principalVerdicts;
  let ok = verdicts.get(v);
  if (ok === undefined) {
    if (verdicts.size >= 20_000) verdicts.clear();
    ok = patternProblem(v, names) === null;
    verdicts.set(v, ok);
  }
  return ok;
}

/** `{user?: string}`, a null being an absent value. */
function environmentOk(v: unknown): boolean {
  if (v === null) return true;
  if (!isPlainObject(v)) return false;
  for (const k in v) {
    if (!Object.hasOwn(v, k)) continue;
    if (k !== "user") return false;
    const u = v[k];
    if (u !== null && typeof u !== "string") return false;
  }
  return true;
}

function columnsOk(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  // A rule masks a few columns: a repeated name is looked for in the list itself (a Set past that).
  const names = v.length > 16 ? new Set<string>() : null;
  for (let i = 0; i < v.length; i++) {
    const c: unknown = v[i];
    if (!isPlainObject(c) || typeof c.name !== "string") return false;
    if (names) {
      if (names.has(c.name)) return false;
      names.add(c.name);
    } else for (let j = 0; j < i; j++) if ((v[j] as { name: string }).name === c.name) return false;
    for (const k in c) {
      if (!Object.hasOwn(c, k)) continue;
      const x = c[k];
      if (x === null || k === "name") continue;
      if (
        k === "allow"
          ? typeof x !== "boolean"
          : k === "mask"
            ? typeof x !== "string"
            : k === "mask_environment"
              ? !environmentOk(x)
              : true
      )
        return false;
    }
  }
  return true;
}

function privilegesOk(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (const p of v) if (typeof p !== "string" || !PRIVILEGES.has(p.toUpperCase())) return false;
  return true;
}

/**
 * Verdicts on the lists one document's rules share (a compiled publication's rules share their
 * privileges and their masks, list by list): kept for one check of one document, which no one
 * changes meanwhile.
 */
export type SharedLists = Map<unknown, boolean>;

function sharedOk(v: unknown, ok: (v: unknown) => boolean, shared: SharedLists | undefined): boolean {
  if (!shared) return ok(v);
  let verdict = shared.get(v);
  if (verdict === undefined) shared.set(v, (verdict = ok(v)));
  return verdict;
}

/** True when the schema would accept `rule` as a table rule (false: ask the schema). */
export function quickTableRuleOk(rule: unknown, shared?: SharedLists): boolean {
  if (!isPlainObject(rule) || !sharedOk(rule.privileges, privilegesOk, shared)) return false;
  for (const k in rule) {
    if (!Object.hasOwn(rule, k)) continue;
    const v = rule[k];
    if (v === null) continue;
    switch (k) {
      case "privileges":
        continue;
      case "user":
      case "role":
      case "group":
        if (!patternOk(v, false)) return false;
        continue;
      case "catalog":
      case "schema":
      case "table":
        if (!patternOk(v, true)) return false;
        continue;
      case "columns":
        if (!sharedOk(v, columnsOk, shared)) return false;
        continue;
      case "filter":
        if (typeof v !== "string") return false;
        continue;
      case "filter_environment":
        if (!environmentOk(v)) return false;
        continue;
      default:
        return false;
    }
  }
  return true;
}
