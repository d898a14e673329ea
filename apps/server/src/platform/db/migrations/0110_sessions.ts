/**
 * Ending a user's sessions on every replica: a generation the embedded provider's tokens
 * carry, the moment before which any issuer's tokens are refused, the grants revoked at the
 * revocation endpoint, and failed sign-ins counted per name and client address.
 */
export const sql = /* sql */ `
ALTER TABLE users ADD COLUMN session_generation integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN sessions_valid_after timestamptz;

-- The provider's records of one account (sessions, grants, refresh tokens, codes) go at once.
CREATE INDEX oidc_payloads_account_idx ON oidc_payloads ((payload->>'accountId'));

-- A grant revoked through one of its tokens: its access tokens (JWTs) are refused until they expire.
CREATE TABLE revoked_grants (
  grant_ref text PRIMARY KEY,
  username text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_grants_user_idx ON revoked_grants (username, expires_at);

-- Failed sign-ins per name and address: a lock here holds back that address only.
CREATE TABLE login_failures (
  username text NOT NULL,
  ip_address text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  first_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  PRIMARY KEY (username, ip_address)
);
CREATE INDEX login_failures_first_idx ON login_failures (first_at);
`;
