/**
 * The data summary: the tables Trino knows, with their statistics as of the last refresh, and
 * a snapshot of each table's figures every time a refresh sees them change (the trend is the
 * difference between the last two).
 */
export const sql = /* sql */ `
CREATE TABLE insights_tables (
  table_id bigserial PRIMARY KEY,
  catalog text NOT NULL,
  schema_name text NOT NULL,
  table_name text NOT NULL,
  column_count integer NOT NULL,
  num_rows double precision,
  data_size double precision,
  -- The refresh that first saw the table, and the last one that saw its figures change.
  added_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- The last refresh that saw the table at all.
  seen_at timestamptz NOT NULL,
  -- Rows since the snapshot before the last one (null without one, or without row counts).
  change_set double precision,
  percentage_change double precision,
  UNIQUE (catalog, schema_name, table_name)
);
-- The two orders of the data summary, ties by name.
CREATE INDEX insights_tables_updated_idx ON insights_tables (updated_at DESC, catalog, schema_name, table_name);
CREATE INDEX insights_tables_added_idx ON insights_tables (added_at DESC, catalog, schema_name, table_name);
CREATE INDEX insights_tables_name_idx ON insights_tables (lower(table_name) text_pattern_ops);

CREATE TABLE insights_table_snapshots (
  table_id bigint NOT NULL REFERENCES insights_tables (table_id) ON DELETE CASCADE,
  taken_at timestamptz NOT NULL,
  column_count integer NOT NULL,
  num_rows double precision,
  data_size double precision,
  PRIMARY KEY (table_id, taken_at)
);

-- Why the last refresh could not read Trino (the tables shown are then the previous ones).
ALTER TABLE insights_snapshot ADD COLUMN tables_error text;
`;
