import { ALL, DATA_CATEGORIES, type SyncIssue } from "@console/contracts";
import type { TableAccess } from "@console/trino-access";
import { compilePolicies, type Compiled } from "./compile.js";
import { engineOf } from "./engines.js";
import { entriesOf, STAR, type ColumnRule, type CompilePolicy, type Entry } from "./entries.js";
import { userPattern } from "./sections.js";
import { PolicyProblem } from "./sql.js";

/** Stands for a table (or schema) no rule names, to ask about a rule over every table. */
const ANY_NAME = "\u0000";
/** Someone no policy names: what everyone gets. */
const STRANGER = "\u0000someone";

const issue = (p: Pick<CompilePolicy, "id" | "policyName">, field: string | null, message: string): SyncIssue => ({
  policyId: p.id,
  policyName: p.policyName,
  field,
  message,
});

const where = (e: Entry) =>
  e.schema === STAR ? e.catalog : e.table === STAR ? `${e.catalog}.${e.schema}` : `${e.catalog}.${e.schema}.${e.table}`;

const sameRule = (a: { allow: boolean; mask: string | null } | undefined, b: ColumnRule) =>
  a !== undefined && ("mask" in b ? a.mask === b.mask : !a.allow);

/**
 * Sync's lint, decided by the rules engine over the rules Sync would publish: a restriction
 * (row filter, column mask) or a grant of a policy that applies to none of its users, because
 * for each of them what Trino applies on that table comes from another policy (docs/policies.md,
 * "Sync and its lint"). Trino's first-match rules make these silent; the warning names the
 * policy that decides instead.
 */
export function lintShadowed(
  policies: CompilePolicy[],
  members: Map<string, string[]>,
  compiled: Compiled = compilePolicies(policies, members),
): SyncIssue[] {
  const engine = engineOf(compiled.rules);
  const byId = new Map(policies.map((p) => [p.id, p]));
  const groupsOf = new Map<string, string[]>();
  for (const [g, users] of members) for (const u of users) groupsOf.set(u, [...(groupsOf.get(u) ?? []), g]);
  // Everyone's policies reach every user with rules of their own, and anyone else (a stranger).
  const named = new Set<string>([STRANGER]);
  for (const p of policies) for (const u of usersOf(p, members) ?? []) named.add(u);
  // Each policy's entries made once: the deciders of every user and scope read them again.
  const entriesMemo = new Map<number, Entry[]>();
  const entriesOfPolicy = (p: CompilePolicy) => {
    let list = entriesMemo.get(p.id);
    if (!list) entriesMemo.set(p.id, (list = safeEntries(p)));
    return list;
  };
  const memo = new Map<string, TableAccess>();
  const access = (user: string, e: Entry) => {
    const key = `${user}\u0000${e.key}`;
    let a = memo.get(key);
    if (!a) {
      const schema = e.schema === STAR ? ANY_NAME : e.schema;
      const table = e.table === STAR ? ANY_NAME : e.table;
      a = engine.tableAccess({ user, groups: groupsOf.get(user) ?? [] }, e.catalog, schema, table);
      memo.set(key, a);
    }
    return a;
  };
  const decidersMemo = new Map<string, Entry[]>();
  /** The policies behind the rule that decides for this user and scope, with their entries there. */
  const deciders = (user: string, e: Entry): Entry[] => {
    const a = access(user, e);
    // The same rules on the same scope have the same policies behind them, whoever the user.
    const key = `${a.tableRule}\u0000${a.catalogRule}\u0000${e.catalog}\u0000${e.schema}\u0000${e.table}`;
    const kept = decidersMemo.get(key);
    if (kept) return kept;
    const ids = [
      ...(a.tableRule === null ? [] : (compiled.sources.tables?.[a.tableRule] ?? [])),
      ...(a.catalogRule === null ? [] : (compiled.sources.catalogs?.[a.catalogRule] ?? [])),
    ];
    const out: Entry[] = [];
    for (const id of new Set(ids)) {
      const p = byId.get(id);
      if (!p) continue;
      for (const x of entriesOfPolicy(p))
        if (
          x.catalog === e.catalog &&
          (x.schema === STAR || x.schema === e.schema) &&
          (x.table === STAR || x.table === e.table)
        )
          out.push(x);
    }
    decidersMemo.set(key, out);
    return out;
  };

  const out: SyncIssue[] = [];
  for (const b of policies) {
    if (!DATA_CATEGORIES.includes(b.category)) continue;
    const users = [...(usersOf(b, members) ?? named)];
    if (users.length === 0) continue;
    for (const e of entriesOfPolicy(b)) {
      /** The other policy that decides instead, when this part applies to none of b's users. */
      const instead = (applies: (a: TableAccess) => boolean, competes: (x: Entry) => boolean) => {
        let by: number | null = null;
        for (const u of users) {
          if (applies(access(u, e))) return null;
          by ??= deciders(u, e).find((x) => x.policyId !== b.id && competes(x))?.policyId ?? null;
        }
        return by === null ? null : (byId.get(by) ?? null);
      };
      if (e.privileges !== 0) {
        const deny = instead(
          (a) => a.privileges.length > 0,
          (x) => x.privileges === 0,
        );
        if (deny) {
          out.push(
            issue(
              b,
              null,
              `its grant on ${where(e)} never applies: policy "${deny.policyName}" denies it to all of its users`,
            ),
          );
          continue;
        }
      }
      if (e.filter !== null) {
        const first = instead(
          (a) => a.filter === e.filter,
          (x) => x.filter !== null && x.filter !== e.filter,
        );
        if (first)
          out.push(
            issue(
              b,
              e.table === STAR ? "customRowFilter" : null,
              `its row filter on ${where(e)} never applies: policy "${first.policyName}" filters it first for all of its users`,
            ),
          );
      }
      for (const [name, rule] of e.columns ?? []) {
        const first = instead(
          (a) => sameRule(a.columns.get(name), rule),
          (x) => !!x.columns?.has(name),
        );
        if (first)
          out.push(
            issue(
              b,
              null,
              `its mask of ${name} on ${where(e)} never applies: policy "${first.policyName}" masks that column first for all of its users`,
            ),
          );
      }
    }
  }
  return out;
}

/** A policy's users (groups expanded), or null for everyone. */
function usersOf(p: CompilePolicy, members: Map<string, string[]>): Set<string> | null {
  const pattern = userPattern(p, members);
  if (pattern === undefined) return null;
  if (p.assignToUsers.includes(ALL) || p.assignToGroups.includes(ALL)) return null;
  const users = new Set(p.assignToUsers);
  for (const g of p.assignToGroups) for (const u of members.get(g) ?? []) users.add(u);
  return users;
}

/** A policy's entries; one the compiler refuses has none (it is reported as an error). */
function safeEntries(p: CompilePolicy): Entry[] {
  try {
    return entriesOf(p);
  } catch (err) {
    if (err instanceof PolicyProblem) return [];
    throw err;
  }
}

const SOMEONE = "\u0000someone-else";
const named = (list: string[], fallback: string) => (list.length === 0 || list.includes(ALL) ? [fallback] : list);

/** The questions a policy of a rules-file kind answers, as Trino asks them. */
function questions(
  p: CompilePolicy,
): Array<{ operation: string; resource?: Record<string, unknown>; grantee?: object }> {
  const a = p.access;
  const catalog = p.catalogName && p.catalogName !== ALL ? p.catalogName : "c";
  const schema = p.schemaName[0] ?? "s";
  switch (p.category) {
    case "queries":
      return a.queryOwners.length > 0
        ? named(a.queryOwners, SOMEONE).map((u) => ({ operation: "ViewQueryOwnedBy", resource: { user: { user: u } } }))
        : [{ operation: "ExecuteQuery" }];
    case "impersonation":
      return named(a.targetUsers, SOMEONE).map((u) => ({
        operation: "ImpersonateUser",
        resource: { user: { user: u } },
      }));
    case "systemInformation":
      return [{ operation: "ReadSystemInformation" }, { operation: "WriteSystemInformation" }];
    case "systemSessionProperties":
      return named(a.properties, "p").map((name) => ({
        operation: "SetSystemSessionProperty",
        resource: { systemSessionProperty: { name } },
      }));
    case "catalogSessionProperties":
      return named(a.properties, "p").map((propertyName) => ({
        operation: "SetCatalogSessionProperty",
        resource: { catalogSessionProperty: { catalogName: catalog, propertyName } },
      }));
    case "functions":
    case "procedures":
      return named(a.routines, "f").map((functionName) => ({
        operation: p.category === "functions" ? "ExecuteFunction" : "ExecuteProcedure",
        resource: { function: { catalogName: catalog, schemaName: schema, functionName } },
      }));
    case "authorization":
      return [
        ...named(a.targetUsers, SOMEONE).map((name) => ({ type: "USER", name })),
        ...a.targetRoles.map((name) => ({ type: "ROLE", name })),
      ].map((grantee) => ({
        operation: "SetSchemaAuthorization",
        resource: { schema: { catalogName: catalog, schemaName: schema } },
        grantee,
      }));
    default:
      return [];
  }
}

/**
 * Sync's lint for the rules-file kinds (first match in priority order): a policy that decides
 * none of its questions for any of its users, because an earlier policy always does, is
 * reported naming that policy. Asked of the rules engine over the rules Sync would publish.
 */
export function lintKinds(policies: CompilePolicy[], members: Map<string, string[]>, compiled: Compiled): SyncIssue[] {
  const engine = engineOf(compiled.rules);
  const byId = new Map(policies.map((p) => [p.id, p]));
  const groupsOf = new Map<string, string[]>();
  for (const [g, users] of members) for (const u of users) groupsOf.set(u, [...(groupsOf.get(u) ?? []), g]);
  const out: SyncIssue[] = [];
  for (const p of policies) {
    if (p.system || DATA_CATEGORIES.includes(p.category) || p.category === "trinoRule") continue;
    const users = [...(usersOf(p, members) ?? [STRANGER])];
    let decides = false;
    let instead: CompilePolicy | undefined;
    for (const user of users) {
      for (const q of questions(p)) {
        const { decidedBy } = engine.explain({
          context: { identity: { user, groups: groupsOf.get(user) ?? [] } },
          action: {
            operation: q.operation,
            ...(q.resource ? { resource: q.resource } : {}),
            ...(q.grantee ? { grantee: q.grantee } : {}),
          },
        } as Parameters<typeof engine.explain>[0]);
        for (const d of decidedBy) {
          if (!("index" in d)) continue;
          const ids = compiled.sources[d.section]?.[d.index] ?? [];
          if (ids.includes(p.id)) decides = true;
          else instead ??= ids.map((id) => byId.get(id)).find((x) => x !== undefined);
        }
        if (decides) break;
      }
      if (decides) break;
    }
    if (!decides && instead)
      out.push(
        issue(
          p,
          null,
          `it never decides for any of its users: policy "${instead.policyName}" decides first (${instead.category} policies are checked in priority order)`,
        ),
      );
  }
  return out;
}
