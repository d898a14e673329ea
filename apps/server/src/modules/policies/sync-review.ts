import { ALL, type SyncIssue } from "@console/contracts";
import { UpstreamError } from "../../platform/errors.js";
import type { CompileProblem, Narrowed } from "./compile.js";
import { entriesOf, scopeKey, STAR, type CompilePolicy, type Entry } from "./entries.js";
import type { Metadata } from "./metadata.js";
import { metadataProblems } from "./name-checks.js";
import { PolicyProblem } from "./sql.js";

export interface Review {
  errors: SyncIssue[];
  warnings: SyncIssue[];
}

const issue = (p: Pick<CompilePolicy, "id" | "policyName">, field: string | null, message: string): SyncIssue => ({
  policyId: p.id,
  policyName: p.policyName,
  field,
  message,
});

export const fromCompileProblem = (p: CompileProblem): SyncIssue => ({
  policyId: p.policyId,
  policyName: p.policyName,
  field: p.field,
  message: p.message,
});

/**
 * Checks each policy in force against Trino's catalogue again (it may have been saved while
 * Trino was unreachable, or a table may have changed since): a mask or filter that names a
 * column its table lacks is an error (Trino would fail every query on that table); a catalog,
 * schema or table that no longer exists is a warning (rules about it are inert).
 */
export async function reviewNames(policies: CompilePolicy[], meta: Metadata): Promise<Review> {
  const out: Review = { errors: [], warnings: [] };
  if (!meta.configured) {
    out.warnings.push({
      policyId: null,
      policyName: null,
      field: null,
      message: "Trino is not configured (TRINO_URL): tables and columns were not checked",
    });
    return out;
  }
  // The console's own defaults name what every Trino has (the system catalog's built-in functions).
  for (const p of policies.filter((x) => !x.system)) {
    let problems;
    try {
      problems = await metadataProblems(p, meta);
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      throw new UpstreamError(
        "Trino",
        `the policies' tables and columns cannot be checked (${err.error}); the current publication stays in force`,
        err.status === 504 ? 504 : 503,
      );
    }
    for (const x of problems)
      (x.kind === "breaks" ? out.errors : out.warnings).push(
        issue(p, x.field, x.kind === "breaks" ? x.message : `${x.message}: this part of the policy applies to nothing`),
      );
  }
  return out;
}

type Principals = Set<string> | "everyone";

function principalsOf(p: CompilePolicy, groupMembers: Map<string, string[]>): Principals {
  if (p.assignToUsers.includes(ALL) || p.assignToGroups.includes(ALL)) return "everyone";
  const users = new Set(p.assignToUsers);
  for (const g of p.assignToGroups) for (const u of groupMembers.get(g) ?? []) users.add(u);
  return users;
}

/** Whether every principal of `b` is one of `a`'s (and `b` has some). */
function covers(a: Principals, b: Principals): boolean {
  if (a === "everyone") return b === "everyone" || b.size > 0;
  if (b === "everyone" || b.size === 0) return false;
  for (const u of b) if (!a.has(u)) return false;
  return true;
}

const before = (a: CompilePolicy, b: CompilePolicy) =>
  a.priority < b.priority || (a.priority === b.priority && a.id < b.id);

const where = (e: Entry) =>
  e.schema === STAR ? e.catalog : e.table === STAR ? `${e.catalog}.${e.schema}` : `${e.catalog}.${e.schema}.${e.table}`;

/**
 * Sync's lint: restrictions that can never apply because, for all the principals of their
 * policy, an earlier policy always decides first (docs/policies.md, "How restrictions combine").
 * A row filter behind an earlier filter on the same table, a mask behind an earlier mask of the
 * same column, and a grant behind a deny are silent in Trino's first-match rules.
 */
export function lintShadowed(policies: CompilePolicy[], groupMembers: Map<string, string[]>): SyncIssue[] {
  const all: Array<{ p: CompilePolicy; who: Principals; entries: Map<string, Entry> }> = [];
  for (const p of policies) {
    try {
      all.push({ p, who: principalsOf(p, groupMembers), entries: new Map(entriesOf(p).map((e) => [e.key, e])) });
    } catch (err) {
      if (!(err instanceof PolicyProblem)) throw err; // reported as an error by the compiler
    }
  }
  /** A policy's entry that decides for a scope: its most specific one covering it. */
  const deciding = (entries: Map<string, Entry>, e: Entry) =>
    entries.get(e.key) ??
    (e.table !== STAR ? entries.get(scopeKey(e.catalog, e.schema, STAR)) : undefined) ??
    (e.schema !== STAR ? entries.get(scopeKey(e.catalog, STAR, STAR)) : undefined);

  // Only policies with an entry on a scope covering another's can decide before it.
  const byKey = new Map<string, typeof all>();
  for (const a of all)
    for (const k of a.entries.keys()) {
      const list = byKey.get(k);
      if (list) list.push(a);
      else byKey.set(k, [a]);
    }
  const covering = (e: Entry) => [
    e.key,
    ...(e.table !== STAR ? [scopeKey(e.catalog, e.schema, STAR)] : []),
    ...(e.schema !== STAR ? [scopeKey(e.catalog, STAR, STAR)] : []),
  ];

  const out: SyncIssue[] = [];
  for (const b of all) {
    for (const e of b.entries.values()) {
      const candidates = [...new Set(covering(e).flatMap((k) => byKey.get(k) ?? []))].sort((x, y) =>
        before(x.p, y.p) ? -1 : before(y.p, x.p) ? 1 : 0,
      );
      const earlier = (test: (d: Entry) => boolean, any = false) =>
        candidates.find(
          (a) => a !== b && (any || before(a.p, b.p)) && covers(a.who, b.who) && test(deciding(a.entries, e) ?? NO),
        );
      if (e.privileges !== 0) {
        const deny = earlier((d) => d.privileges === 0, true);
        if (deny) {
          out.push(
            issue(
              b.p,
              null,
              `its grant on ${where(e)} never applies: policy "${deny.p.policyName}" denies it to all of its users`,
            ),
          );
          continue;
        }
      }
      if (e.filter !== null) {
        const first = earlier((d) => d.filter !== null);
        if (first)
          out.push(
            issue(
              b.p,
              e.table === STAR ? "customRowFilter" : null,
              `its row filter on ${where(e)} never applies: policy "${first.p.policyName}" filters it first for all of its users`,
            ),
          );
      }
      for (const name of e.columns?.keys() ?? []) {
        const first = earlier((d) => d.columns?.has(name) ?? false);
        if (first)
          out.push(
            issue(
              b.p,
              null,
              `its mask of ${name} on ${where(e)} never applies: policy "${first.p.policyName}" masks that column first for all of its users`,
            ),
          );
      }
    }
  }
  return out;
}

const NO: Entry = Object.freeze({
  policyId: 0,
  priority: 0,
  catalog: "",
  schema: "",
  table: "",
  key: "",
  privileges: -1,
  catalogAccess: "none",
  owner: false,
  columns: null,
  filter: null,
});

/**
 * Sync's warning for privileges left out of a rule (docs/policies.md, "How restrictions
 * combine"): a policy's privilege reaches a table only with the filter and masks that policy set,
 * so where another policy's restriction is the one published, it is left out. One warning per
 * granting policy, table and privileges, naming who loses them and the restricting policy.
 */
export function narrowedWarnings(narrowed: Narrowed[], policies: CompilePolicy[]): SyncIssue[] {
  const byId = new Map(policies.map((p) => [p.id, p]));
  const groups = new Map<string, { n: Narrowed; granting: number; users: string[] }>();
  for (const n of narrowed)
    for (const granting of n.grantedBy) {
      const key = JSON.stringify([granting, n.catalog, n.schema, n.table, n.privileges, n.restrictedBy]);
      const g = groups.get(key) ?? groups.set(key, { n, granting, users: [] }).get(key)!;
      g.users.push(n.user ?? "everyone");
    }
  const out: SyncIssue[] = [];
  for (const { n, granting, users } of groups.values()) {
    const p = byId.get(granting);
    if (!p) continue;
    const on = n.table === STAR ? `${n.catalog}.${n.schema}` : `${n.catalog}.${n.schema}.${n.table}`;
    const restricting = n.restrictedBy
      .filter((id) => id !== granting)
      .map((id) => `"${byId.get(id)?.policyName ?? id}"`)
      .join(", ");
    const who = users.length > 3 ? `${users.slice(0, 3).join(", ")} and ${users.length - 3} more` : users.join(", ");
    out.push(
      issue(
        p,
        "tablePrivileges",
        `its ${n.privileges.join(", ")} on ${on} are left out for ${who}: the rows or columns published there are those of ${restricting || "another policy"}, and a privilege goes only with the filter and masks of a policy that grants it`,
      ),
    );
  }
  return out;
}
