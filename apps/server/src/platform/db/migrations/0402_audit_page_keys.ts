/**
 * A filtered audits page first finds its keys from an index alone, then reads those few rows.
 * For that the indexes carry the key and every column a filter looks at (an index on
 * lower(name) is only used alone when it also carries the name itself).
 */
export const sql = /* sql */ `
DROP INDEX trino_query_events_user_time_idx;
CREATE INDEX trino_query_events_user_time_idx ON trino_query_events (lower(username) text_pattern_ops, created_at DESC)
  INCLUDE (failed, wall_seconds, username, query_id);
DROP INDEX trino_query_events_time_idx;
CREATE INDEX trino_query_events_time_idx ON trino_query_events (created_at DESC)
  INCLUDE (failed, wall_seconds, username, query_id);
DROP INDEX minio_audit_events_time_idx;
CREATE INDEX minio_audit_events_time_idx ON minio_audit_events (time DESC) INCLUDE (username, bucket, id);
DROP INDEX minio_audit_events_bucket_time_idx;
CREATE INDEX minio_audit_events_bucket_time_idx ON minio_audit_events (lower(bucket) text_pattern_ops, time DESC)
  INCLUDE (bucket, username, id);
-- Sign-in events filtered by type and client: both in the key, so a count reads only what matches.
DROP INDEX login_events_type_time_idx;
CREATE INDEX login_events_type_time_idx ON login_events (type, client_id, time DESC) INCLUDE (username);
`;
