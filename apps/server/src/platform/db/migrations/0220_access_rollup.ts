import { accessRollupUpsert, ROLLUP_DAYS } from "../../../modules/policies/access-rollup.js";

/**
 * Distinct accesses read from Trino's query events, per UTC day, for the policies' impact
 * preview: maintained at ingest, so a preview sums a window of days and never scans the events.
 * Filled once from the events already stored.
 */
export const sql = /* sql */ `
CREATE TABLE trino_access_rollup (
  day date NOT NULL,
  username text NOT NULL,
  catalog text NOT NULL,
  schema_name text NOT NULL,
  table_name text NOT NULL,
  columns text[] NOT NULL,
  queries integer NOT NULL,
  last_seen timestamptz NOT NULL,
  PRIMARY KEY (day, username, catalog, schema_name, table_name, columns)
);
CREATE INDEX trino_access_rollup_table_idx ON trino_access_rollup (catalog, schema_name, table_name, day);

${accessRollupUpsert(`(SELECT query_id, username, created_at, inputs FROM trino_query_events
  WHERE created_at >= now() - interval '${ROLLUP_DAYS} days')`)};
`;
