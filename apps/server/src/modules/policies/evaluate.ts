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
    const i = rules.catalogs.findIndex((r) => principalMatches(r, s) && matches(r.catalog, catalog));
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
    const i = rules.tables.findIndex(
      (r) =>
        principalMatches(r, s) && matches(r.catalog, catalog) && matches(r.schema, schema) && matches(r.table, table),
    );
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
