/**
 * Who authenticated for a query when it ran as another user (Trino's `context.principal`), and
 * per UTC day how often each service account acted as each user: the impact preview lists the
 * service accounts a Sync would stop impersonating someone (docs/policies.md, "Impact preview").
 */
export const sql = /* sql */ `
ALTER TABLE trino_query_events ADD COLUMN principal text;

CREATE TABLE trino_impersonations (
  principal text NOT NULL,
  username text NOT NULL,
  day date NOT NULL,
  queries integer NOT NULL,
  last_seen timestamptz NOT NULL,
  PRIMARY KEY (principal, username, day)
);
CREATE INDEX trino_impersonations_day_idx ON trino_impersonations (day);
`;
