import { ANY, type Matcher } from "./pattern.js";
import type { Identity, Who } from "./who.js";

/**
 * "Could any rule grant something here" (AnyCatalogPermissionsRule, AnyCatalogSchemaPermissionsRule):
 * order does not matter, so the rules that name their principal (one user, one group or
 * everyone) and their catalog and schema literally become keys of a set, and a check is a few
 * lookups; only the other rules are matched one by one.
 */
export interface AnyRule extends Who {
  catalog: Matcher;
  schema?: Matcher;
}

const SEP = "\u0000";
const MAX_KEYS = 64;

export class AnyIndex<R extends AnyRule> {
  private readonly keys = new Map<string, R>();
  private readonly others: R[] = [];

  constructor(
    rules: readonly R[],
    private readonly withSchema: boolean,
  ) {
    for (const r of rules) {
      const principal = this.principalOf(r);
      const catalogs = r.catalog.literals;
      const schemas = withSchema ? r.schema?.literals : [""];
      if (principal === null || !catalogs || !schemas || catalogs.length * schemas.length > MAX_KEYS) {
        this.others.push(r);
        continue;
      }
      for (const c of catalogs)
        for (const s of schemas)
          if (!this.keys.has(principal + SEP + c + SEP + s)) this.keys.set(principal + SEP + c + SEP + s, r);
    }
  }

  /** `u:name`, `g:name`, `*` for a rule naming one user, one group or everyone; null otherwise. */
  private principalOf(r: R): string | null {
    if (r.role !== null) return null;
    // Only an absent user pattern matches every name: an explicit .* stops at line terminators.
    const user = r.user.literals;
    if (r.group === null) {
      if (r.user === ANY) return "*";
      return user && user.length === 1 ? `u:${user[0]}` : null;
    }
    const group = r.group.literals;
    return r.user === ANY && group && group.length === 1 ? `g:${group[0]}` : null;
  }

  /** A rule that could grant something in the catalog (and schema), or undefined. */
  find(id: Identity, catalog: string, schema: string): R | undefined {
    const tail = SEP + catalog + SEP + (this.withSchema ? schema : "");
    const found = this.keys.get(`u:${id.user}${tail}`) ?? this.keys.get(`*${tail}`);
    if (found) return found;
    for (const g of id.groups) {
      const r = this.keys.get(`g:${g}${tail}`);
      if (r) return r;
    }
    for (const r of this.others)
      if (
        r.who.matches(id) &&
        r.catalog.test(catalog, id.user) &&
        (!this.withSchema || r.schema!.test(schema, id.user))
      )
        return r;
    return undefined;
  }
}
