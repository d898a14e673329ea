/**
 * Every index costs each stored event an insert. The index on (failed, time) held every query,
 * though it serves only the Trino tab's "failure" filter (the "success" filter reads the time
 * index, which carries `failed`). It now holds the failed queries alone, with what a page's keys
 * and capped count read, so a successful query (most of them) adds no entry to it.
 */
export const sql = /* sql */ `
DROP INDEX trino_query_events_failed_time_idx;
CREATE INDEX trino_query_events_failed_time_idx ON trino_query_events (created_at DESC)
  INCLUDE (wall_seconds, username, query_id) WHERE failed;
`;
