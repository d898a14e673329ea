import { problemsOf, type Problem } from "./problems.js";
import { isPlainObject, quickTableRuleOk } from "./quick-table-rule.js";
import { SECTIONS, TableRule, TrinoRulesDocument } from "./schema.js";

/**
 * Why Trino would refuse to load `doc`, each problem by its path, or [] when it would load it:
 * the same problems as parseRules finds, without building the typed document.
 *
 * A compiled publication holds tens of thousands of table rules: each goes through a quick check
 * that accepts only what the schema accepts (quick-table-rule.ts), and only a rule it does not
 * accept through the schema, which names the problems. The other sections are small and go
 * through the schema whole. Problems keep the order of the document.
 */
export function documentProblems(doc: unknown): Problem[] {
  if (!isPlainObject(doc) || !Array.isArray(doc.tables)) {
    const r = TrinoRulesDocument.safeParse(doc);
    return r.success ? [] : problemsOf(r.error);
  }
  const tableProblems: Problem[] = [];
  const shared = new Map<unknown, boolean>();
  doc.tables.forEach((rule, i) => {
    if (quickTableRuleOk(rule, shared)) return;
    const r = TableRule.safeParse(rule);
    if (!r.success)
      for (const p of problemsOf(r.error))
        tableProblems.push({ path: p.path ? `tables.${i}.${p.path}` : `tables.${i}`, message: p.message });
  });
  const r = TrinoRulesDocument.safeParse({ ...doc, tables: [] });
  const found = r.success ? [] : problemsOf(r.error);
  const rank = (p: Problem) => {
    const [section, index] = p.path.split(".");
    const s = SECTIONS.indexOf(section as (typeof SECTIONS)[number]);
    return [s < 0 ? SECTIONS.length : s, section === "tables" ? Number(index) : 0] as const;
  };
  // Stable: within one rule, and outside the tables, the schema's own order is kept.
  return [...found, ...tableProblems].sort((a, b) => {
    const [sa, ia] = rank(a);
    const [sb, ib] = rank(b);
    return sa - sb || ia - ib;
  });
}
