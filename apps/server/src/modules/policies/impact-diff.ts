import type { ImpactChange, ImpactKind, ImpactPreview, ImpersonationChange, TrinoRules } from "@console/contracts";
import { evaluate, type Evaluation } from "./evaluate.js";
import { sameExpression } from "./expression.js";

/** Distinct accesses in a window: one user reading one set of columns of one table. */
export interface Access {
  user: string;
  catalog: string;
  schema: string;
  table: string;
  columns: string[];
  queries: number;
  lastSeen: Date;
}

/** Evaluations before and after, by user and table. */
export type EvalCache = Map<string, [Evaluation, Evaluation]>;

/** Users as of now: their groups, or absent when they no longer exist. */
export type UsersNow = Map<string, string[]>;

const GROUPS_SHOWN = 500;

/** Whether Trino lets a query read these columns of the table. */
const reads = (e: Evaluation, columns: string[]) =>
  e.privileges.includes("SELECT") && columns.every((c) => e.columns.get(c)?.allow !== false);

interface Acc {
  change: ImpactChange;
  columns: Set<string>;
  last: number;
}

/**
 * What changes for the accesses made in the window when `after` replaces `before`: each user
 * and table evaluated once under each, as Trino decides (first matching rule); `evals` may
 * carry evaluations made earlier under the same two sets of rules.
 */
export function diffAccesses(
  accesses: Access[],
  users: UsersNow,
  before: TrinoRules,
  after: TrinoRules,
  evals: EvalCache = new Map(),
) {
  const found = new Map<string, Acc>();
  const add = (
    kind: ImpactKind,
    a: Access,
    column: string | null,
    was: string | null = null,
    now: string | null = null,
  ) => {
    const table = `${a.catalog}.${a.schema}.${a.table}`;
    const key = `${kind}\u0000${a.user}\u0000${table}\u0000${column ?? ""}`;
    let x = found.get(key);
    if (!x) {
      x = {
        change: {
          kind,
          user: a.user,
          userExists: users.has(a.user),
          table,
          column,
          columns: [],
          before: was,
          after: now,
          queries: 0,
          lastSeen: "",
        },
        columns: new Set(),
        last: 0,
      };
      found.set(key, x);
    }
    x.change.queries += a.queries;
    x.last = Math.max(x.last, a.lastSeen.getTime());
    for (const c of a.columns) x.columns.add(c);
  };
  for (const a of accesses) {
    const k = `${a.user}\u0000${a.catalog}\u0000${a.schema}\u0000${a.table}`;
    let pair = evals.get(k);
    if (!pair) {
      const s = { user: a.user, groups: users.get(a.user) ?? [] };
      pair = [evaluate(before, s, a.catalog, a.schema, a.table), evaluate(after, s, a.catalog, a.schema, a.table)];
      evals.set(k, pair);
    }
    const [b, n] = pair;
    const could = reads(b, a.columns);
    const can = reads(n, a.columns);
    if (could && !can) add("denied", a, null);
    else if (!could && can) add("allowed", a, null);
    if (!could || !can) continue;
    for (const c of a.columns) {
      const was = b.columns.get(c)?.mask ?? null;
      const now = n.columns.get(c)?.mask ?? null;
      // Compared as parsed: `("region" = 'EU')` and `(region = 'EU')` are one filter to Trino.
      if (!sameExpression(was, now, "mask"))
        add(was === null ? "maskAdded" : now === null ? "maskRemoved" : "maskChanged", a, c, was, now);
    }
    if (!sameExpression(b.filter, n.filter, "filter"))
      add(
        b.filter === null ? "filterAdded" : n.filter === null ? "filterRemoved" : "filterChanged",
        a,
        null,
        b.filter,
        n.filter,
      );
  }
  const changes = [...found.values()].map((x) => ({
    ...x.change,
    columns: [...x.columns].sort(),
    lastSeen: new Date(x.last).toISOString(),
  }));
  changes.sort((x, y) => y.queries - x.queries || (x.user < y.user ? -1 : x.user > y.user ? 1 : 0));
  return changes;
}

function groupBy(changes: ImpactChange[], keyOf: (c: ImpactChange) => string, users: boolean) {
  const groups = new Map<string, ImpactPreview["byUser"][number]>();
  for (const c of changes) {
    const key = keyOf(c);
    let g = groups.get(key);
    if (!g)
      groups.set(
        key,
        (g = { key, userExists: users ? c.userExists : null, queries: 0, lastSeen: c.lastSeen, changes: [] }),
      );
    g.changes.push(c);
    g.queries += c.queries;
    if (c.lastSeen > g.lastSeen) g.lastSeen = c.lastSeen;
  }
  return [...groups.values()].sort((a, b) => b.queries - a.queries || (a.key < b.key ? -1 : 1));
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The preview as served: totals, one sentence, and the changes grouped by user and by table. */
export function impactOf(
  changes: ImpactChange[],
  opts: { mode: "sync" | "policy"; window: number; publication: number | null },
  impersonations: ImpersonationChange[] = [],
): ImpactPreview {
  const denied = changes.filter((c) => c.kind === "denied");
  const allowed = changes.filter((c) => c.kind === "allowed");
  const others = changes.length - denied.length - allowed.length;
  const distinct = <T>(list: T[], f: (c: T) => string) => new Set(list.map(f)).size;
  const totals = {
    users: distinct(changes, (c) => c.user),
    tables: distinct(changes, (c) => c.table),
    queries: changes.reduce((n, c) => n + c.queries, 0),
    deniedUsers: distinct(denied, (c) => c.user),
    deniedTables: distinct(denied, (c) => c.table),
    deniedQueries: denied.reduce((n, c) => n + c.queries, 0),
    allowedUsers: distinct(allowed, (c) => c.user),
    changes: changes.length,
    impersonationDenied: distinct(
      impersonations.filter((c) => c.kind === "denied"),
      (c) => c.principal,
    ),
    impersonationDeniedQueries: impersonations.filter((c) => c.kind === "denied").reduce((n, c) => n + c.queries, 0),
  };
  const days = `in the last ${opts.window} days`;
  const parts: string[] = [];
  if (denied.length > 0)
    parts.push(
      `${count(totals.deniedUsers, "user loses", "users lose")} access to ${count(totals.deniedTables, "table", "tables")} that ${count(totals.deniedQueries, "query", "queries")} read ${days}`,
    );
  if (allowed.length > 0)
    parts.push(
      `${count(totals.allowedUsers, "user gains", "users gain")} access to ${count(
        distinct(allowed, (c) => c.table),
        "table",
        "tables",
      )} that ${count(
        allowed.reduce((n, c) => n + c.queries, 0),
        "query",
        "queries",
      )} read ${days}`,
    );
  const lost = impersonations.filter((c) => c.kind === "denied");
  if (lost.length > 0)
    parts.push(
      `${count(totals.impersonationDenied, "service account", "service accounts")} can no longer act as ${count(
        distinct(lost, (c) => c.user),
        "user",
        "users",
      )} as ${count(totals.impersonationDeniedQueries, "query", "queries")} did ${days}`,
    );
  const gained = impersonations.filter((c) => c.kind === "allowed");
  if (gained.length > 0)
    parts.push(
      `${count(
        distinct(gained, (c) => c.principal),
        "service account",
        "service accounts",
      )} may act again as ${count(
        distinct(gained, (c) => c.user),
        "user",
        "users",
      )} it was refused for ${days}`,
    );
  if (others > 0)
    parts.push(
      `${count(others, "mask or row filter change applies", "mask and row filter changes apply")} to what was read ${days}`,
    );
  const summary =
    parts.length === 0 ? `No change to anyone's access in the last ${opts.window} days.` : `${parts.join("; ")}.`;
  const byUser = groupBy(changes, (c) => c.user, true);
  const byTable = groupBy(changes, (c) => c.table, false);
  return {
    mode: opts.mode,
    window: opts.window,
    publication: opts.publication,
    summary: summary[0]!.toUpperCase() + summary.slice(1),
    totals,
    byUser: byUser.slice(0, GROUPS_SHOWN),
    byTable: byTable.slice(0, GROUPS_SHOWN),
    impersonations: impersonations.slice(0, GROUPS_SHOWN),
    truncated: byUser.length > GROUPS_SHOWN || byTable.length > GROUPS_SHOWN || impersonations.length > GROUPS_SHOWN,
  };
}
