/**
 * The audits screen's filters combine a time range with status, duration, type or client:
 * carrying those columns in the indexes lets the capped counts run from the index alone.
 */
export const sql = /* sql */ `
DROP INDEX trino_query_events_user_time_idx;
CREATE INDEX trino_query_events_user_time_idx ON trino_query_events (lower(username) text_pattern_ops, created_at DESC)
  INCLUDE (failed, wall_seconds);
DROP INDEX trino_query_events_time_idx;
CREATE INDEX trino_query_events_time_idx ON trino_query_events (created_at DESC) INCLUDE (failed, wall_seconds, username);
DROP INDEX login_events_type_time_idx;
CREATE INDEX login_events_type_time_idx ON login_events (type, time DESC) INCLUDE (client_id, username);
DROP INDEX minio_audit_events_time_idx;
CREATE INDEX minio_audit_events_time_idx ON minio_audit_events (time DESC) INCLUDE (username, bucket);
`;
