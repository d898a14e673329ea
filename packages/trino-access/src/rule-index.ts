import type { Matcher } from "./pattern.js";

/**
 * Finds the first rule of a section that matches, looking only at rules that can match.
 * Each rule is filed under one field that it names literally (a plain name or an alternation
 * of names); a rule naming none is kept aside and always looked at. A check walks the few lists
 * its names select, in file order.
 */
export interface Indexed {
  /** Position in the section (defaults come after the document's rules). */
  readonly order: number;
}

export type Key = "user" | "group" | "catalog" | "schema" | "table";
export type Names = Partial<Record<Exclude<Key, "group">, string>> & { groups?: readonly string[] };

export class RuleIndex<R extends Indexed> {
  private readonly byKey = new Map<Key, Map<string, number[]>>();
  private readonly rest: number[] = [];
  private readonly user: Map<string, number[]> | undefined;
  private readonly group: Map<string, number[]> | undefined;
  private readonly catalog: Map<string, number[]> | undefined;
  private readonly schema: Map<string, number[]> | undefined;
  private readonly table: Map<string, number[]> | undefined;

  constructor(
    readonly rules: readonly R[],
    keys: readonly Key[],
    fieldOf: (rule: R, key: Key) => Matcher | null,
  ) {
    // Each rule goes under the field whose names are shared by the fewest rules, so that a
    // check's lists stay short whatever the document's shape (per user, per table, per group).
    const counts = new Map<string, number>();
    const literalsOf = (rule: R, key: Key) => fieldOf(rule, key)?.literals ?? null;
    for (const rule of rules)
      for (const key of keys)
        for (const lit of literalsOf(rule, key) ?? [])
          counts.set(`${key}\0${lit}`, (counts.get(`${key}\0${lit}`) ?? 0) + 1);
    rules.forEach((rule, n) => {
      let best: { key: Key; lits: readonly string[]; size: number } | null = null;
      for (const key of keys) {
        const lits = literalsOf(rule, key);
        if (!lits) continue;
        const size = lits.reduce((sum, lit) => sum + counts.get(`${key}\0${lit}`)!, 0);
        if (!best || size < best.size) best = { key, lits, size };
      }
      if (!best) {
        this.rest.push(n);
        return;
      }
      let m = this.byKey.get(best.key);
      if (!m) this.byKey.set(best.key, (m = new Map()));
      for (const lit of best.lits) {
        const list = m.get(lit);
        if (list) list.push(n);
        else m.set(lit, [n]);
      }
    });
    this.user = this.byKey.get("user");
    this.group = this.byKey.get("group");
    this.catalog = this.byKey.get("catalog");
    this.schema = this.byKey.get("schema");
    this.table = this.byKey.get("table");
  }

  /** Reused between checks (JavaScript runs one at a time): a check allocates no list of lists. */
  private readonly scratch: (readonly number[])[] = [];
  private readonly at: number[] = [];

  private add(m: Map<string, number[]> | undefined, v: string | undefined): void {
    if (m === undefined || v === undefined) return;
    const l = m.get(v);
    if (l !== undefined) this.scratch.push(l);
  }

  private lists(names: Names): (readonly number[])[] {
    const out = this.scratch;
    out.length = 0;
    if (this.rest.length > 0) out.push(this.rest);
    // Field by field rather than by key name: the same code path for every check.
    this.add(this.user, names.user);
    this.add(this.catalog, names.catalog);
    this.add(this.schema, names.schema);
    this.add(this.table, names.table);
    if (this.group !== undefined && names.groups !== undefined) for (const g of names.groups) this.add(this.group, g);
    return out;
  }

  /** The first rule in file order that satisfies `matches`, or undefined. */
  first(names: Names, matches: (rule: R) => boolean): R | undefined {
    const lists = this.lists(names);
    if (lists.length === 1) {
      for (const n of lists[0]!) if (matches(this.rules[n]!)) return this.rules[n];
      return undefined;
    }
    const at = this.at;
    at.length = lists.length;
    at.fill(0);
    for (;;) {
      let min = Infinity;
      for (let k = 0; k < lists.length; k++) {
        const v = lists[k]![at[k]!];
        if (v !== undefined && v < min) min = v;
      }
      if (min === Infinity) return undefined;
      for (let k = 0; k < lists.length; k++) if (lists[k]![at[k]!] === min) at[k] = at[k]! + 1;
      const rule = this.rules[min]!;
      if (matches(rule)) return rule;
    }
  }

  /** Whether any rule satisfies `matches` (order does not matter). */
  some(names: Names, matches: (rule: R) => boolean): boolean {
    const lists = this.lists(names);
    for (let k = 0; k < lists.length; k++) for (const n of lists[k]!) if (matches(this.rules[n]!)) return true;
    return false;
  }
}
