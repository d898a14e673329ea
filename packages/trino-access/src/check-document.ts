import { patternProblem } from "./pattern.js";
import { problemsOf, type Problem } from "./problems.js";
import { SECTIONS, TrinoRulesDocument } from "./schema.js";

/** The fields of a table rule that name whom it applies to; the rest is its body. */
const PRINCIPAL = ["user", "role", "group"] as const;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Why Trino would refuse to load `doc`, each problem by its path, or [] when it would load it:
 * the same problems as parseRules finds, without building the typed document.
 *
 * A compiled publication repeats one table rule for many principals (everything a user gets on
 * a table is merged into their own rule), so each distinct rule body is checked once and the
 * principals' patterns on their own; problems keep the order of the document.
 */
export function documentProblems(doc: unknown): Problem[] {
  if (!isPlainObject(doc) || !Array.isArray(doc.tables)) {
    const r = TrinoRulesDocument.safeParse(doc);
    return r.success ? [] : problemsOf(r.error);
  }
  const bodies: unknown[] = [];
  /** For each distinct body, the first rule that has it. */
  const firstOf: number[] = [];
  const seen = new Map<string, number>();
  const principalProblems: Problem[] = [];
  doc.tables.forEach((rule, i) => {
    if (!isPlainObject(rule)) {
      bodies.push(rule);
      firstOf.push(i);
      return;
    }
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(rule)) {
      // A pattern (or a null, read as absent) is checked here; any other value stays for the schema to name.
      if ((PRINCIPAL as readonly string[]).includes(k) && (typeof v === "string" || v === null)) {
        const why = typeof v === "string" ? patternProblem(v, false) : null;
        if (why) principalProblems.push({ path: `tables.${i}.${k}`, message: why });
      } else body[k] = v;
    }
    const key = JSON.stringify(body);
    if (seen.has(key)) return;
    seen.set(key, bodies.length);
    bodies.push(body);
    firstOf.push(i);
  });
  const r = TrinoRulesDocument.safeParse({ ...doc, tables: bodies });
  const found = r.success ? [] : problemsOf(r.error);
  // A body's problems are named at the first rule that has it, the rule Trino would stop at.
  const named = found.map((p) => {
    const m = /^tables\.(\d+)(\..*)?$/.exec(p.path);
    return m ? { ...p, path: `tables.${firstOf[Number(m[1])]}${m[2] ?? ""}` } : p;
  });
  const rank = (p: Problem) => {
    const [section, index] = p.path.split(".");
    const s = SECTIONS.indexOf(section as (typeof SECTIONS)[number]);
    return [s < 0 ? SECTIONS.length : s, section === "tables" ? Number(index) : 0] as const;
  };
  // Stable: within one rule, and outside the tables, the schema's own order is kept.
  return [...named, ...principalProblems].sort((a, b) => {
    const [sa, ia] = rank(a);
    const [sb, ib] = rank(b);
    return sa - sb || ia - ib;
  });
}
