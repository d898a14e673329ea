// Seeding for bench:audits: events of every source spread evenly over a span of time, with
// set-based SQL in chunks, and the measurement of the partitioning migration on a database
// of the previous release.
import pg from "pg";
import { tempDatabase } from "./lib.mjs";

export const SPAN_DAYS = Number(process.env.BENCH_AUDIT_DAYS ?? 365);
const SPAN = SPAN_DAYS * 86_400;
const CHUNK = 1_000_000;
export const SHARE = { trino: 0.36, minio: 0.3, trail: 0.2, login: 0.08, admin: 0.04, airflow: 0.02 };
export const TABLES = {
  trino: "trino_query_events",
  minio: "minio_audit_events",
  trail: "audit_events",
  login: "login_events",
  admin: "identity_admin_events",
  airflow: "airflow_dag_runs",
};

// $1: the table's row count, $2: the span in seconds, $3 and $4: this chunk's first and last i.
// Row i is dated i/N of the span ago: the rows spread evenly over the whole span.
const at = "now() - (i::float8 * $2 / $1) * interval '1 second'";
const SQL = {
  trino: `INSERT INTO trino_query_events (query_id, created_at, end_time, username, source_ip, query, query_state, failed, wall_seconds, catalog, error_name, failure_message)
     SELECT 'q' || i, ${at}, ${at} + interval '2 seconds',
            'user' || (i % 200), '10.0.' || (i % 250) || '.' || (i % 7),
            'SELECT col_' || (i % 50) || E'\\n  FROM iceberg.sales.t' || (i % 30) || ' WHERE id = ' || i,
            CASE WHEN i % 17 = 0 THEN 'FAILED' ELSE 'FINISHED' END, i % 17 = 0, (i % 60000) / 1000.0,
            (ARRAY['iceberg','hive','postgresql'])[1 + i % 3],
            CASE WHEN i % 17 = 0 THEN 'SYNTAX_ERROR' END, CASE WHEN i % 17 = 0 THEN 'line 1:1: bad' END
       FROM generate_series($3::bigint, $4::bigint) i`,
  minio: `INSERT INTO minio_audit_events (entry_key, time, username, remote_host, bucket, object, api_name, api_status, status_code, time_to_response_ns, request_id)
     SELECT 'k' || i, ${at}, 'user' || (i % 200), '10.1.' || (i % 250) || '.1',
            (ARRAY['sales-raw','finance','ml-features','warehouse','logs'])[1 + i % 5], 'o/' || i,
            (ARRAY['PutObject','GetObject','ListObjectsV2','DeleteObject'])[1 + i % 4], 'OK', 200, (i % 5000)::bigint * 1000000, 'R' || i
       FROM generate_series($3::bigint, $4::bigint) i`,
  // The trail's rows carry placeholder hashes: the chain is not what this measures.
  trail: `INSERT INTO audit_events (id, created_at, source, action, username, ip_address, status, subject_id, subject_name, summary, details, prev_hash, hash)
     SELECT gen_random_uuid(), ${at},
            (ARRAY['user-management-userManagement','user-management-sync','policy-management-acl','settings-menu','settings-components','debezium-connectors'])[1 + i % 6],
            (ARRAY['Enable','Disable','Update','Create'])[1 + i % 4], 'user' || (i % 200), '10.2.0.' || (i % 250),
            CASE WHEN i % 11 = 0 THEN 'failure' ELSE 'success' END, (i % 5000)::text, 'subject-' || (i % 5000), 'summary ' || i,
            '{}'::jsonb, 'x', 'x'
       FROM generate_series($3::bigint, $4::bigint) i`,
  login: `INSERT INTO login_events (time, username, ip_address, type, client_id)
     SELECT ${at}, 'user' || (i % 200), '10.3.0.' || (i % 250),
            (ARRAY['LOGIN','LOGOUT','LOGIN_ERROR','REFRESH_TOKEN'])[1 + i % 4], (ARRAY['platform-console','trino','superset'])[1 + i % 3]
       FROM generate_series($3::bigint, $4::bigint) i`,
  admin: `INSERT INTO identity_admin_events (time, auth_details, operation_type, resource_type, resource_path)
     SELECT ${at},
            jsonb_build_object('username', 'user' || (i % 200), 'ipAddress', '10.4.0.1', 'clientId', 'admin-cli'),
            (ARRAY['CREATE','UPDATE','DELETE','ACTION'])[1 + i % 4], (ARRAY['USER','GROUP','GROUP_MEMBERSHIP'])[1 + i % 3], 'users/' || i
       FROM generate_series($3::bigint, $4::bigint) i`,
  airflow: `INSERT INTO airflow_dag_runs (dag_id, run_id, execution_date, start_date, end_date, run_type, external_trigger, state)
     SELECT 'dag_' || (i % 40), 'scheduled__' || i, ${at}, ${at},
            ${at} + interval '90 seconds', 'scheduled', i % 9 = 0,
            CASE WHEN i % 13 = 0 THEN 'failed' ELSE 'success' END
       FROM generate_series($3::bigint, $4::bigint) i`,
};

/** Month partitions over the whole span, as the scheduled maintenance would have made them. */
async function ensureMonths(c) {
  const months = Math.ceil(SPAN_DAYS / 28) + 1;
  for (const table of Object.values(TABLES))
    for (let m = -months; m <= 3; m++)
      await c.query(
        "SELECT audit_ensure_month($1, ((now() AT TIME ZONE 'UTC') + make_interval(months => $2)) AT TIME ZONE 'UTC')",
        [table, m],
      );
}

/** Seeds `total` events over the span; returns the seconds it took. */
export async function seed(c, total, { partitioned = true } = {}) {
  const t0 = Date.now();
  if (partitioned) await ensureMonths(c);
  for (const [k, share] of Object.entries(SHARE)) {
    const n = Math.round(total * share);
    for (let lo = 1; lo <= n; lo += CHUNK) await c.query(SQL[k], [n, SPAN, lo, Math.min(n, lo + CHUNK - 1)]);
  }
  // As autovacuum would: the visibility map lets counts run from the indexes alone.
  await c.query("VACUUM ANALYZE");
  return (Date.now() - t0) / 1000;
}

/** Disk used by each partitioned table (all its partitions and their indexes) and its rows. */
export async function diskUse(c) {
  const out = [];
  for (const [k, table] of Object.entries(TABLES)) {
    const { rows } = await c.query(
      `SELECT coalesce(sum(pg_total_relation_size(relid)), 0)::float8 AS bytes,
              coalesce(sum(GREATEST(c.reltuples, 0)), 0)::float8 AS rows
         FROM pg_partition_tree($1) t JOIN pg_class c ON c.oid = t.relid WHERE t.isleaf`,
      [table],
    );
    out.push({ source: k, table, bytes: rows[0].bytes, rows: rows[0].rows });
  }
  return out;
}

/**
 * Time of the partitioning migration (0410) on a database of the previous release holding
 * `events` events: the previous migrations, the seed, then migrate() from the built server.
 */
export async function measureMigration(events) {
  const { migrations } = await import("../../apps/server/dist/platform/db/migrations/index.js");
  const { splitStatements, migrate } = await import("../../apps/server/dist/platform/db/migrate.js");
  const { openPostgres } = await import("../../apps/server/dist/platform/db/postgres.js");
  const tmp = await tempDatabase("pc_bench_migration");
  const c = new pg.Client({ connectionString: tmp.url });
  await c.connect();
  try {
    await c.query(
      "CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    for (const m of migrations) {
      if (m.id === "0410_audit_partitions") break;
      for (const s of splitStatements(m.sql)) await c.query(s);
      await c.query("INSERT INTO schema_migrations (id) VALUES ($1)", [m.id]);
    }
    await seed(c, events, { partitioned: false });
    const count = async () => {
      let n = 0;
      for (const table of Object.values(TABLES))
        n += (await c.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
      return n;
    };
    const before = await count();
    const db = await openPostgres(tmp.url, 2);
    const t0 = Date.now();
    const applied = await migrate(db);
    const seconds = (Date.now() - t0) / 1000;
    await db.close();
    const after = await count();
    if (before !== after || !applied.includes("0410_audit_partitions"))
      throw new Error(`the migration kept ${after} of ${before} events (applied ${applied.join(", ")})`);
    return { events: before, seconds };
  } finally {
    await c.end();
    await tmp.drop();
  }
}
