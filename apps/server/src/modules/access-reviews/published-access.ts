import { ALL, type AccessPath, type Privilege, type TrinoRules } from "@console/contracts";
import type { TableAccess } from "@console/trino-access";
import type { Queryable } from "../../platform/db/index.js";
import { accessIndexOf, type AccessIndex } from "../policies/access-index.js";
import { entriesOf, privilegeList, type Entry } from "../policies/entries.js";
import { entriesOn, loadPublication, type PublicationAt } from "../policies/explain.js";
import * as policyStore from "../policies/store.js";
import { policyCreators } from "./store.js";

const EMPTY: TrinoRules = { catalogs: [], schemas: [], tables: [] };

/** Stands for "a table (or schema) no rule names", to ask what a rule over every table gives. */
export const ANY_NAME = "\u0000";

/**
 * The current publication as the reverse view and access reviews read it: its rules (decided by
 * the rules engine through an AccessIndex) and what it was compiled from, to name the policies
 * and groups behind each decision.
 */
export class PublishedAccess {
  readonly rules: TrinoRules;
  readonly index: AccessIndex;
  readonly policies = new Map<number, policyStore.KeptPolicy>();
  /** Groups each user was in as the publication expanded them. */
  private readonly groupsAt = new Map<string, string[]>();
  private readonly entries = new Map<number, Entry[]>();

  constructor(
    readonly number: number | null,
    readonly pub: PublicationAt | null,
    /** Who created each policy (the default reviewer of its items). */
    readonly creators: Map<number, string> = new Map(),
  ) {
    this.rules = pub?.rules ?? EMPTY;
    this.index = accessIndexOf(this.rules);
    const inputs = pub?.inputs;
    const compiled = new Set(inputs?.compiled ?? []);
    for (const p of inputs?.policies ?? []) if (compiled.has(p.id)) this.policies.set(p.id, p);
    for (const [g, users] of Object.entries(inputs?.members ?? {}))
      for (const u of users) (this.groupsAt.get(u) ?? this.groupsAt.set(u, []).get(u)!).push(g);
  }

  /** Users named by the publication's policies (they are decided for, in the directory or not). */
  namedUsers(): Set<string> {
    const out = new Set<string>();
    for (const p of this.policies.values()) for (const u of p.assignToUsers) if (u !== ALL) out.add(u);
    return out;
  }

  entriesOf(p: policyStore.KeptPolicy): Entry[] {
    let e = this.entries.get(p.id);
    if (!e) {
      try {
        e = entriesOf(p);
      } catch {
        e = [];
      }
      this.entries.set(p.id, e);
    }
    return e;
  }

  /** The policy's most specific entry on the scope (schema/table null: the whole catalog/schema). */
  entryOn(p: policyStore.KeptPolicy, c: string, s: string | null, t: string | null): Entry | null {
    return entriesOn([{ policy: p, entries: this.entriesOf(p) }], c, s, t)[0]?.entry ?? null;
  }

  /**
   * How the policies behind a rule reach a user: one path per way (the user named, each of their
   * groups named, everyone), for the policies that grant something on the scope.
   */
  paths(
    user: string,
    section: "tables" | "catalogs",
    rule: number | null,
    c: string,
    s: string | null,
    t: string | null,
  ) {
    if (rule === null) return [];
    const ids = this.pub?.inputs?.sources?.[section]?.[rule] ?? [];
    const groups = this.groupsAt.get(user) ?? [];
    const out: AccessPath[] = [];
    for (const id of ids) {
      const p = this.policies.get(id);
      if (!p) continue;
      const entry = this.entryOn(p, c, s, t);
      if (!entry || entry.privileges === 0) continue;
      const base = {
        policyId: p.id,
        policyName: p.policyName,
        endDate: p.tnc.endDate,
        createdBy: this.creators.get(p.id) ?? "",
      };
      if (p.assignToUsers.includes(ALL) || p.assignToGroups.includes(ALL))
        out.push({ ...base, via: "everyone", group: null });
      if (p.assignToUsers.includes(user)) out.push({ ...base, via: "user", group: null });
      for (const g of p.assignToGroups) if (groups.includes(g)) out.push({ ...base, via: "group", group: g });
    }
    return out;
  }

  /** Groups whose policies would give the scope (SELECT; the column not hidden) to a new member. */
  givingGroups(c: string, s: string | null, t: string | null, column: string | null) {
    const out = new Map<string, Array<{ id: number; name: string }>>();
    for (const p of this.policies.values()) {
      if (p.assignToGroups.length === 0 || p.assignToGroups.includes(ALL) || p.assignToUsers.includes(ALL)) continue;
      const e = this.entryOn(p, c, s, t);
      if (!e || !privilegeList(e.privileges).includes("SELECT")) continue;
      if (column !== null && e.columns?.get(column) && !("mask" in e.columns.get(column)!)) continue;
      for (const g of p.assignToGroups) (out.get(g) ?? out.set(g, []).get(g)!).push({ id: p.id, name: p.policyName });
    }
    return [...out].sort(([a], [b]) => a.localeCompare(b)).map(([name, policies]) => ({ name, policies }));
  }
}

/** The privileges of a table access as the console's contracts name them. */
export const privilegesOf = (a: TableAccess) => a.privileges as Privilege[];

/** The latest end among the paths' access periods; null when one of them has none (or there are none). */
export function until(paths: AccessPath[]): string | null {
  if (paths.length === 0 || paths.some((p) => p.endDate === null)) return null;
  return paths
    .map((p) => p.endDate!)
    .sort()
    .at(-1)!;
}

const kept = new WeakMap<Queryable, { number: number | null; at: Promise<PublishedAccess> }>();

/** The current publication's PublishedAccess, made once per publication. */
export async function publishedAccess(db: Queryable): Promise<PublishedAccess> {
  const number = await policyStore.currentNumber(db);
  const k = kept.get(db);
  if (k && k.number === number) return k.at;
  const at = (async () =>
    new PublishedAccess(
      number,
      number === null ? null : await loadPublication(db, number),
      await policyCreators(db),
    ))();
  kept.set(db, { number, at });
  at.catch(() => kept.delete(db));
  return at;
}
