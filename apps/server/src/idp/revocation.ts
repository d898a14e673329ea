import { createLocalJWKSet, jwtVerify, type JWTPayload } from "jose";
import type { KoaContextWithOIDC, Provider } from "oidc-provider";
import type { Config } from "../config.js";
import { GRANT_CLAIM } from "../platform/auth.js";
import type { CacheBus } from "../platform/cache-bus.js";
import type { Db } from "../platform/db/index.js";
import { grantRef, recordRevokedGrant } from "../platform/sessions.js";
import { publicJwks, type IdpKeys } from "./keys.js";

/** The clock tolerance the API allows an access token past its expiry (auth.ts). */
export const TOKEN_CLOCK_TOLERANCE_MS = 5000;

/**
 * Makes the revocation endpoint work for the console's JWT access tokens. A refresh token is
 * revoked by the provider with its grant, and the adapter records the grant as revoked (so its
 * access tokens are refused through the grant they name, GRANT_CLAIM). A JWT access token, which
 * the provider answers "unsupported_token_type", is revoked here with its whole grant, as the
 * provider does for tokens it stores.
 */
export function revocationMiddleware(
  config: Pick<Config, "issuer" | "audience" | "OIDC_USERNAME_CLAIM">,
  db: Db,
  bus: CacheBus,
  keys: IdpKeys,
): Parameters<Provider["use"]>[0] {
  const keySet = createLocalJWKSet(publicJwks(keys));

  async function revokeAccessToken(ctx: KoaContextWithOIDC, value: string): Promise<boolean> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(value, keySet, { issuer: config.issuer, audience: config.audience }));
    } catch {
      // Expired, foreign or forged: nothing of ours to revoke, and RFC 7009 answers 200 all the same.
      return false;
    }
    const claims = payload as Record<string, unknown>;
    const ref = claims[GRANT_CLAIM];
    const rawName = claims[config.OIDC_USERNAME_CLAIM] ?? payload.sub;
    // Only the client the token was issued to may revoke it.
    if (typeof ref !== "string" || typeof rawName !== "string" || claims.client_id !== ctx.oidc.client?.clientId)
      return false;
    await db.tx(async (q) => {
      await recordRevokedGrant(q, rawName, ref, new Date((payload.exp ?? 0) * 1000 + TOKEN_CLOCK_TOLERANCE_MS));
      const { rows } = await q.query<{ id: string }>(
        "SELECT id FROM oidc_payloads WHERE model = 'Grant' AND payload->>'accountId' = $1",
        [payload.sub ?? ""],
      );
      const grant = rows.find((r) => grantRef(r.id) === ref);
      if (grant)
        await q.query("DELETE FROM oidc_payloads WHERE grant_id = $1 OR (model = 'Grant' AND id = $1)", [grant.id]);
    });
    return true;
  }

  return async (koa, next) => {
    await next();
    const ctx = koa as KoaContextWithOIDC;
    if (ctx.oidc?.route !== "revocation") return;
    const body = ctx.body as { error?: string } | undefined;
    const token = ctx.oidc.params?.token;
    if (body?.error !== "unsupported_token_type" || typeof token !== "string") return;
    const revoked = await revokeAccessToken(ctx, token);
    ctx.status = 200;
    ctx.body = "";
    if (revoked) await bus.publish("sessions");
  };
}
