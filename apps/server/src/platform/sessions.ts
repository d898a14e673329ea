import { createHash } from "node:crypto";
import type { Config } from "../config.js";
import type { CacheBus } from "./cache-bus.js";
import type { Db, Queryable } from "./db/index.js";
import { PromiseCache } from "./promise-cache.js";

/** Where a user stands: which tokens still open the API. */
export interface SessionState {
  /** The embedded provider's tokens carry the generation they were issued in; older ones are refused. */
  generation: number;
  /** Tokens issued before this moment (ms) are refused, whichever issuer signed them. */
  validAfter: number | null;
  /** Grants revoked at the revocation endpoint (see grantRef). */
  revokedGrants: Set<string>;
}

const MAX_ENTRIES = 50_000;

/**
 * How a grant is named in the access tokens it produces: a digest, so that a token does not
 * carry the provider's own key for the grant.
 */
export function grantRef(grantId: string): string {
  return createHash("sha256").update(grantId).digest("base64url").slice(0, 22);
}

/**
 * Ends every session of these users, in the caller's transaction: tokens issued so far are
 * refused and the embedded provider's sessions, grants, codes and refresh tokens are deleted.
 * The caller tells the replicas after commit (a "users", "access" or "sessions" message).
 * `unlock` also lifts sign-in locks from failed attempts (a new password makes them moot).
 */
export async function endSessions(q: Queryable, userIds: string[], opts: { unlock?: boolean } = {}): Promise<void> {
  if (userIds.length === 0) return;
  if (opts.unlock)
    await q.query(
      "DELETE FROM login_failures WHERE username IN (SELECT username FROM users WHERE id = ANY($1::uuid[]))",
      [userIds],
    );
  await q.query(
    `UPDATE users SET session_generation = session_generation + 1, sessions_valid_after = now()
      WHERE id = ANY($1::uuid[])`,
    [userIds],
  );
  await q.query("DELETE FROM oidc_payloads WHERE payload->>'accountId' = ANY($1::text[])", [userIds]);
}

/**
 * Ends the sessions of those among `who` (users by name, members of groups by group name, users
 * by id) who can no longer open any menu: a console with nothing to show them is no session.
 * Call it in the transaction that took a menu away, after the change; `who` may be the menu
 * permission as it was (an inactive one opened nothing, so nobody lost it).
 */
export async function endSessionsOfUsersWithoutMenus(
  q: Queryable,
  config: Pick<Config, "RESTRICTED_MENUS" | "DISCOVERY_HUB_URL">,
  who: { users?: string[]; groups?: string[]; userIds?: string[]; status?: boolean },
): Promise<string[]> {
  if (who.status === false) return [];
  const hidden = [...config.RESTRICTED_MENUS, "home", ...(config.DISCOVERY_HUB_URL ? [] : ["discovery-hub"])];
  // The candidates first, by index, then two anti-joins from each: written as one scan of users
  // with OR-ed conditions, it cost a fixed few hundred ms (and JIT compilation) on 100,000 users.
  const { rows } = await q.query<{ id: string }>(
    `WITH who AS (
       SELECT id FROM users WHERE username = ANY($1::text[])
       UNION SELECT id FROM users WHERE id = ANY($3::uuid[])
       UNION SELECT ug.user_id FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE g.name = ANY($2::text[])),
     shown AS (SELECT id FROM menu_permissions WHERE status AND NOT (menu_key = ANY($4::text[])))
     SELECT who.id FROM who
      WHERE NOT EXISTS (SELECT 1 FROM menu_users mu JOIN shown ON shown.id = mu.menu_id WHERE mu.user_id = who.id)
        AND NOT EXISTS (SELECT 1 FROM user_groups ug JOIN menu_groups mg ON mg.group_id = ug.group_id
                          JOIN shown ON shown.id = mg.menu_id WHERE ug.user_id = who.id)`,
    [who.users ?? [], who.groups ?? [], who.userIds ?? [], hidden],
  );
  const ids = rows.map((r) => r.id);
  await endSessions(q, ids);
  return ids;
}

/** Remembers a grant revoked through one of its tokens until its last access token expires. */
export async function recordRevokedGrant(q: Queryable, username: string, ref: string, until: Date): Promise<void> {
  await q.query(
    `INSERT INTO revoked_grants (grant_ref, username, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (grant_ref) DO UPDATE SET expires_at = GREATEST(revoked_grants.expires_at, EXCLUDED.expires_at)`,
    [ref, username.toLowerCase(), until],
  );
}

/**
 * Each user's session state, read from the database and kept for at most `ttlMs`; dropped at
 * once when any replica says users, access or sessions changed. The time limit covers a
 * message lost on the way (a replica reconnecting to the database).
 */
export class SessionStates {
  private readonly cache: PromiseCache<SessionState>;

  constructor(
    private readonly db: Db,
    bus: CacheBus,
    ttlMs: number,
  ) {
    this.cache = new PromiseCache(ttlMs, MAX_ENTRIES);
    for (const topic of ["users", "access", "sessions"] as const) bus.on(topic, () => this.cache.clear());
  }

  get(username: string): Promise<SessionState> {
    const key = username.toLowerCase();
    return this.cache.getOrLoad(key, () => this.load(key));
  }

  private async load(username: string): Promise<SessionState> {
    const { rows } = await this.db.query<{
      generation: number | null;
      valid_after: Date | null;
      revoked: string[] | null;
    }>(
      `SELECT (SELECT session_generation FROM users WHERE username = $1) AS generation,
              (SELECT sessions_valid_after FROM users WHERE username = $1) AS valid_after,
              (SELECT array_agg(grant_ref) FROM revoked_grants WHERE username = $1 AND expires_at > now()) AS revoked`,
      [username],
    );
    const r = rows[0];
    return {
      generation: r?.generation ?? 0,
      validAfter: r?.valid_after ? new Date(r.valid_after).getTime() : null,
      revokedGrants: new Set(r?.revoked ?? []),
    };
  }
}
