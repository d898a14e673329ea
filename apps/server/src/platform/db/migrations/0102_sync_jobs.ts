/** Directory sync runs: one row per job, with its outcome. */
export const sql = /* sql */ `
CREATE TABLE sync_jobs (
  id uuid PRIMARY KEY,
  trigger text NOT NULL CHECK (trigger IN ('manual', 'periodic')),
  started_by text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  synced_users integer,
  synced_groups integer,
  message text
);
CREATE INDEX sync_jobs_started_idx ON sync_jobs (started_at DESC);
`;
