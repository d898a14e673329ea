import type { CatalogAccess, Privilege, TrinoRules } from "@console/contracts";

export interface Subject {
  user: string;
  groups: string[];
}

export interface Evaluation {
  catalogAccess: CatalogAccess;
  catalogRule: number | null;
  tableRule: number | null;
  privileges: Privilege[];
  /** Column rules of the matching table rule, by column name. */
  columns: Map<string, { allow: boolean; mask: string | null }>;
  filter: string | null;
}

const compiled = new Map<string, RegExp>();
/** Trino matches each pattern against the whole name. Patterns repeat a lot, so they are compiled once. */
function regex(pattern: string): RegExp {
  let r = compiled.get(pattern);
  if (!r) {
    if (compiled.size > 50_000) compiled.clear();
    try {
      r = new RegExp(`^(?:${pattern})$`, "u");
    } catch {
      r = /(?!)/; // A pattern Trino could not use either matches nothing.
    }
    compiled.set(pattern, r);
  }
  return r;
}

/** The name a pattern matches when it is a plain (escaped) name, else null. */
function literalOf(pattern: string | undefined): string | null {
  if (pattern === undefined) return null;
  if (!/^(?:[^\\^$.*+?()[\]{}|]|\\[\\^$.*+?()[\]{}|-])*$/.test(pattern)) return null;
  return pattern.replace(/\\(.)/g, "$1");
}

type Keyed = { user?: string; catalog?: string; schema?: string; table?: string };
const SEP = "\u0000";
const indexes = new WeakMap<object, Map<string, number[]>>();

/**
 * Candidate rules for a user and table, in file order: those naming each part exactly or by a
 * pattern. Large publications hold thousands of rules; a check looks only at those that can match.
 */
function candidates(rules: readonly Keyed[], parts: [string, string, string, string]): number[] {
  let buckets = indexes.get(rules);
  if (!buckets) {
    const b = new Map<string, number[]>();
    rules.forEach((r, i) => {
      const key = [r.user, r.catalog, r.schema, r.table].map((x) => literalOf(x) ?? "").join(SEP);
      const list = b.get(key);
      if (list) list.push(i);
      else b.set(key, [i]);
    });
    indexes.set(rules, b);
    buckets = b;
  }
  const out: number[] = [];
  const seen = new Set<string>();
  // Each part either named exactly or left to a pattern: 16 buckets at most.
  for (let mask = 0; mask < 16; mask++) {
    const key = parts.map((p, k) => (mask & (1 << k) ? p : "")).join(SEP);
    if (seen.has(key)) continue;
    seen.add(key);
    const list = buckets.get(key);
    if (list) for (const n of list) out.push(n);
  }
  return out.sort((a, b) => a - b);
}

const matches = (pattern: string | undefined, value: string) => pattern === undefined || regex(pattern).test(value);

interface Principal {
  user?: string;
  group?: string;
  role?: string;
}
/** `user` against the user name; `group` if any of the user's groups matches; roles are not used by the console. */
function principalMatches(rule: Principal, s: Subject): boolean {
  if (!matches(rule.user, s.user)) return false;
  if (rule.group !== undefined && !s.groups.some((g) => regex(rule.group!).test(g))) return false;
  return rule.role === undefined;
}

/**
 * What Trino decides for a user on one table under these rules: the first matching catalog rule
 * gives the catalog access, the first matching table rule the privileges, column rules and filter
 * (a missing section allows everything; no matching rule denies).
 */
export function evaluate(
  rules: Partial<TrinoRules>,
  s: Subject,
  catalog: string,
  schema: string,
  table: string,
): Evaluation {
  let catalogAccess: CatalogAccess = "all";
  let catalogRule: number | null = null;
  if (rules.catalogs) {
    catalogAccess = "none";
    const i =
      candidates(rules.catalogs, [s.user, catalog, "", ""]).find(
        (n) => principalMatches(rules.catalogs![n]!, s) && matches(rules.catalogs![n]!.catalog, catalog),
      ) ?? -1;
    if (i >= 0) {
      catalogRule = i;
      catalogAccess = rules.catalogs[i]!.allow;
    }
  }
  const out: Evaluation = {
    catalogAccess,
    catalogRule,
    tableRule: null,
    privileges: [],
    columns: new Map(),
    filter: null,
  };
  if (!rules.tables) {
    out.privileges = ["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP", "GRANT_SELECT"];
  } else {
    const tables = rules.tables;
    const i =
      candidates(tables, [s.user, catalog, schema, table]).find((n) => {
        const r = tables[n]!;
        return (
          principalMatches(r, s) && matches(r.catalog, catalog) && matches(r.schema, schema) && matches(r.table, table)
        );
      }) ?? -1;
    if (i >= 0) {
      const r = rules.tables[i]!;
      out.tableRule = i;
      out.privileges = [...r.privileges];
      for (const c of r.columns ?? []) out.columns.set(c.name, { allow: c.allow !== false, mask: c.mask ?? null });
      out.filter = r.filter ?? null;
    }
  }
  // The catalog rule bounds the table's: none denies it all, read-only keeps reading only.
  if (catalogAccess === "none") out.privileges = [];
  else if (catalogAccess === "read-only")
    out.privileges = out.privileges.filter((p) => p === "SELECT" || p === "GRANT_SELECT");
  return out;
}
