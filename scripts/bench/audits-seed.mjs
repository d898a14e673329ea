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

// $1: the table's row count, $2: the span in seconds, $3: this chunk's number, $4: the number of
// chunks. Chunk j holds the rows i = j, j + K, j + 2K, ... (K chunks), each dated i/N of the span
// ago: every chunk spreads over the whole span, so a seed stopped part way is still a year thin.
const at = "now() - (i::float8 * $2 / $1) * interval '1 second'";
const SQL = {
  trino: `INSERT INTO trino_query_events (query_id, created_at, end_time, username, source_ip, query, query_state, failed, wall_seconds, catalog, error_name, failure_message)
     SELECT 'q' || i, ${at}, ${at} + interval '2 seconds',
            'user' || (i % 200), '10.0.' || (i % 250) || '.' || (i % 7),
            'SELECT col_' || (i % 50) || E'\\n  FROM iceberg.sales.t' || (i % 30) || ' WHERE id = ' || i,
            CASE WHEN i % 17 = 0 THEN 'FAILED' ELSE 'FINISHED' END, i % 17 = 0, (i % 60000) / 1000.0,
            (ARRAY['iceberg','hive','postgresql'])[1 + i % 3],
            CASE WHEN i % 17 = 0 THEN 'SYNTAX_ERROR' END, CASE WHEN i % 17 = 0 THEN 'line 1:1: bad' END
       FROM generate_series($3::bigint, $1::bigint - 1, $4::bigint) i`,
  minio: `INSERT INTO minio_audit_events (entry_key, time, username, remote_host, bucket, object, api_name, api_status, status_code, time_to_response_ns, request_id)
     SELECT 'k' || i, ${at}, 'user' || (i % 200), '10.1.' || (i % 250) || '.1',
            (ARRAY['sales-raw','finance','ml-features','warehouse','logs'])[1 + i % 5], 'o/' || i,
            (ARRAY['PutObject','GetObject','ListObjectsV2','DeleteObject'])[1 + i % 4], 'OK', 200, (i % 5000)::bigint * 1000000, 'R' || i
       FROM generate_series($3::bigint, $1::bigint - 1, $4::bigint) i`,
  // The trail's rows carry placeholder hashes: the chain is not what this measures.
  trail: `INSERT INTO audit_events (id, created_at, source, action, username, ip_address, status, subject_id, subject_name, summary, details, prev_hash, hash)
     SELECT gen_random_uuid(), ${at},
            (ARRAY['user-management-userManagement','user-management-sync','policy-management-acl','settings-menu','settings-components','debezium-connectors'])[1 + i % 6],
            (ARRAY['Enable','Disable','Update','Create'])[1 + i % 4], 'user' || (i % 200), '10.2.0.' || (i % 250),
            CASE WHEN i % 11 = 0 THEN 'failure' ELSE 'success' END, (i % 5000)::text, 'subject-' || (i % 5000), 'summary ' || i,
            '{}'::jsonb, 'x', 'x'
       FROM generate_series($3::bigint, $1::bigint - 1, $4::bigint) i`,
  login: `INSERT INTO login_events (time, username, ip_address, type, client_id)
     SELECT ${at}, 'user' || (i % 200), '10.3.0.' || (i % 250),
            (ARRAY['LOGIN','LOGOUT','LOGIN_ERROR','REFRESH_TOKEN'])[1 + i % 4], (ARRAY['platform-console','trino','superset'])[1 + i % 3]
       FROM generate_series($3::bigint, $1::bigint - 1, $4::bigint) i`,
  admin: `INSERT INTO identity_admin_events (time, auth_details, operation_type, resource_type, resource_path)
     SELECT ${at},
            jsonb_build_object('username', 'user' || (i % 200), 'ipAddress', '10.4.0.1', 'clientId', 'admin-cli'),
            (ARRAY['CREATE','UPDATE','DELETE','ACTION'])[1 + i % 4], (ARRAY['USER','GROUP','GROUP_MEMBERSHIP'])[1 + i % 3], 'users/' || i
       FROM generate_series($3::bigint, $1::bigint - 1, $4::bigint) i`,
  airflow: `INSERT INTO airflow_dag_runs (dag_id, run_id, execution_date, start_date, end_date, run_type, external_trigger, state)
     SELECT 'dag_' || (i % 40), 'scheduled__' || i, ${at}, ${at},
            ${at} + interval '90 seconds', 'scheduled', i % 9 = 0,
            CASE WHEN i % 13 = 0 THEN 'failed' ELSE 'success' END
       FROM generate_series($3::bigint, $1::bigint - 1, $4::bigint) i`,
};

/**
 * Month partitions over the whole span, as the scheduled maintenance would have made them. Each
 * month under the console's partition lock, in a transaction of its own as the console does: the
 * console started beside the seed creates its months too, and without the lock the two deadlocked.
 */
async function ensureMonths(c) {
  const { PARTITION_LOCK } = await import("../../apps/server/dist/platform/db/partitions.js");
  const months = Math.ceil(SPAN_DAYS / 28) + 1;
  for (const table of Object.values(TABLES))
    for (let m = -months; m <= 3; m++) {
      await c.query("BEGIN");
      try {
        await c.query("SELECT pg_advisory_xact_lock($1)", [PARTITION_LOCK]);
        await c.query(
          "SELECT audit_ensure_month($1, ((now() AT TIME ZONE 'UTC') + make_interval(months => $2)) AT TIME ZONE 'UTC')",
          [table, m],
        );
        await c.query("COMMIT");
      } catch (err) {
        await c.query("ROLLBACK");
        throw err;
      }
    }
}

/**
 * Seeds `total` events over the span; returns the seconds it took. Resumable: the chunks done are
 * kept in bench_seed_chunks, so a run stopped part way (seeding 50,000,000 takes long) goes on
 * where it stopped. Chunks go round the sources, so every source is as far along as the others.
 */
export async function seed(c, total, { partitioned = true, log = () => undefined } = {}) {
  const t0 = Date.now();
  if (partitioned) await ensureMonths(c);
  await c.query("CREATE TABLE IF NOT EXISTS bench_seed_chunks (source text, chunk int, PRIMARY KEY (source, chunk))");
  // Bulk loading: a lost chunk on a crash is seeded again, so nothing waits for the WAL flush.
  await c.query("SET synchronous_commit = off");
  const done = new Set(
    (await c.query("SELECT source || '/' || chunk AS k FROM bench_seed_chunks")).rows.map((r) => r.k),
  );
  const plan = Object.entries(SHARE).map(([k, share]) => {
    const n = Math.round(total * share);
    return { k, n, chunks: Math.max(1, Math.ceil(n / CHUNK)) };
  });
  const rounds = Math.max(...plan.map((p) => p.chunks));
  for (let j = 0; j < rounds; j++) {
    for (const { k, n, chunks } of plan) {
      if (j >= chunks || done.has(`${k}/${j}`)) continue;
      await c.query("BEGIN");
      await c.query(SQL[k], [n, SPAN, j, chunks]);
      await c.query("INSERT INTO bench_seed_chunks VALUES ($1, $2)", [k, j]);
      await c.query("COMMIT");
    }
    log(`seeded round ${j + 1} of ${rounds} after ${Math.round((Date.now() - t0) / 1000)} s`);
  }
  await c.query("DROP TABLE bench_seed_chunks");
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
