import type { CatalogAccess, TrinoTableRule } from "@console/contracts";
import { privilegeList, WRITE_BITS, type ColumnRule, type Entry, type Scope } from "./entries.js";

const ACCESS_RANK: Record<CatalogAccess, number> = { none: 0, "read-only": 1, all: 2 };
export const stronger = (a: CatalogAccess | undefined, b: CatalogAccess | undefined) =>
  a === undefined ? b : b === undefined || ACCESS_RANK[a] >= ACCESS_RANK[b] ? a : b;
export const outranks = (a: CatalogAccess, b: CatalogAccess) => ACCESS_RANK[a] > ACCESS_RANK[b];

/** Precedence between policies: the lower priority number first, then the lower id. */
export const before = (a: Entry, b: Entry) =>
  a.priority < b.priority || (a.priority === b.priority && a.policyId < b.policyId);

/** The entries that apply on one scope, one per policy (the most specific), with what they give together. */
export interface Applying {
  /** In precedence order. */
  entries: Entry[];
  privileges: number;
  access: CatalogAccess | undefined;
  owner: boolean;
  /** No entry masks a column or filters rows: the rule is its privileges alone. */
  plain: boolean;
  /** Some entry denies (a catalog or schema policy with access none): nothing is allowed. */
  denied: boolean;
  /** Everyone's content on a scope, made once and shared by every user's rule that adds nothing to it. */
  content?: Content;
}

/** What a published rule holds besides its principal and scope. */
export interface Content {
  privileges: TrinoTableRule["privileges"];
  /** Shared by the rules made of the same entries. */
  columns: TrinoTableRule["columns"];
  filter: string | undefined;
  /** Privileges a policy granted that the rule leaves out: their policy did not set its filter or masks. */
  dropped: number;
  /** The policies whose filter and masks the rule holds. */
  restrictedBy: number[];
}

export const NONE: Applying = Object.freeze({
  entries: [],
  privileges: 0,
  access: undefined,
  owner: false,
  plain: true,
  denied: false,
});

/**
 * Sorts `xs` in place by `less`. The lists sorted for each rule (a scope's entries, a rule's
 * policy ids) hold a few items: an insertion sort, as the engine's sort allocates work space and
 * calls the comparator for each pair, tens of thousands of times in a Sync.
 */
export function sortSmall<T>(xs: T[], less: (a: T, b: T) => boolean): T[] {
  if (xs.length > 64) return xs.sort((a, b) => (less(a, b) ? -1 : less(b, a) ? 1 : 0));
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i]!;
    let j = i - 1;
    for (; j >= 0 && less(x, xs[j]!); j--) xs[j + 1] = xs[j]!;
    xs[j + 1] = x;
  }
  return xs;
}

/** Entries on the scope and the scopes that cover it (own key first, then schema, then catalog). */
export function gather(index: Map<string, Entry[]>, scope: Scope): Applying {
  let entries: Entry[] | undefined;
  let single = true;
  for (let c = 0; c < scope.covering.length; c++) {
    const found = index.get(scope.covering[c]!);
    if (!found) continue;
    if (!entries) entries = found;
    else {
      // A policy counts once, on its most specific scope: drop its entries further up.
      // Usually a handful: a scan; a Set only where many policies meet on one scope.
      const few = entries.length <= 16;
      const taken = few ? entries : new Set(entries.map((e) => e.policyId));
      const more = found.filter((e) =>
        few ? !(taken as Entry[]).some((t) => t.policyId === e.policyId) : !(taken as Set<number>).has(e.policyId),
      );
      if (more.length > 0) {
        entries = [...entries, ...more];
        single = false;
      }
    }
  }
  if (!entries) return NONE;
  if (!single || entries.length > 1) entries = sortSmall(entries.slice(), before);
  let privileges = 0;
  let access: CatalogAccess | undefined;
  let owner = false;
  let plain = true;
  let denied = false;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    privileges |= e.privileges;
    access = stronger(access, e.catalogAccess);
    owner ||= e.owner;
    if (e.filter !== null || e.columns) plain = false;
    if (e.privileges === 0) denied = true;
  }
  return { entries, privileges, access, owner, plain, denied };
}

const plainContents = new Map<number, Content>();

export const DENIED: Content = Object.freeze({
  privileges: privilegeList(0),
  columns: undefined,
  filter: undefined,
  dropped: 0,
  restrictedBy: [],
});

/**
 * Merges what a principal's own entries and everyone's give on one scope into one rule's
 * content (docs/policies.md, "How restrictions combine"): a deny wins over every grant; walking
 * the policies in precedence order, the first to mask a column decides its mask and the first
 * to filter the rows decides the filter; reading is the union of the grants, and a privilege that
 * writes (INSERT, DELETE, UPDATE, OWNERSHIP) is kept only when a policy granting it set exactly
 * that filter and those masks, as Trino's row filter also decides which rows a write reaches. A
 * policy that grants without restricting never lifts another's mask or filter.
 */
export function content(own: Applying, all: Applying): Content {
  if (own.denied || all.denied) return DENIED;
  const privileges = own.privileges | all.privileges;
  if (own.plain && all.plain) {
    let c = plainContents.get(privileges);
    if (!c)
      plainContents.set(
        privileges,
        (c = {
          privileges: privilegeList(privileges),
          columns: undefined,
          filter: undefined,
          dropped: 0,
          restrictedBy: [],
        }),
      );
    return c;
  }
  if (own.entries.length === 0) return (all.content ??= walk(all, NONE));
  return walk(own, all);
}

const sameRule = (a: ColumnRule | undefined, b: ColumnRule) =>
  a !== undefined && ("mask" in a ? "mask" in b && a.mask === b.mask : !("mask" in b));

/** Whether an entry sets exactly these column rules (the rule's masks are all its own). */
function sameColumns(own: Map<string, ColumnRule> | null, columns: Map<string, ColumnRule>): boolean {
  let same = true;
  columns.forEach((rule, name) => (same &&= sameRule(own?.get(name), rule)));
  return same;
}

/**
 * Walks the entries of `a` and `b` in precedence order. Loops here and in gather are indexed and
 * Maps walked with forEach: the first Sync after a start runs this code before it is optimised,
 * where each step of a for-of allocates, tens of thousands of times.
 */
function walk(a: Applying, b: Applying): Content {
  const x = a.entries;
  const y = b.entries;
  let columns: Map<string, ColumnRule> | undefined;
  let filter: string | undefined;
  const merged: Entry[] = [];
  const restrictedBy: number[] = [];
  for (let i = 0, j = 0; i < x.length || j < y.length;) {
    const e = j >= y.length || (i < x.length && before(x[i]!, y[j]!)) ? x[i++]! : y[j++]!;
    merged.push(e);
    if (e.columns)
      e.columns.forEach((rule, name) => {
        columns ??= new Map();
        if (!columns.has(name)) {
          columns.set(name, rule);
          if (!restrictedBy.includes(e.policyId)) restrictedBy.push(e.policyId);
        }
      });
    if (filter === undefined && e.filter !== null) {
      filter = e.filter;
      if (!restrictedBy.includes(e.policyId)) restrictedBy.push(e.policyId);
    }
  }
  // Reading is the union; a write survives through a policy that set this very filter and these masks.
  const all = a.privileges | b.privileges;
  let kept = all & ~WRITE_BITS;
  for (let i = 0; i < merged.length; i++) {
    const e = merged[i]!;
    if ((e.filter ?? undefined) !== filter) continue;
    if (columns && !sameColumns(e.columns, columns)) continue;
    kept |= e.privileges;
  }
  let list: TrinoTableRule["columns"];
  if (columns) {
    const out: NonNullable<TrinoTableRule["columns"]> = [];
    columns.forEach((r, name) => out.push("mask" in r ? { name, mask: r.mask } : { name, allow: false }));
    list = out;
  }
  return {
    privileges: privilegeList(kept),
    columns: list,
    filter,
    dropped: all & ~kept,
    restrictedBy: restrictedBy.length > 1 ? restrictedBy.sort((x, y) => x - y) : restrictedBy,
  };
}
