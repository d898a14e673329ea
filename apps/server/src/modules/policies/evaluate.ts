import type { CatalogAccess, Privilege } from "@console/contracts";
import { engineOf, type RulesObject } from "./engines.js";

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

/**
 * What Trino decides for a user on one table under these rules, asked of the rules engine
 * (catalog access from the first matching catalog rule; privileges, column rules and filter from
 * the first matching table rule, bounded by the catalog access). The console's screens read it
 * in this shape; `owner` catalog access reads as `all`.
 */
export function evaluate(rules: RulesObject, s: Subject, catalog: string, schema: string, table: string): Evaluation {
  const a = engineOf(rules).tableAccess({ user: s.user, groups: s.groups }, catalog, schema, table);
  return {
    catalogAccess: a.catalogAccess === "owner" ? "all" : a.catalogAccess,
    catalogRule: a.catalogRule,
    tableRule: a.tableRule,
    privileges: a.privileges,
    columns: new Map([...a.columns].map(([name, c]) => [name, { allow: c.allow, mask: c.mask }])),
    filter: a.filter,
  };
}
