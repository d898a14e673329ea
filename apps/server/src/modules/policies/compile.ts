import {
  ALL,
  DATA_CATEGORIES,
  type TrinoRules,
  type CatalogAccess,
  type Privilege,
  type TrinoSection,
  type TrinoTableRule,
} from "@console/contracts";
import { entriesOf, privilegeList, scopeOf, STAR, type CompilePolicy, type Entry, type Scope } from "./entries.js";
import { rulesProblems } from "./engines.js";
import { checkExpression } from "./expression.js";
import { content, gather, NONE, outranks, sortSmall, stronger, type Applying, type Content } from "./merge.js";
import { compileSections, precedes } from "./sections.js";
import { exactRegex, PolicyProblem } from "./sql.js";

export type { CompilePolicy } from "./entries.js";

export interface CompileProblem {
  policyId: number;
  policyName: string;
  field: string;
  message: string;
}

export interface Compiled {
  rules: TrinoRules;
  /** For each rule of each section, the ids of the policies behind it (explain and the reverse view name them). */
  sources: Partial<Record<TrinoSection, number[][]>>;
  problems: CompileProblem[];
  policyCount: number;
  /** Privileges left out of a rule because their policy did not set its filter or masks (docs/policies.md). */
  narrowed: Narrowed[];
}

/** Privileges a user (null: everyone) keeps no longer on a table, the policies granting them and the one restricting it. */
export interface Narrowed {
  user: string | null;
  catalog: string;
  schema: string;
  table: string;
  privileges: Privilege[];
  grantedBy: number[];
  restrictedBy: number[];
}

/** The distinct policy ids of some entries, ascending (run for every rule: no Set, no spread). */
function policyIds(a: Entry[], b: Entry[] = []): number[] {
  const ids: number[] = [];
  // Indexed loops: run cold (the first Sync after a start), for-of allocates an iterator result per step.
  for (let i = 0; i < a.length; i++) ids.push(a[i]!.policyId);
  for (let i = 0; i < b.length; i++) ids.push(b[i]!.policyId);
  return distinct(ids);
}

const lessNumber = (a: number, b: number) => a < b;

/**
 * Sorts and removes repeats in place. A rule's few ids sort by insertion; a catalog's rules for
 * one user hold hundreds, sorted natively as numbers (a comparator called for each pair would
 * cost more than the rest).
 */
function distinct(ids: number[]): number[] {
  if (ids.length < 2) return ids;
  if (ids.length <= 64) sortSmall(ids, lessNumber);
  else {
    const sorted = Float64Array.from(ids).sort();
    for (let i = 0; i < sorted.length; i++) ids[i] = sorted[i]!;
  }
  let n = 1;
  for (let i = 1; i < ids.length; i++) if (ids[i] !== ids[n - 1]) ids[n++] = ids[i]!;
  ids.length = n;
  return ids;
}

/**
 * Contents by scope and policy ids, keyed by a hash of both so that no key string is built for
 * each of the tens of thousands of rules; a bucket's entries are compared in full.
 */
class ContentMemo {
  private readonly buckets = new Map<number, Array<{ scope: Scope; ids: number[]; content: Content }>>();

  get(scope: Scope, ids: number[], own: Applying, all: Applying): Content {
    let h = scope.ordinal;
    for (let i = 0; i < ids.length; i++) h = (Math.imul(h, 31) + ids[i]!) | 0;
    let bucket = this.buckets.get(h);
    if (bucket)
      for (let i = 0; i < bucket.length; i++) {
        const b = bucket[i]!;
        if (b.scope === scope && sameIds(b.ids, ids)) return b.content;
      }
    const c = content(own, all);
    if (!bucket) this.buckets.set(h, (bucket = []));
    bucket.push({ scope, ids, content: c });
    return c;
  }
}

function sameIds(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function indexByKey(entries: Entry[]): Map<string, Entry[]> {
  const m = new Map<string, Entry[]>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const l = m.get(e.key);
    if (l) l.push(e);
    else m.set(e.key, [e]);
  }
  return m;
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
  const others: CompilePolicy[] = [];
  for (let i = 0; i < policies.length; i++) {
    const p = policies[i]!;
    if (!DATA_CATEGORIES.includes(p.category)) {
      others.push(p);
      policyCount++;
      continue;
    }
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
    for (let g = 0; g < p.assignToGroups.length; g++) {
      const members = groupMembers.get(p.assignToGroups[g]!);
      if (members) for (let m = 0; m < members.length; m++) users.add(members[m]!);
    }
    users.forEach((u) => {
      let list = perUser.get(u);
      if (!list) perUser.set(u, (list = []));
      for (let k = 0; k < entries.length; k++) list.push(entries[k]!);
    });
  }

  const everyoneIndex = indexByKey(everyone);
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
    for (let i = 0; i < list.length; i++) {
      const e = list[i]!;
      if (!scopes.has(e.key)) scopes.set(e.key, scopeOf(e, scopes.size));
    }
  // What everyone gets on a scope is the same in every user's rule for it: gathered once.
  const everyoneOn = new Map<string, Applying>();
  const everyoneAt = (scope: Scope) => {
    let a = everyoneOn.get(scope.key);
    if (!a) everyoneOn.set(scope.key, (a = gather(everyoneIndex, scope)));
    return a;
  };

  // The rules' order, most specific first (tables, then schemas, then catalogs), by name within
  // each: worked out once for all scopes, so that each user's scopes sort as numbers.
  const inOrder = [...scopes.values()].sort(
    (a, b) => a.specificity - b.specificity || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  for (let i = 0; i < inOrder.length; i++) inOrder[i]!.ordinal = i;
  const ordered = (keys: Iterable<string>) => {
    const places: number[] = [];
    for (const k of keys) places.push(scopes.get(k)!.ordinal);
    const sorted = Int32Array.from(places).sort();
    const out: Scope[] = new Array(sorted.length);
    for (let i = 0; i < sorted.length; i++) out[i] = inOrder[sorted[i]!]!;
    return out;
  };

  const tables: TrinoTableRule[] = [];
  const narrowed: Narrowed[] = [];
  const catalogs: TrinoRules["catalogs"] = [];
  const schemas: TrinoRules["schemas"] = [];
  const tableSources: number[][] = [];
  const catalogSources: number[][] = [];
  const schemaSources: number[][] = [];
  const everyoneIds = new Map<string, number[]>();
  const contents = new ContentMemo();
  // Everyone's strongest access per catalog, which a user's own catalog rule must carry too.
  const everyoneAccess = new Map<string, CatalogAccess>();
  for (const x of everyone) everyoneAccess.set(x.catalog, stronger(everyoneAccess.get(x.catalog), x.catalogAccess)!);
  // Catalogs denied as a whole (a catalog policy with access none): no grant reopens them.
  const deniedCatalogs = (list: Entry[]) =>
    new Set(list.filter((e) => e.schema === STAR && e.privileges === 0).map((e) => e.catalog));
  const everyoneDenied = deniedCatalogs(everyone);

  const emit = (
    user: string | null,
    ownIndex: Map<string, Entry[]> | null,
    keys: Iterable<string>,
    denied: Set<string>,
  ) => {
    const catalogAccess = new Map<string, CatalogAccess>();
    /** The ids lists of each catalog's rules, merged once at the end. */
    const catalogIds = new Map<string, number[][]>();
    const owners = new Map<string, number[]>();
    const userRegex = user === null ? null : exactRegex(user);
    const scopesInOrder = ordered(keys);
    for (let i = 0; i < scopesInOrder.length; i++) {
      const scope = scopesInOrder[i]!;
      const { c, s } = scope;
      const all = everyoneAt(scope);
      const own = ownIndex ? gather(ownIndex, scope) : NONE;
      // Everyone's alone are the same ids for every user's rule on the scope: listed once.
      const ids =
        own.entries.length === 0
          ? (everyoneIds.get(scope.key) ?? everyoneIds.set(scope.key, policyIds(all.entries)).get(scope.key)!)
          : policyIds(own.entries, all.entries);
      // The same policies on the same scope make the same content, whoever gets it (the members
      // of one group, mostly): merged once per scope and set of policies.
      const merged =
        own.entries.length === 0 || (own.plain && all.plain) ? content(own, all) : contents.get(scope, ids, own, all);
      if (merged.dropped) {
        const entries = [...own.entries, ...all.entries];
        narrowed.push({
          user,
          catalog: c,
          schema: s,
          table: scope.tablePattern === undefined ? STAR : (scope.key.split("\u0000")[2] ?? STAR),
          privileges: privilegeList(merged.dropped),
          grantedBy: [...new Set(entries.filter((e) => e.privileges & merged.dropped).map((e) => e.policyId))],
          restrictedBy: merged.restrictedBy,
        });
      }
      const rule = {} as TrinoTableRule;
      if (userRegex !== null) rule.user = userRegex;
      rule.catalog = scope.catalogPattern;
      if (scope.schemaPattern !== undefined) rule.schema = scope.schemaPattern;
      if (scope.tablePattern !== undefined) rule.table = scope.tablePattern;
      rule.privileges = merged.privileges;
      if (merged.columns) rule.columns = merged.columns;
      if (merged.filter) rule.filter = merged.filter;
      tables.push(rule);
      tableSources.push(ids);
      const access = stronger(own.access, all.access);
      if (access !== undefined) {
        catalogAccess.set(c, stronger(catalogAccess.get(c), access)!);
        const lists = catalogIds.get(c);
        if (lists) lists.push(ids);
        else catalogIds.set(c, [ids]);
      }
      if ((own.owner || all.owner) && s !== STAR)
        owners.set(
          `${c}\u0000${s}`,
          policyIds(
            own.entries.filter((e) => e.owner),
            all.entries.filter((e) => e.owner),
          ),
        );
    }
    if (user !== null)
      for (const [c, prev] of catalogAccess) {
        const all = everyoneAccess.get(c);
        if (all !== undefined && outranks(all, prev)) catalogAccess.set(c, all);
      }
    for (const c of catalogAccess.keys()) if (denied.has(c) || everyoneDenied.has(c)) catalogAccess.set(c, "none");
    const who = userRegex === null ? {} : { user: userRegex };
    for (const [c, allow] of [...catalogAccess].sort(([a], [b]) => (a < b ? -1 : 1))) {
      catalogs.push({ ...who, catalog: exactRegex(c), allow });
      catalogSources.push(distinct((catalogIds.get(c) ?? []).flat()));
    }
    for (const [k, ids] of [...owners].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const [c, s] = k.split("\u0000") as [string, string];
      schemas.push({ ...who, catalog: exactRegex(c), schema: exactRegex(s), owner: true });
      schemaSources.push(ids);
    }
  };

  for (const user of [...perUser.keys()].sort()) {
    const own = perUser.get(user)!;
    const ownIndex = indexByKey(own);
    const keys = new Set(ownIndex.keys());
    // Everyone's rules inside this user's scopes would be shadowed by the user's rule: give them their own.
    for (let i = 0; i < own.length; i++) {
      const e = own[i]!;
      if (e.schema === STAR) {
        for (const x of everyone) if (x.catalog === e.catalog) keys.add(x.key);
      } else if (e.table === STAR) {
        for (const x of everyoneBySchema.get(`${e.catalog}\u0000${e.schema}`) ?? []) keys.add(x.key);
      }
    }
    // A user's catalog rule shadows everyone's on that catalog, so it carries everyone's access too.
    emit(user, ownIndex, keys, deniedCatalogs(own));
  }
  emit(null, null, everyoneIndex.keys(), everyoneDenied);

  // Rules kept verbatim (from a hand-written rules file) follow the console's own, in precedence order.
  const verbatim = others.filter((p) => p.category === "trinoRule").sort(precedes);
  for (const p of verbatim) {
    const { section, rule } = p.access;
    if (!rule) continue;
    if (section === "catalogs") {
      catalogs.push(rule as TrinoRules["catalogs"][number]);
      catalogSources.push([p.id]);
    } else if (section === "schemas") {
      schemas.push(rule as TrinoRules["schemas"][number]);
      schemaSources.push([p.id]);
    } else if (section === "tables") {
      tables.push(rule as TrinoTableRule);
      tableSources.push([p.id]);
    }
  }
  const more = compileSections(others, groupMembers);
  const rules: TrinoRules = { catalogs, schemas, tables, ...more.sections };
  const sources = { catalogs: catalogSources, schemas: schemaSources, tables: tableSources, ...more.sources };
  return { rules, sources, problems, policyCount, narrowed };
}

/**
 * The check before a publication is made current: Trino must load the rules (the rules engine
 * reads them exactly as Trino's strict parser does, naming the first problem by its path), and
 * every row filter and mask must be a SQL expression.
 */
export function checkRules(rules: unknown): string | null {
  const problem = rulesProblems(rules)[0];
  if (problem) return `the rules do not have Trino's shape: ${problem.path}: ${problem.message}`;
  const tables = (rules as { tables?: TrinoTableRule[] }).tables ?? [];
  for (let i = 0; i < tables.length; i++) {
    const t = tables[i]!;
    if (t.filter) {
      const why = checkExpression(t.filter, "filter");
      if (why) return `table rule ${i}: the row filter is refused: ${why}`;
    }
    const columns = t.columns ?? [];
    for (let k = 0; k < columns.length; k++) {
      const c = columns[k]!;
      if (c.mask) {
        const why = checkExpression(c.mask, "mask");
        if (why) return `table rule ${i}: the mask of ${c.name} is refused: ${why}`;
      }
    }
  }
  return null;
}
