/**
 * Insights are computed from the raw query events on a schedule into these tables, so the
 * insights screen reads a handful of rows and never scans the events.
 */
export const sql = /* sql */ `
CREATE TABLE insights_snapshot (
  id smallint PRIMARY KEY CHECK (id = 1),
  computed_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  analytics jsonb NOT NULL,
  -- Why the last refresh could not read Airflow (its pipelines are then the previous ones).
  pipelines_error text
);

-- Airflow DAGs grouped by their first tag, as of the last refresh.
CREATE TABLE insights_pipelines (
  name text PRIMARY KEY,
  state text NOT NULL,
  status_code smallint NOT NULL,
  job_count integer NOT NULL,
  weekly_avg_running_time double precision,
  monthly_avg_running_time double precision,
  jobs jsonb NOT NULL
);
CREATE INDEX insights_pipelines_name_idx ON insights_pipelines (lower(name) text_pattern_ops);

-- The refresh reads the events of a window by time.
CREATE INDEX trino_query_events_created_user_idx ON trino_query_events (created_at, lower(username));
`;
