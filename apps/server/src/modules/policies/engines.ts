import type { TrinoRules } from "@console/contracts";
import { compileEngine, documentProblems, parseRules, type Engine, type Problem } from "@console/trino-access";

/** Rules as the console publishes them or reads them back: any object holding Trino's sections. */
export type RulesObject = Partial<TrinoRules> | Record<string, unknown>;

const engines = new WeakMap<object, Engine>();

/** Why Trino would refuse to load these rules, each problem by its path, or [] when it would load them. */
export function rulesProblems(rules: unknown): Problem[] {
  return documentProblems(rules);
}

/**
 * The rules engine for a set of rules, built once per rules object (a publication's rules never
 * change, and every screen asks about the same few). Every statement the console makes about
 * access goes through it (@console/trino-access), so there is one reading of Trino's semantics.
 */
export function engineOf(rules: RulesObject): Engine {
  let e = engines.get(rules);
  if (!e) {
    const parsed = parseRules(rules);
    if (!parsed.ok) {
      const p = parsed.problems[0]!;
      throw new Error(`the rules cannot be read as Trino reads them: ${p.path}: ${p.message}`);
    }
    e = compileEngine(parsed.rules);
    engines.set(rules, e);
  }
  return e;
}
