import type { ImpersonationChange, TrinoRules } from "@console/contracts";
import type { AccessInput } from "@console/trino-access";
import type { Queryable } from "../../platform/db/index.js";
import { engineOf } from "./engines.js";
import type { UsersNow } from "./impact-diff.js";

/** A service account acting as a user in a window: how many queries, and when last. */
export interface Impersonation {
  principal: string;
  user: string;
  queries: number;
  lastSeen: Date;
}

/** The impersonations of the window's days (today included), summed from their rollup. */
export async function impersonationsIn(db: Queryable, window: number): Promise<Impersonation[]> {
  const since = new Date(Date.now() - (window - 1) * 86_400_000).toISOString().slice(0, 10);
  const { rows } = await db.query<{ principal: string; username: string; queries: string; last_seen: Date }>(
    `SELECT principal, username, sum(queries) AS queries, max(last_seen) AS last_seen
       FROM trino_impersonations WHERE day >= $1::date GROUP BY principal, username`,
    [since],
  );
  return rows.map((r) => ({
    principal: r.principal,
    user: r.username,
    queries: Number(r.queries),
    lastSeen: r.last_seen,
  }));
}

/**
 * What changes for the impersonations made in the window when `after` replaces `before`: each
 * service account asked, under each, whether it may act as that user (ImpersonateUser, as
 * Trino asks it), by the rules engine.
 */
export function diffImpersonations(
  seen: Impersonation[],
  users: UsersNow,
  before: TrinoRules,
  after: TrinoRules,
): ImpersonationChange[] {
  const was = engineOf(before);
  const now = engineOf(after);
  const out: ImpersonationChange[] = [];
  for (const i of seen) {
    const input: AccessInput = {
      context: { identity: { user: i.principal, groups: users.get(i.principal) ?? [] } },
      action: { operation: "ImpersonateUser", resource: { user: { user: i.user } } },
    };
    const could = was.check(input) === true;
    const can = now.check(input) === true;
    if (could === can) continue;
    out.push({
      kind: could ? "denied" : "allowed",
      principal: i.principal,
      principalExists: users.has(i.principal),
      user: i.user,
      queries: i.queries,
      lastSeen: i.lastSeen.toISOString(),
    });
  }
  return out.sort(
    (a, b) => b.queries - a.queries || a.principal.localeCompare(b.principal) || a.user.localeCompare(b.user),
  );
}
