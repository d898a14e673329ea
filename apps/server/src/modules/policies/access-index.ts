import type { TrinoRules } from "@console/contracts";
import type { Engine, TableAccess } from "@console/trino-access";
import { engineOf } from "./engines.js";

/** The name a pattern matches when it is a plain (escaped) name; "*" for a pattern or no pattern. */
export function nameOf(pattern: string | undefined): string {
  if (pattern === undefined || !/^(?:[^\\^$.*+?()[\]{}|]|\\[\\^$.*+?()[\]{}|-])*$/.test(pattern)) return "*";
  return pattern.replace(/\\(.)/g, "$1");
}

/** A user name no rule can name (user names have no control characters): it stands for "any other user". */
const ANYONE = "\u0000anyone";
const SHARED_KEPT = 200_000;

interface RuleFields {
  user?: string;
  group?: string;
  role?: string;
  catalog?: string;
}

/**
 * Decides many users on the same tables with the rules engine, for the reverse view and access
 * reviews. The console's rules name users exactly (groups are expanded at Sync), so a user whose
 * name no rule of a catalog names is decided in that catalog exactly as any other such user with
 * the same groups: that answer is asked of the engine once and shared. When the rules hold a user
 * pattern (a rules file's), a `{user}` placeholder or a rule over every catalog for one user,
 * nothing is shared and every user is asked of the engine.
 */
export class AccessIndex {
  readonly engine: Engine;
  /** Per user named by a rule: the catalogs their own rules name ("*": any). */
  private readonly own = new Map<string, Set<string>>();
  private readonly shareable: boolean;
  /** Whether a rule names a group (then users with other groups are told apart). */
  private readonly groupAware: boolean;
  private readonly shared = new Map<string, TableAccess>();

  constructor(rules: TrinoRules) {
    this.engine = engineOf(rules);
    let shareable = !JSON.stringify(rules).includes("{user}");
    let groupAware = false;
    const sections = [rules.catalogs, rules.schemas, rules.tables] as unknown as RuleFields[][];
    for (const list of sections)
      for (const r of list ?? []) {
        if (r.group !== undefined) groupAware = true;
        if (r.user === undefined) continue;
        const user = nameOf(r.user);
        if (user === "*") {
          shareable = false;
          continue;
        }
        const set = this.own.get(user) ?? this.own.set(user, new Set()).get(user)!;
        set.add(nameOf(r.catalog));
      }
    this.shareable = shareable;
    this.groupAware = groupAware;
  }

  /** The engine's tableAccess for this user and table (shared with users decided the same way). */
  tableAccess(s: { user: string; groups: readonly string[] }, c: string, schema: string, table: string): TableAccess {
    const own = this.own.get(s.user);
    if (!this.shareable || (own && (own.has(c) || own.has("*")))) return this.engine.tableAccess(s, c, schema, table);
    const key = `${this.groupAware ? [...s.groups].sort().join("\u0001") : ""}\u0000${c}\u0000${schema}\u0000${table}`;
    let a = this.shared.get(key);
    if (!a) {
      a = this.engine.tableAccess({ user: ANYONE, groups: s.groups }, c, schema, table);
      if (this.shared.size >= SHARED_KEPT) this.shared.clear();
      this.shared.set(key, a);
    }
    return a;
  }

  /** Whether the user's catalog access is other than none (Trino's AccessCatalog). */
  canAccessCatalog(s: { user: string; groups: readonly string[] }, c: string): boolean {
    return this.engine.check({
      context: { identity: { user: s.user, groups: [...s.groups] } },
      action: { operation: "AccessCatalog", resource: { catalog: { name: c } } },
    }) as boolean;
  }

  /** Whether Trino lists the schema to the user (any table privilege in it, or its ownership). */
  canSeeSchema(s: { user: string; groups: readonly string[] }, c: string, schema: string): boolean {
    return this.engine.check({
      context: { identity: { user: s.user, groups: [...s.groups] } },
      action: { operation: "ShowTables", resource: { schema: { catalogName: c, schemaName: schema } } },
    }) as boolean;
  }
}

const indexes = new WeakMap<object, AccessIndex>();

/** One index per rules object (a publication's rules never change). */
export function accessIndexOf(rules: TrinoRules): AccessIndex {
  let i = indexes.get(rules);
  if (!i) indexes.set(rules, (i = new AccessIndex(rules)));
  return i;
}
