/** Uploaded licence files. At most one is in force; the others stay as history. */
export const sql = /* sql */ `
CREATE TABLE licences (
  id bigserial PRIMARY KEY,
  serial_number text NOT NULL,
  file_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  uploaded_by text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  customer text NOT NULL,
  issue_date date NOT NULL,
  expiry_date date NOT NULL,
  components text[] NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'inactive', 'deleted')),
  license text NOT NULL
);
CREATE UNIQUE INDEX licences_one_active ON licences ((status)) WHERE status = 'active';
CREATE UNIQUE INDEX licences_serial_kept ON licences (serial_number) WHERE status <> 'deleted';
CREATE INDEX licences_uploaded_idx ON licences (uploaded_at DESC, id DESC);
`;
