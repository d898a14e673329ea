import { randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { Db } from "../platform/db/index.js";

const KEYS_LOCK = 727_003;

export interface IdpKeys {
  /** Private signing keys (never leave the server). */
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

/** Signing and cookie keys, generated once, kept in the database and shared by replicas. */
export async function loadOrCreateKeys(db: Db): Promise<IdpKeys> {
  return db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock($1)", [KEYS_LOCK]);
    const { rows } = await q.query<{ value: IdpKeys }>("SELECT value FROM app_settings WHERE key = 'idp.keys'");
    if (rows[0]) return rows[0].value;
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = await exportJWK(privateKey);
    const keys: IdpKeys = {
      jwks: { keys: [{ ...jwk, kid: randomBytes(8).toString("hex"), alg: "RS256", use: "sig" }] },
      cookieKeys: [randomBytes(32).toString("base64url")],
    };
    await q.query("INSERT INTO app_settings (key, value) VALUES ('idp.keys', $1)", [JSON.stringify(keys)]);
    return keys;
  });
}

/** The public half of the signing keys, as published at the JWKS endpoint. */
export function publicJwks(keys: IdpKeys): { keys: JWK[] } {
  return {
    keys: keys.jwks.keys.map(({ kty, n, e, kid, alg, use, crv, x, y }) =>
      Object.fromEntries(Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined)),
    ),
  };
}
