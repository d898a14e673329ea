/**
 * Audit sources from the other systems (Trino, MinIO, Airflow, Keycloak), the indexes the
 * audits screen's filters need at millions of rows, and the archive that retention moves
 * old events into. The console's own trail may only lose rows to the archive, in the same
 * transaction that copies them there (see platform/audit.ts).
 */
export const sql = /* sql */ `
CREATE INDEX audit_events_source_user_time_idx ON audit_events (source, username, created_at DESC);
CREATE INDEX audit_events_source_action_time_idx ON audit_events (source, action, created_at DESC);
CREATE INDEX audit_events_source_subject_time_idx ON audit_events (source, subject_id, created_at DESC);

CREATE TABLE audit_events_archive (LIKE audit_events INCLUDING DEFAULTS);
ALTER TABLE audit_events_archive ADD PRIMARY KEY (seq);
ALTER TABLE audit_events_archive ADD COLUMN archived_at timestamptz NOT NULL DEFAULT now();

CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Retention moves rows to audit_events_archive in the same transaction, after setting this.
  IF TG_OP = 'DELETE' AND current_setting('console.audit_archiving', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = 'P0001';
END
$$;

ALTER TABLE login_events ADD COLUMN realm text NOT NULL DEFAULT 'console';
ALTER TABLE login_events ADD COLUMN external_id text;
CREATE UNIQUE INDEX login_events_external_idx ON login_events (realm, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX login_events_user_time_idx ON login_events (username, time DESC);
CREATE INDEX login_events_type_time_idx ON login_events (type, time DESC);
CREATE INDEX login_events_client_time_idx ON login_events (client_id, time DESC);

CREATE OR REPLACE FUNCTION identity_admin_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('console.audit_archiving', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'identity_admin_events is append-only' USING ERRCODE = 'P0001';
END
$$;

ALTER TABLE identity_admin_events ADD COLUMN external_id text;
CREATE UNIQUE INDEX identity_admin_events_external_idx ON identity_admin_events (realm, external_id)
  WHERE external_id IS NOT NULL;
CREATE INDEX identity_admin_events_resource_time_idx ON identity_admin_events (resource_type, time DESC);
CREATE INDEX identity_admin_events_op_time_idx ON identity_admin_events (operation_type, time DESC);
CREATE INDEX identity_admin_events_user_time_idx ON identity_admin_events ((auth_details->>'username'), time DESC);

-- Completed queries posted by Trino's HTTP event listener; one row per query id.
CREATE TABLE trino_query_events (
  query_id text PRIMARY KEY,
  created_at timestamptz NOT NULL,
  end_time timestamptz,
  username text NOT NULL,
  source_ip text,
  client_source text,
  user_agent text,
  catalog text,
  schema_name text,
  query_type text,
  query text NOT NULL,
  query_state text NOT NULL,
  failed boolean NOT NULL,
  wall_seconds double precision,
  cpu_seconds double precision,
  queued_seconds double precision,
  error_code text,
  error_name text,
  failure_type text,
  failure_message text,
  inputs jsonb NOT NULL DEFAULT '[]',
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trino_query_events_time_idx ON trino_query_events (created_at DESC);
CREATE INDEX trino_query_events_user_time_idx ON trino_query_events (lower(username) text_pattern_ops, created_at DESC);
CREATE INDEX trino_query_events_failed_time_idx ON trino_query_events (failed, created_at DESC);

-- MinIO's audit webhook; a request is stored once (MinIO retries a batch it could not deliver).
CREATE TABLE minio_audit_events (
  id bigserial PRIMARY KEY,
  entry_key text NOT NULL UNIQUE,
  time timestamptz NOT NULL,
  username text,
  remote_host text,
  bucket text,
  object text,
  api_name text NOT NULL,
  api_status text,
  status_code integer,
  time_to_response_ns bigint,
  rx bigint,
  tx bigint,
  request_id text,
  deployment_id text,
  user_agent text,
  request_header jsonb NOT NULL DEFAULT '{}',
  response_header jsonb NOT NULL DEFAULT '{}',
  error text
);
CREATE INDEX minio_audit_events_time_idx ON minio_audit_events (time DESC);
CREATE INDEX minio_audit_events_user_time_idx ON minio_audit_events (username, time DESC);
CREATE INDEX minio_audit_events_bucket_time_idx ON minio_audit_events (lower(bucket) text_pattern_ops, time DESC);

-- DAG runs read from Airflow's REST API; a run's state is updated as Airflow reports it.
CREATE TABLE airflow_dag_runs (
  dag_id text NOT NULL,
  run_id text NOT NULL,
  execution_date timestamptz NOT NULL,
  start_date timestamptz,
  end_date timestamptz,
  run_type text NOT NULL,
  external_trigger boolean NOT NULL,
  state text NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (dag_id, run_id)
);
CREATE INDEX airflow_dag_runs_time_idx ON airflow_dag_runs (execution_date DESC);

-- Rows of the other sources past the retention period, kept whole as JSON.
CREATE TABLE audit_source_archive (
  id bigserial PRIMARY KEY,
  source text NOT NULL,
  time timestamptz NOT NULL,
  row jsonb NOT NULL,
  archived_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_source_archive_source_time_idx ON audit_source_archive (source, time DESC);
`;
