/**
 * Changes to the console's own directory, shaped as Keycloak's admin events so that the
 * audits screen reads them the same way from either source. Append-only, like the audit trail.
 */
export const sql = /* sql */ `
CREATE TABLE identity_admin_events (
  id bigserial PRIMARY KEY,
  time timestamptz NOT NULL DEFAULT now(),
  realm text NOT NULL DEFAULT 'console',
  auth_details jsonb NOT NULL,
  operation_type text NOT NULL CHECK (operation_type IN ('CREATE', 'UPDATE', 'DELETE', 'ACTION')),
  resource_type text NOT NULL,
  resource_path text NOT NULL,
  representation jsonb,
  error text
);
CREATE INDEX identity_admin_events_time_idx ON identity_admin_events (time DESC);

CREATE FUNCTION identity_admin_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'identity_admin_events is append-only' USING ERRCODE = 'P0001';
END
$$;
CREATE TRIGGER identity_admin_events_no_change BEFORE UPDATE OR DELETE ON identity_admin_events
  FOR EACH ROW EXECUTE FUNCTION identity_admin_events_append_only();
`;
