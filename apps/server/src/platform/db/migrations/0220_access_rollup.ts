import { accessRollupCtes, ROLLUP_DAYS } from "../access-rollup-sql.js";

/**
 * Distinct accesses read from Trino's query events and their queries per UTC day, for the
 * policies' impact preview: maintained at ingest, so that a preview sums a window of days by
 * a 64-bit key and never scans the events. Filled once from the events already stored.
 */
export const sql = /* sql */ `
CREATE TABLE trino_accesses (
  access_key bigint PRIMARY KEY,
  username text NOT NULL,
  catalog text NOT NULL,
  schema_name text NOT NULL,
  table_name text NOT NULL,
  columns text[] NOT NULL
);
CREATE INDEX trino_accesses_catalog_idx ON trino_accesses (catalog, username);

CREATE TABLE trino_access_rollup (
  access_key bigint NOT NULL,
  day date NOT NULL,
  queries integer NOT NULL,
  last_seen timestamptz NOT NULL,
  PRIMARY KEY (access_key, day)
);
CREATE INDEX trino_access_rollup_day_idx ON trino_access_rollup (day);

WITH ${accessRollupCtes(`(SELECT query_id, username, created_at, inputs, error_name FROM trino_query_events
  WHERE created_at >= now() - interval '${ROLLUP_DAYS} days')`)}
SELECT 1;
`;
