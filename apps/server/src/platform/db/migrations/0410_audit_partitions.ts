/**
 * The high-volume audit tables become partitioned by month (declarative range partitioning),
 * so that no table grows without bound and retention removes a month as one partition.
 *
 * An existing table is not copied: it is renamed and attached whole as the partition
 * `<table>_legacy` covering everything up to the end of the current month. Only its keys are
 * rebuilt (a partitioned table's unique keys must hold the partition column), so the lock lasts
 * one scan and one index build per key rather than a rewrite of every row. An empty table is
 * simply replaced. A default partition catches any time no month partition covers, so an
 * insert never fails; `audit_ensure_month` creates months ahead (scheduled, see
 * platform/db/partitions.ts) and moves into a new month whatever the default caught for it.
 */
export const sql = /* sql */ `
CREATE FUNCTION audit_partition_bounds(parent text)
  RETURNS TABLE (name text, lo timestamptz, hi timestamptz, is_default boolean) LANGUAGE sql STABLE AS $$
  SELECT c.relname::text,
         substring(b.expr FROM 'FROM \\(''([^'']+)''\\)')::timestamptz,
         substring(b.expr FROM 'TO \\(''([^'']+)''\\)')::timestamptz,
         b.expr = 'DEFAULT'
    FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
   CROSS JOIN LATERAL (SELECT pg_get_expr(c.relpartbound, c.oid) AS expr) b
   WHERE i.inhparent = parent::regclass
$$;

CREATE FUNCTION audit_ensure_month(parent text, at timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  a timestamptz := date_trunc('month', at, 'UTC');
  -- Month arithmetic in UTC: in the session's zone a daylight-saving change would shift it.
  b timestamptz := ((date_trunc('month', at, 'UTC') AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
  name text := parent || '_p' || to_char(date_trunc('month', at, 'UTC') AT TIME ZONE 'UTC', 'YYYY_MM');
  col text;
  caught boolean;
BEGIN
  IF EXISTS (SELECT 1 FROM audit_partition_bounds(parent) p
              WHERE NOT p.is_default AND (p.lo IS NULL OR p.lo < b) AND p.hi > a) THEN
    RETURN false;
  END IF;
  SELECT att.attname INTO col FROM pg_partitioned_table pt
    JOIN pg_attribute att ON att.attrelid = pt.partrelid AND att.attnum = pt.partattrs[0]
   WHERE pt.partrelid = parent::regclass;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I >= $1 AND %I < $2)', parent || '_default', col, col)
    INTO caught USING a, b;
  IF caught THEN
    -- The default partition holds rows of this month: they move into the new month's table,
    -- in this transaction, before it is attached (attaching checks the default holds none).
    PERFORM set_config('console.audit_archiving', 'on', true);
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name, parent);
    EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= $1 AND %I < $2 RETURNING *) INSERT INTO %I SELECT * FROM moved',
                   parent || '_default', col, col, name) USING a, b;
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, name, a, b);
    PERFORM set_config('console.audit_archiving', 'off', true);
  ELSE
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', name, parent, a, b);
  END IF;
  IF parent = 'audit_events' THEN
    -- Statement triggers are not cloned to partitions: each refuses TRUNCATE itself.
    EXECUTE format('CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()', name);
  END IF;
  RETURN true;
END
$$;

CREATE FUNCTION audit_partition_table(tbl text, col text, keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  legacy text := tbl || '_legacy';
  r record;
  defs text[] := '{}';
  stmt text;
  newest timestamptz;
BEGIN
  EXECUTE format('ALTER TABLE %I RENAME TO %I', tbl, legacy);
  -- Triggers come back on the partitioned table, which clones them to every partition.
  FOR r IN SELECT tgname FROM pg_trigger WHERE tgrelid = legacy::regclass AND NOT tgisinternal LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', r.tgname, legacy);
  END LOOP;
  -- Keys without the month cannot stay: \`keys\` replaces them with keys that hold it.
  FOR r IN SELECT conname FROM pg_constraint WHERE conrelid = legacy::regclass AND contype IN ('p', 'u') LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', legacy, r.conname);
  END LOOP;
  -- The other indexes are declared again on the partitioned table; attaching adopts the
  -- legacy table's identical ones instead of building them.
  FOR r IN SELECT c.relname::text AS name, pg_get_indexdef(i.indexrelid) AS def, i.indisunique AS uniq
             FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = legacy::regclass LOOP
    IF r.uniq THEN
      EXECUTE format('DROP INDEX %I', r.name);
    ELSE
      EXECUTE format('ALTER INDEX %I RENAME TO %I', r.name, left(r.name, 56) || '_legacy');
      defs := defs || regexp_replace(r.def, ' ON \\S+ USING ', format(' ON %I USING ', tbl));
    END IF;
  END LOOP;
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (%I)',
                 tbl, legacy, col);
  FOR r IN SELECT a.attname::text AS name, pg_get_serial_sequence(legacy, a.attname) AS seq
             FROM pg_attribute a WHERE a.attrelid = legacy::regclass AND a.attnum > 0 AND NOT a.attisdropped LOOP
    IF r.seq IS NOT NULL THEN
      EXECUTE format('ALTER SEQUENCE %s OWNED BY %I.%I', r.seq, tbl, r.name);
    END IF;
  END LOOP;
  FOREACH stmt IN ARRAY keys || defs LOOP
    EXECUTE stmt;
  END LOOP;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', tbl || '_default', tbl);
  EXECUTE format('SELECT max(%I) FROM %I', col, legacy) INTO newest;
  IF newest IS NULL THEN
    EXECUTE format('DROP TABLE %I', legacy);
  ELSE
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)', tbl, legacy,
      ((date_trunc('month', greatest(now(), newest), 'UTC') AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC');
  END IF;
  -- This month; the scheduled maintenance makes the months ahead (platform/db/partitions.ts).
  PERFORM audit_ensure_month(tbl, now());
END
$$;

SELECT audit_partition_table('trino_query_events', 'created_at',
  ARRAY['ALTER TABLE trino_query_events ADD PRIMARY KEY (query_id, created_at)']);
SELECT audit_partition_table('minio_audit_events', 'time',
  ARRAY['ALTER TABLE minio_audit_events ADD PRIMARY KEY (id, time)',
        'ALTER TABLE minio_audit_events ADD UNIQUE (entry_key, time)']);
SELECT audit_partition_table('login_events', 'time',
  ARRAY['ALTER TABLE login_events ADD PRIMARY KEY (id, time)',
        'CREATE UNIQUE INDEX login_events_external_idx ON login_events (realm, external_id, time) WHERE external_id IS NOT NULL']);
SELECT audit_partition_table('identity_admin_events', 'time',
  ARRAY['ALTER TABLE identity_admin_events ADD PRIMARY KEY (id, time)',
        'CREATE UNIQUE INDEX identity_admin_events_external_idx ON identity_admin_events (realm, external_id, time) WHERE external_id IS NOT NULL']);
SELECT audit_partition_table('airflow_dag_runs', 'execution_date',
  ARRAY['ALTER TABLE airflow_dag_runs ADD PRIMARY KEY (dag_id, run_id, execution_date)']);
SELECT audit_partition_table('audit_events', 'created_at',
  ARRAY['ALTER TABLE audit_events ADD PRIMARY KEY (seq, created_at)',
        'ALTER TABLE audit_events ADD UNIQUE (id, created_at)']);

CREATE TRIGGER identity_admin_events_no_change BEFORE UPDATE OR DELETE ON identity_admin_events
  FOR EACH ROW EXECUTE FUNCTION identity_admin_events_append_only();
CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
DO $$
DECLARE p text;
BEGIN
  FOR p IN SELECT name FROM audit_partition_bounds('audit_events') WHERE name !~ '_p[0-9]{4}_[0-9]{2}$' LOOP
    EXECUTE format('CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()', p);
  END LOOP;
END
$$;

-- The head remembers its time: a new event is never dated before the previous one, so the
-- order of the chain and the months agree and a month partition holds one stretch of the chain.
ALTER TABLE audit_chain_head ADD COLUMN created_at timestamptz;
UPDATE audit_chain_head SET created_at = (SELECT max(created_at) FROM audit_events);

-- Where retention took a stretch of the trail away (an archived or dropped month), the last
-- link of that stretch: the chain verifies across it. Each is sealed by a trail event that
-- carries it, so a checkpoint cannot be added afterwards without breaking the chain.
CREATE TABLE audit_chain_checkpoints (
  seq bigint PRIMARY KEY,
  hash text NOT NULL,
  first_seq bigint NOT NULL,
  events bigint NOT NULL,
  partition_name text NOT NULL,
  range_from timestamptz,
  range_to timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Months past the retention period, detached whole; an operator may dump and drop them.
CREATE SCHEMA audit_archive;
`;
