import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Db } from "../platform/db/index.js";
import { grantRef, recordRevokedGrant } from "../platform/sessions.js";

/**
 * Keeps the provider's sessions, codes, tokens and interactions in the database, so any
 * replica can continue what another started. `revokedGrantMs`: how long a destroyed grant's
 * access tokens may still be presented (their lifetime and the API's clock tolerance).
 */
export function databaseAdapter(db: Db, revokedGrantMs: number): new (model: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await db.query(
        `INSERT INTO oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresAt,
        ],
      );
    }

    async findBy(column: "id" | "uid" | "user_code", value: string): Promise<AdapterPayload | undefined> {
      const { rows } = await db.query<{ payload: AdapterPayload; consumed_at: Date | null }>(
        `SELECT payload, consumed_at FROM oidc_payloads
          WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.model, value],
      );
      const row = rows[0];
      if (!row) return undefined;
      return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
    }

    find(id: string) {
      return this.findBy("id", id);
    }

    findByUid(uid: string) {
      return this.findBy("uid", uid);
    }

    findByUserCode(userCode: string) {
      return this.findBy("user_code", userCode);
    }

    async consume(id: string): Promise<void> {
      await db.query("UPDATE oidc_payloads SET consumed_at = now() WHERE model = $1 AND id = $2", [this.model, id]);
    }

    async destroy(id: string): Promise<void> {
      if (this.model !== "Grant") {
        await db.query("DELETE FROM oidc_payloads WHERE model = $1 AND id = $2", [this.model, id]);
        return;
      }
      // The provider destroys a grant when it revokes it: at the revocation endpoint, and when an
      // authorization code is redeemed twice or a used refresh token comes back (a theft). Its
      // JWT access tokens are not stored, so the API refuses them through the grant they name.
      await db.tx(async (q) => {
        const { rows } = await q.query<{ username: string | null }>(
          `WITH gone AS (DELETE FROM oidc_payloads WHERE model = 'Grant' AND id = $1 RETURNING payload->>'accountId' AS account_id)
           SELECT u.username FROM gone JOIN users u ON u.id::text = gone.account_id`,
          [id],
        );
        const username = rows[0]?.username;
        if (username) await recordRevokedGrant(q, username, grantRef(id), new Date(Date.now() + revokedGrantMs));
      });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query("DELETE FROM oidc_payloads WHERE grant_id = $1", [grantId]);
    }
  };
}

/** Removes expired provider records and revocations of tokens that expired; called on a schedule. */
export async function purgeExpired(db: Db): Promise<number> {
  const r = await db.query("DELETE FROM oidc_payloads WHERE expires_at < now() - interval '1 hour'");
  await db.query("DELETE FROM revoked_grants WHERE expires_at < now()");
  return r.rowCount;
}
