import {
  ALL,
  PRIVILEGES,
  TAG_CATEGORIES,
  TrinoRules,
  type CatalogAccess,
  type PolicyValues,
  type Privilege,
  type TrinoTableRule,
} from "@console/contracts";
import { checkExpression } from "./expression.js";
import { compileMask, compileRowFilters, exactRegex, PolicyProblem } from "./sql.js";

/** A policy as the compiler needs it; tag policies carry the tables their tags resolve to. */
export interface CompilePolicy extends Pick<
  PolicyValues,
  | "policyName"
  | "category"
  | "catalogName"
  | "schemaName"
  | "tables"
  | "tablePrivileges"
  | "config"
  | "columnDetails"
  | "rowFilters"
  | "customRowFilter"
  | "assignToUsers"
  | "assignToGroups"
> {
  id: number;
  priority: number;
  tagTables?: Array<{ schema: string; table: string }>;
}

export interface CompileProblem {
  policyId: number;
  policyName: string;
  field: string;
  message: string;
}

export interface Compiled {
  rules: TrinoRules;
  problems: CompileProblem[];
  policyCount: number;
}

const WRITE: Privilege[] = ["INSERT", "DELETE", "UPDATE", "OWNERSHIP"];
const ALL_PRIVILEGES: Privilege[] = ["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP"];
const ACCESS_RANK: Record<CatalogAccess, number> = { none: 0, "read-only": 1, all: 2 };

/** What one policy gives on one scope (a catalog, a schema or a table; "*" is everything below). */
interface Entry {
  policyId: number;
  priority: number;
  catalog: string;
  schema: string;
  table: string;
  /** scopeKey(catalog, schema, table), made once: every index and lookup uses it. */
  key: string;
  privileges: Privilege[];
  catalogAccess: CatalogAccess;
  owner: boolean;
  /** Column name to its rule; only on table scopes. */
  columns: Map<string, { allow: false } | { mask: string }>;
  /** The row filter (items joined with AND); null means every row. */
  filter: string | null;
}

const STAR = "*";
const scopeKey = (c: string, s: string, t: string) => `${c}\u0000${s}\u0000${t}`;

/** A catalog, schema or table that rules are made for, worked out once per compilation. */
interface Scope {
  key: string;
  c: string;
  s: string;
  /** 0 for a table, 1 for a schema, 3 for a catalog: the order of the rules. */
  specificity: number;
  /** Its own key, then its schema's and its catalog's. */
  covering: string[];
  catalogPattern: string;
  schemaPattern?: string;
  tablePattern?: string;
}

function scopeOf(e: Entry): Scope {
  const { catalog: c, schema: s, table: t } = e;
  const covering = [e.key];
  if (t !== STAR) covering.push(scopeKey(c, s, STAR));
  if (s !== STAR) covering.push(scopeKey(c, STAR, STAR));
  return {
    key: e.key,
    c,
    s,
    specificity: (s === STAR && t === STAR ? 2 : 0) + (t === STAR ? 1 : 0),
    covering,
    catalogPattern: exactRegex(c),
    ...(s !== STAR ? { schemaPattern: exactRegex(s) } : {}),
    ...(t !== STAR ? { tablePattern: exactRegex(t) } : {}),
  };
}

function privilegesOf(p: CompilePolicy): Privilege[] {
  const fromAccess = (a: CatalogAccess): Privilege[] =>
    a === "all" ? ALL_PRIVILEGES : a === "read-only" ? ["SELECT"] : [];
  if (p.category === "catalog") return fromAccess(p.config.allow);
  if (p.category === "schema" && p.tablePrivileges.length === 0) return fromAccess(p.config.allow);
  return PRIVILEGES.filter((x) => p.tablePrivileges.includes(x));
}

/** Catalog access the privileges need: read-only for SELECT, all for anything that writes. */
function accessFor(p: CompilePolicy, privileges: Privilege[]): CatalogAccess {
  if (p.category === "catalog") return p.config.allow;
  if (privileges.some((x) => WRITE.includes(x))) return "all";
  return privileges.length > 0 ? "read-only" : "none";
}

/** Expands one policy into entries per scope, compiling its masks and filters (and checking them). */
export function entriesOf(p: CompilePolicy): Entry[] {
  const privileges = privilegesOf(p);
  const base = {
    policyId: p.id,
    priority: p.priority,
    catalog: p.catalogName,
    privileges,
    catalogAccess: accessFor(p, privileges),
    owner: p.category === "schema" && p.config.owner,
  };
  const custom = p.customRowFilter.trim();
  if (custom) {
    const why = checkExpression(custom, "filter");
    if (why) throw new PolicyProblem("customRowFilter", `the custom row filter is refused: ${why}`);
  }
  const customFilter = custom ? `(${custom})` : null;
  const entry = (schema: string, table: string, filter = customFilter): Entry => ({
    policyId: base.policyId,
    priority: base.priority,
    catalog: base.catalog,
    schema,
    table,
    key: scopeKey(base.catalog, schema, table),
    privileges: base.privileges,
    catalogAccess: base.catalogAccess,
    owner: base.owner,
    columns: new Map(),
    filter,
  });
  if (p.category === "catalog") return [entry(STAR, STAR, null)];
  if (p.category === "schema") return p.schemaName.map((s) => entry(s, STAR, null));

  const schema = p.schemaName[0] ?? STAR;
  const targets: Array<{ schema: string; table: string }> = TAG_CATEGORIES.includes(p.category)
    ? (p.tagTables ?? [])
    : p.tables.map((t) => ({ schema, table: t === ALL ? STAR : t }));
  const out = new Map<string, Entry>();
  for (const t of targets) {
    const e = entry(t.schema, t.table);
    out.set(e.key, e);
  }

  // Masks and filters name their table: they make (or refine) that table's own entry.
  const isTag = TAG_CATEGORIES.includes(p.category);
  const tableEntry = (table: string, field: string): Entry | null => {
    const target = targets.find((t) => t.table === table) ?? targets.find((t) => t.table === STAR);
    // A tagged table that lost its tag since the policy was written: its masks no longer apply.
    if (!target && isTag) return null;
    if (!target) throw new PolicyProblem(field, `table ${table} is not among the policy's tables`);
    let e = out.get(scopeKey(p.catalogName, target.schema, table));
    if (!e) {
      e = entry(target.schema, table);
      out.set(e.key, e);
    }
    return e;
  };
  p.columnDetails.forEach((m, i) => {
    const field = `columnDetails.${i}`;
    const e = tableEntry(m.table, `${field}.table`);
    if (!e) return;
    if (e.columns.has(m.name))
      throw new PolicyProblem(`${field}.name`, `column ${m.name} of ${m.table} is masked twice`);
    const rule = compileMask(m, field);
    if ("mask" in rule) {
      const why = checkExpression(rule.mask, "mask");
      if (why) throw new PolicyProblem(`${field}.mask`, `the mask of ${m.table}.${m.name} is refused: ${why}`);
    }
    e.columns.set(m.name, rule);
  });
  const byTable = new Map<string, string[]>();
  p.rowFilters.forEach((f, i) => {
    const [sql] = compileRowFilters([f], "rowFilters").map((x) => x);
    const why = checkExpression(sql!, "filter");
    if (why)
      throw new PolicyProblem(
        `rowFilters.${i}.value`,
        `the row filter on ${f.table}.${f.columnName} is refused: ${why}`,
      );
    if (!tableEntry(f.table, `rowFilters.${i}.table`)) return;
    const list = byTable.get(f.table) ?? [];
    list.push(sql!);
    byTable.set(f.table, list);
  });
  for (const [table, conditions] of byTable) {
    const e = tableEntry(table, "rowFilters")!;
    const all = [...conditions, ...(custom ? [custom] : [])];
    e.filter = all.length === 1 ? `(${all[0]})` : all.map((c) => `(${c})`).join(" AND ");
  }
  return [...out.values()];
}

/** Merges what several policies give one principal on one scope into one rule's content. */
function merge(entries: Entry[]) {
  const privileges = new Set<Privilege>();
  const columns = new Map<string, { allow: false } | { mask: string }>();
  let unfiltered = false;
  const filters: string[] = [];
  // Highest precedence first: the first policy to mask a column decides its mask.
  const ordered =
    entries.length === 1 ? entries : [...entries].sort((a, b) => a.priority - b.priority || a.policyId - b.policyId);
  for (const e of ordered) {
    for (const p of e.privileges) privileges.add(p);
    for (const [name, rule] of e.columns) if (!columns.has(name)) columns.set(name, rule);
    if (e.privileges.includes("SELECT")) {
      if (e.filter === null) unfiltered = true;
      else if (!filters.includes(e.filter)) filters.push(e.filter);
    }
  }
  // Rows are the union of what each policy lets through: one unfiltered grant shows every row.
  const filter =
    unfiltered || filters.length === 0
      ? undefined
      : filters.length === 1
        ? filters[0]!
        : filters.map((f) => `(${f})`).join(" OR ");
  return { privileges: PRIVILEGES.filter((p) => privileges.has(p)), columns, filter };
}

/**
 * Compiles enabled policies into Trino's file-based rules. Trino takes privileges, masks and the
 * filter from the first matching table rule only, so everything that applies to one principal
 * and one table is merged into one rule: a user's own rules (which also carry what every user
 * and their groups get) come first, most specific scope first, then the rules for everyone.
 * Groups are expanded to their members, as the group file Trino reads is published with them.
 */
export function compilePolicies(policies: CompilePolicy[], groupMembers: Map<string, string[]>): Compiled {
  const problems: CompileProblem[] = [];
  const everyone: Entry[] = [];
  const perUser = new Map<string, Entry[]>();
  let policyCount = 0;
  for (const p of policies) {
    let entries: Entry[];
    try {
      entries = entriesOf(p);
    } catch (err) {
      if (err instanceof PolicyProblem)
        problems.push({ policyId: p.id, policyName: p.policyName, field: err.field, message: err.message });
      else throw err;
      continue;
    }
    policyCount++;
    const toAll = p.assignToUsers.includes(ALL) || p.assignToGroups.includes(ALL);
    if (toAll) {
      everyone.push(...entries);
      continue;
    }
    const users = new Set(p.assignToUsers);
    for (const g of p.assignToGroups) for (const u of groupMembers.get(g) ?? []) users.add(u);
    for (const u of users) {
      let list = perUser.get(u);
      if (!list) perUser.set(u, (list = []));
      list.push(...entries);
    }
  }

  const index = (entries: Entry[]) => {
    const m = new Map<string, Entry[]>();
    for (const e of entries) {
      const l = m.get(e.key);
      if (l) l.push(e);
      else m.set(e.key, [e]);
    }
    return m;
  };
  const everyoneIndex = index(everyone);
  const everyoneBySchema = new Map<string, Entry[]>();
  for (const e of everyone) {
    const k = `${e.catalog}\u0000${e.schema}`;
    const l = everyoneBySchema.get(k);
    if (l) l.push(e);
    else everyoneBySchema.set(k, [e]);
  }

  // Each scope once: its names, the keys of the scopes that cover it and its names as patterns.
  const scopes = new Map<string, Scope>();
  for (const list of [everyone, ...perUser.values()])
    for (const e of list) if (!scopes.has(e.key)) scopes.set(e.key, scopeOf(e));

  /** Entries that apply on a scope: its own, then its schema's and catalog's, one per policy (the most specific). */
  const applying = (indexes: Array<Map<string, Entry[]>>, scope: Scope) => {
    const seen = new Set<number>();
    const out: Entry[] = [];
    for (const k of scope.covering)
      for (const idx of indexes)
        for (const e of idx.get(k) ?? [])
          if (!seen.has(e.policyId)) {
            seen.add(e.policyId);
            out.push(e);
          }
    return out;
  };
  /** Most specific first (tables, then schemas, then catalogs), by name within each. */
  const ordered = (keys: Iterable<string>) =>
    [...keys]
      .map((k) => scopes.get(k)!)
      .sort((a, b) => a.specificity - b.specificity || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const tables: TrinoTableRule[] = [];
  const catalogs: TrinoRules["catalogs"] = [];
  const schemas: TrinoRules["schemas"] = [];
  // Everyone's strongest access per catalog, which a user's own catalog rule must carry too.
  const everyoneAccess = new Map<string, CatalogAccess>();
  for (const x of everyone) {
    const prev = everyoneAccess.get(x.catalog);
    if (prev === undefined || ACCESS_RANK[x.catalogAccess] > ACCESS_RANK[prev])
      everyoneAccess.set(x.catalog, x.catalogAccess);
  }
  const emit = (user: string | null, indexes: Array<Map<string, Entry[]>>, keys: Iterable<string>) => {
    const catalogAccess = new Map<string, CatalogAccess>();
    const owners = new Set<string>();
    const userRegex = user === null ? null : exactRegex(user);
    for (const scope of ordered(keys)) {
      const { c, s } = scope;
      const entries = applying(indexes, scope);
      const merged = merge(entries);
      const rule = {} as TrinoTableRule;
      if (userRegex !== null) rule.user = userRegex;
      rule.catalog = scope.catalogPattern;
      if (scope.schemaPattern !== undefined) rule.schema = scope.schemaPattern;
      if (scope.tablePattern !== undefined) rule.table = scope.tablePattern;
      rule.privileges = merged.privileges;
      if (merged.columns.size > 0) {
        const columns: NonNullable<TrinoTableRule["columns"]> = [];
        for (const [name, r] of merged.columns)
          columns.push("mask" in r ? { name, mask: r.mask } : { name, allow: false });
        rule.columns = columns;
      }
      if (merged.filter) rule.filter = merged.filter;
      tables.push(rule);
      for (const e of entries) {
        const prev = catalogAccess.get(c);
        if (prev === undefined || ACCESS_RANK[e.catalogAccess] > ACCESS_RANK[prev])
          catalogAccess.set(c, e.catalogAccess);
        if (e.owner && s !== STAR) owners.add(`${c}\u0000${s}`);
      }
    }
    if (user !== null)
      for (const [c, prev] of catalogAccess) {
        const all = everyoneAccess.get(c);
        if (all !== undefined && ACCESS_RANK[all] > ACCESS_RANK[prev]) catalogAccess.set(c, all);
      }
    const who = userRegex === null ? {} : { user: userRegex };
    for (const [c, allow] of [...catalogAccess].sort(([a], [b]) => (a < b ? -1 : 1)))
      catalogs.push({ ...who, catalog: exactRegex(c), allow });
    for (const k of [...owners].sort()) {
      const [c, s] = k.split("\u0000") as [string, string];
      schemas.push({ ...who, catalog: exactRegex(c), schema: exactRegex(s), owner: true });
    }
  };

  for (const user of [...perUser.keys()].sort()) {
    const own = perUser.get(user)!;
    const ownIndex = index(own);
    const keys = new Set(ownIndex.keys());
    // Everyone's rules inside this user's scopes would be shadowed by the user's rule: give them their own.
    for (const e of own) {
      if (e.schema === STAR) {
        for (const x of everyone) if (x.catalog === e.catalog) keys.add(x.key);
      } else if (e.table === STAR) {
        for (const x of everyoneBySchema.get(`${e.catalog}\u0000${e.schema}`) ?? []) keys.add(x.key);
      }
    }
    // A user's catalog rule shadows everyone's on that catalog, so it carries everyone's access too.
    emit(user, [ownIndex, everyoneIndex], keys);
  }
  emit(null, [everyoneIndex], everyoneIndex.keys());

  const rules = { catalogs, schemas, tables };
  return { rules, problems, policyCount };
}

/** The strict shape check before a publication is made current (Trino refuses unknown keys). */
export function checkRules(rules: unknown): string | null {
  const r = TrinoRules.safeParse(rules);
  if (!r.success)
    return `the rules do not have Trino's shape: ${r.error.issues[0]?.path.join(".")} ${r.error.issues[0]?.message}`;
  for (const [i, t] of r.data.tables.entries()) {
    if (t.filter) {
      const why = checkExpression(t.filter, "filter");
      if (why) return `table rule ${i}: the row filter is refused: ${why}`;
    }
    for (const c of t.columns ?? [])
      if (c.mask) {
        const why = checkExpression(c.mask, "mask");
        if (why) return `table rule ${i}: the mask of ${c.name} is refused: ${why}`;
      }
  }
  return null;
}
