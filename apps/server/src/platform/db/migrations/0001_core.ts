/** Identity, access and the append-only audit trail: what every other module stands on. */
export const sql = /* sql */ `
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL UNIQUE CHECK (username = lower(username) AND length(username) BETWEEN 1 AND 255),
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  password_hash text,
  password_must_change boolean NOT NULL DEFAULT false,
  source text NOT NULL DEFAULT 'local',
  external_id text,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_email_idx ON users (lower(email));

CREATE TABLE groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 255),
  source text NOT NULL DEFAULT 'local',
  external_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_groups (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, group_id)
);
CREATE INDEX user_groups_group_idx ON user_groups (group_id);

CREATE TABLE menu_permissions (
  id serial PRIMARY KEY,
  menu_key text NOT NULL UNIQUE,
  menu_name text NOT NULL,
  section_name text NOT NULL,
  priority integer NOT NULL,
  status boolean NOT NULL DEFAULT true
);
CREATE TABLE menu_users (
  menu_id integer NOT NULL REFERENCES menu_permissions(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (menu_id, user_id)
);
CREATE TABLE menu_groups (
  menu_id integer NOT NULL REFERENCES menu_permissions(id) ON DELETE CASCADE,
  group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  PRIMARY KEY (menu_id, group_id)
);

CREATE TABLE component_permissions (
  id serial PRIMARY KEY,
  component_key text NOT NULL UNIQUE,
  component_name text NOT NULL,
  section_name text NOT NULL,
  status boolean NOT NULL DEFAULT true
);
CREATE TABLE component_users (
  component_id integer NOT NULL REFERENCES component_permissions(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (component_id, user_id)
);
CREATE TABLE component_groups (
  component_id integer NOT NULL REFERENCES component_permissions(id) ON DELETE CASCADE,
  group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  PRIMARY KEY (component_id, group_id)
);

-- Key/value settings the console keeps for itself (signing keys, cookie keys, preferences).
CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- State of the embedded OpenID Connect provider (sessions, codes, tokens, interactions).
CREATE TABLE oidc_payloads (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_payloads_grant_idx ON oidc_payloads (grant_id);
CREATE INDEX oidc_payloads_uid_idx ON oidc_payloads (uid);
CREATE INDEX oidc_payloads_expires_idx ON oidc_payloads (expires_at);

-- Sign-ins, failed sign-ins and logouts, for the audits screen.
CREATE TABLE login_events (
  id bigserial PRIMARY KEY,
  time timestamptz NOT NULL DEFAULT now(),
  username text NOT NULL,
  ip_address text,
  type text NOT NULL,
  client_id text,
  error text,
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX login_events_time_idx ON login_events (time DESC);

-- The append-only audit trail. Each row carries the hash of the previous row and of its
-- own canonical content; the database refuses to change or remove a row.
CREATE TABLE audit_events (
  seq bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  source text NOT NULL,
  action text NOT NULL,
  username text NOT NULL,
  ip_address text,
  status text NOT NULL,
  subject_id text,
  subject_name text,
  summary text,
  details jsonb NOT NULL DEFAULT '{}',
  prev_hash text NOT NULL,
  hash text NOT NULL
);
CREATE INDEX audit_events_source_time_idx ON audit_events (source, created_at DESC);

CREATE TABLE audit_chain_head (
  id integer PRIMARY KEY CHECK (id = 1),
  seq bigint NOT NULL,
  hash text NOT NULL
);

CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = 'P0001';
END
$$;
CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
`;
