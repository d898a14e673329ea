import type { Matcher } from "./pattern.js";

/**
 * Finds the first rule of a section that matches, looking only at rules that can match.
 * Each rule is filed under one field that it names literally (a plain name or an alternation
 * of names), chosen in the section's order of selectivity; a rule naming none is kept aside and
 * always looked at. A check walks the few lists its names select, in file order.
 */
export interface Indexed {
  /** Position in the section (defaults come after the document's rules). */
  readonly order: number;
}

export type Key = "user" | "group" | "catalog" | "schema" | "table";
export type Names = Partial<Record<Exclude<Key, "group">, string>> & { groups?: readonly string[] };

const EMPTY: readonly number[] = [];

export class RuleIndex<R extends Indexed> {
  private readonly byKey = new Map<Key, Map<string, number[]>>();
  private readonly rest: number[] = [];

  constructor(
    readonly rules: readonly R[],
    private readonly keys: readonly Key[],
    fieldOf: (rule: R, key: Key) => Matcher | null,
  ) {
    rules.forEach((rule, n) => {
      for (const key of keys) {
        const lits = fieldOf(rule, key)?.literals;
        if (!lits) continue;
        let m = this.byKey.get(key);
        if (!m) this.byKey.set(key, (m = new Map()));
        for (const lit of lits) {
          const list = m.get(lit);
          if (list) list.push(n);
          else m.set(lit, [n]);
        }
        return;
      }
      this.rest.push(n);
    });
  }

  private lists(names: Names): (readonly number[])[] {
    const out: (readonly number[])[] = [];
    if (this.rest.length > 0) out.push(this.rest);
    for (const key of this.keys) {
      const m = this.byKey.get(key);
      if (!m) continue;
      if (key === "group") {
        for (const g of names.groups ?? EMPTY) {
          const l = m.get(g as string);
          if (l) out.push(l);
        }
      } else {
        const v = names[key];
        const l = v === undefined ? undefined : m.get(v);
        if (l) out.push(l);
      }
    }
    return out;
  }

  /** The first rule in file order that satisfies `matches`, or undefined. */
  first(names: Names, matches: (rule: R) => boolean): R | undefined {
    const lists = this.lists(names);
    if (lists.length === 1) {
      for (const n of lists[0]!) if (matches(this.rules[n]!)) return this.rules[n];
      return undefined;
    }
    const at = new Array<number>(lists.length).fill(0);
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
    for (const list of this.lists(names)) for (const n of list) if (matches(this.rules[n]!)) return true;
    return false;
  }
}
