/**
 * Scheduled work shared by every replica: one row per task, claimed atomically so that a
 * task due at the same moment on several replicas runs on one of them.
 */
export const sql = /* sql */ `
CREATE TABLE scheduled_runs (
  name text PRIMARY KEY,
  last_started_at timestamptz NOT NULL,
  started_by text NOT NULL,
  runs bigint NOT NULL DEFAULT 1
);
`;
