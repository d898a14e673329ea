// Audits at scale on PostgreSQL.
// - 5,000,000 events spread over the sources (Trino, MinIO, the console's own trail, sign-ins,
//   admin events, Airflow runs), seeded with set-based SQL.
// - p95 of a filtered page of each tab through the API, next to the same SQL run directly.
// - Trino ingest throughput with batches of 100 completed-query events.
// Run with `npm run bench:audits` (after `npm run build`). BENCH_AUDIT_EVENTS scales the data.
import pg from "pg";
import {
  ensureBuilt,
  fmt,
  keepAliveClient,
  medianRound,
  signIn,
  startConsole,
  startFloorServer,
  tempDatabase,
  timeAlternately,
  timeIt,
  warmFor,
} from "./lib.mjs";

const TOTAL = Number(process.env.BENCH_AUDIT_EVENTS ?? 5_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const WARMUP = 100;
const WARM_MS = 1_500;
const ROUNDS = 3;
const INGEST_EVENTS = Number(process.env.BENCH_INGEST_EVENTS ?? 30_000);
const TOKEN = "bench-trino-ingest-token-0123456789";
const SHARE = { trino: 0.36, minio: 0.3, trail: 0.2, login: 0.08, admin: 0.04, airflow: 0.02 };
const n = (k) => Math.round(TOTAL * SHARE[k]);

async function seed(c) {
  const t0 = Date.now();
  // Spread over the last 180 days; 200 users; a few catalogs, buckets, actions.
  await c.query(
    `INSERT INTO trino_query_events (query_id, created_at, end_time, username, source_ip, query, query_state, failed, wall_seconds, catalog, error_name, failure_message)
     SELECT 'q' || i, now() - (i % 15552000) * interval '1 second', now() - (i % 15552000) * interval '1 second' + interval '2 seconds',
            'user' || (i % 200), '10.0.' || (i % 250) || '.' || (i % 7),
            'SELECT col_' || (i % 50) || E'\\n  FROM iceberg.sales.t' || (i % 30) || ' WHERE id = ' || i,
            CASE WHEN i % 17 = 0 THEN 'FAILED' ELSE 'FINISHED' END, i % 17 = 0, (i % 60000) / 1000.0,
            (ARRAY['iceberg','hive','postgresql'])[1 + i % 3],
            CASE WHEN i % 17 = 0 THEN 'SYNTAX_ERROR' END, CASE WHEN i % 17 = 0 THEN 'line 1:1: bad' END
       FROM generate_series(1, $1) i`,
    [n("trino")],
  );
  await c.query(
    `INSERT INTO minio_audit_events (entry_key, time, username, remote_host, bucket, object, api_name, api_status, status_code, time_to_response_ns, request_id)
     SELECT 'k' || i, now() - (i % 15552000) * interval '1 second', 'user' || (i % 200), '10.1.' || (i % 250) || '.1',
            (ARRAY['sales-raw','finance','ml-features','warehouse','logs'])[1 + i % 5], 'o/' || i,
            (ARRAY['PutObject','GetObject','ListObjectsV2','DeleteObject'])[1 + i % 4], 'OK', 200, (i % 5000)::bigint * 1000000, 'R' || i
       FROM generate_series(1, $1) i`,
    [n("minio")],
  );
  // The trail's rows carry placeholder hashes: the chain is not what this measures.
  await c.query(
    `INSERT INTO audit_events (id, created_at, source, action, username, ip_address, status, subject_id, subject_name, summary, details, prev_hash, hash)
     SELECT gen_random_uuid(), now() - (i % 15552000) * interval '1 second',
            (ARRAY['user-management-userManagement','user-management-sync','policy-management-acl','settings-menu','settings-components','debezium-connectors'])[1 + i % 6],
            (ARRAY['Enable','Disable','Update','Create'])[1 + i % 4], 'user' || (i % 200), '10.2.0.' || (i % 250),
            CASE WHEN i % 11 = 0 THEN 'failure' ELSE 'success' END, (i % 5000)::text, 'subject-' || (i % 5000), 'summary ' || i,
            '{}'::jsonb, 'x', 'x'
       FROM generate_series(1, $1) i`,
    [n("trail")],
  );
  await c.query(
    `INSERT INTO login_events (time, username, ip_address, type, client_id)
     SELECT now() - (i % 15552000) * interval '1 second', 'user' || (i % 200), '10.3.0.' || (i % 250),
            (ARRAY['LOGIN','LOGOUT','LOGIN_ERROR','REFRESH_TOKEN'])[1 + i % 4], (ARRAY['platform-console','trino','superset'])[1 + i % 3]
       FROM generate_series(1, $1) i`,
    [n("login")],
  );
  await c.query(
    `INSERT INTO identity_admin_events (time, auth_details, operation_type, resource_type, resource_path)
     SELECT now() - (i % 15552000) * interval '1 second',
            jsonb_build_object('username', 'user' || (i % 200), 'ipAddress', '10.4.0.1', 'clientId', 'admin-cli'),
            (ARRAY['CREATE','UPDATE','DELETE','ACTION'])[1 + i % 4], (ARRAY['USER','GROUP','GROUP_MEMBERSHIP'])[1 + i % 3], 'users/' || i
       FROM generate_series(1, $1) i`,
    [n("admin")],
  );
  await c.query(
    `INSERT INTO airflow_dag_runs (dag_id, run_id, execution_date, start_date, end_date, run_type, external_trigger, state)
     SELECT 'dag_' || (i % 40), 'scheduled__' || i, now() - i * interval '1 minute', now() - i * interval '1 minute',
            now() - i * interval '1 minute' + interval '90 seconds', 'scheduled', i % 9 = 0,
            CASE WHEN i % 13 = 0 THEN 'failed' ELSE 'success' END
       FROM generate_series(1, $1) i`,
    [n("airflow")],
  );
  // As autovacuum would: the visibility map lets counts run from the indexes alone.
  await c.query("VACUUM ANALYZE");
  return (Date.now() - t0) / 1000;
}

const day = (d) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
const dt = (d) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 19).replace("T", " ");

/** Each tab's filtered page: the API call and the SQL the console runs for it. */
function cases() {
  const from = dt(30);
  const to = dt(0);
  // user42 acts on the even-numbered sources' events, user43 on the odd ones (see the seed).
  const trail = (source, user = "user42", extra = "") => ({
    sql: [
      `SELECT seq, id, created_at, action, username, ip_address, status, subject_id, subject_name, summary, details FROM audit_events WHERE source = $1 AND username = $2 ${extra} AND created_at >= $3 AND created_at <= $4 ORDER BY created_at DESC, seq DESC LIMIT 10 OFFSET 0`,
      `SELECT count(*) FROM audit_events WHERE source = $1 AND username = $2 ${extra} AND created_at >= $3 AND created_at <= $4`,
    ],
    params: [source, user, new Date(`${day(90)}T00:00:00Z`), new Date(`${day(0)}T23:59:59.999Z`)],
  });
  return [
    {
      tab: "user-management-login",
      path: `/admin-api/api/v1/keycloak/events/login?first=0&max=10&eventType=LOGIN_ERROR&clientId=trino&startDate=${from}&endDate=${to}`,
      sql: [
        "SELECT id, time, username, ip_address, type, client_id, error FROM login_events WHERE type = $1 AND client_id = $2 AND time >= $3 AND time <= $4 ORDER BY time DESC, id DESC LIMIT 10 OFFSET 0",
        "SELECT count(*) FROM login_events WHERE type = $1 AND client_id = $2 AND time >= $3 AND time <= $4",
      ],
      params: ["LOGIN_ERROR", "trino", new Date(`${from.replace(" ", "T")}Z`), new Date(`${to.replace(" ", "T")}Z`)],
    },
    {
      tab: "user-management-admin-events",
      path: `/admin-api/api/v1/keycloak/events/admin-events?first=0&max=10&eventType=UPDATE&resourceType=USER&startDate=${dt(1)}&endDate=${to}`,
      sql: [
        "SELECT id, time, auth_details, operation_type, resource_type, resource_path FROM identity_admin_events WHERE resource_type = $1 AND operation_type = $2 AND time >= $3 AND time <= $4 ORDER BY time DESC, id DESC LIMIT 10 OFFSET 0",
        "SELECT count(*) FROM identity_admin_events WHERE resource_type = $1 AND operation_type = $2 AND time >= $3 AND time <= $4",
      ],
      params: ["USER", "UPDATE", new Date(`${dt(1).replace(" ", "T")}Z`), new Date(`${to.replace(" ", "T")}Z`)],
    },
    {
      // For information: the tab as it opens, with no filter (the goals are for filtered pages).
      tab: "admin-events, no filter, page 4",
      path: `/admin-api/api/v1/keycloak/events/admin-events?first=3&max=10`,
      sql: [
        "SELECT id, time, auth_details, operation_type, resource_type, resource_path FROM identity_admin_events ORDER BY time DESC, id DESC LIMIT 10 OFFSET 30",
        "SELECT count(*) FROM identity_admin_events",
      ],
      params: [],
    },
    {
      tab: "presto-db-trino",
      path: `/admin-api/api/v1/trino/audit?first=20&max=10&user=user42&status=success&minDuration=5&maxDuration=50&startDate=${from}&endDate=${to}`,
      sql: [
        "SELECT query_id, created_at, username, source_ip, query, query_state, failed, wall_seconds, catalog, error_name, failure_message FROM trino_query_events WHERE query_id IN (SELECT query_id FROM trino_query_events WHERE lower(username) LIKE $1 AND failed = $2 AND wall_seconds >= $3 AND wall_seconds <= $4 AND created_at >= $5 AND created_at <= $6 ORDER BY created_at DESC, query_id DESC LIMIT 10 OFFSET 20) ORDER BY created_at DESC, query_id DESC",
        "SELECT count(*) FROM trino_query_events WHERE lower(username) LIKE $1 AND failed = $2 AND wall_seconds >= $3 AND wall_seconds <= $4 AND created_at >= $5 AND created_at <= $6",
      ],
      params: ["user42%", false, 5, 50, new Date(`${from.replace(" ", "T")}Z`), new Date(`${to.replace(" ", "T")}Z`)],
    },
    {
      tab: "apache-airflow-airflow",
      path: `/admin-api/api/v1/airflow/audit?first=10&max=10&startDate=${dt(20)}&endDate=${dt(10)}`,
      sql: [
        "SELECT dag_id, run_id, execution_date, start_date, end_date, run_type, external_trigger, state FROM airflow_dag_runs WHERE execution_date >= $1 AND execution_date <= $2 ORDER BY execution_date DESC, dag_id, run_id LIMIT 10 OFFSET 10",
        "SELECT count(*) FROM airflow_dag_runs WHERE execution_date >= $1 AND execution_date <= $2",
      ],
      params: [new Date(`${dt(20).replace(" ", "T")}Z`), new Date(`${dt(10).replace(" ", "T")}Z`)],
    },
    {
      tab: "minio-minio",
      path: `/admin-api/api/v1/minio/audit?first=0&max=10&bucket=fin&startDate=${day(7)}&endDate=${day(0)}`,
      sql: [
        "SELECT id, time, username, remote_host, bucket, object, api_name, api_status, status_code, time_to_response_ns FROM minio_audit_events WHERE id IN (SELECT id FROM minio_audit_events WHERE lower(bucket) LIKE $1 AND time >= $2 AND time <= $3 ORDER BY time DESC, id DESC LIMIT 10 OFFSET 0) ORDER BY time DESC, id DESC",
        "SELECT count(*) FROM minio_audit_events WHERE lower(bucket) LIKE $1 AND time >= $2 AND time <= $3",
      ],
      params: ["fin%", new Date(`${day(7)}T00:00:00Z`), new Date(`${day(0)}T23:59:59.999Z`)],
    },
    {
      tab: "policy-management-acl",
      path: `/admin-api/api/v1/acl/audit?first=0&max=10&user=user42&startDate=${day(90)}&endDate=${day(0)}`,
      ...trail("policy-management-acl"),
    },
    {
      tab: "user-management-userManagement",
      path: `/admin-api/api/v1/events/userManagement?first=0&max=10&user=user42&startDate=${day(90)}&endDate=${day(0)}`,
      ...trail("user-management-userManagement"),
    },
    {
      tab: "user-management-sync",
      path: `/admin-api/api/v1/usersync/audit?first=0&max=10&user=user43&startDate=${day(90)}&endDate=${day(0)}`,
      ...trail("user-management-sync", "user43"),
    },
    {
      tab: "settings-menu",
      path: `/admin-api/api/v1/events/menu?first=0&max=10&user=user43&startDate=${day(90)}&endDate=${day(0)}`,
      ...trail("settings-menu", "user43"),
    },
    {
      tab: "settings-components",
      path: `/admin-api/api/v1/events/components?first=0&max=10&user=user42&startDate=${day(90)}&endDate=${day(0)}`,
      ...trail("settings-components"),
    },
  ];
}

/** The count the console runs: it stops at 10,000 (a capped total). */
const capped = (sql) =>
  sql.replace(/^SELECT count\(\*\) FROM (.*)$/s, "SELECT count(*) FROM (SELECT 1 FROM $1 LIMIT 10001) capped");

function trinoEvent(i) {
  const at = new Date(Date.now() - (i % 86400) * 1000).toISOString();
  return {
    metadata: {
      queryId: `bench_${i}`,
      query: `SELECT * FROM iceberg.sales.orders WHERE id = ${i}`,
      queryState: "FINISHED",
      tables: [],
      routines: [],
    },
    statistics: {
      cpuTime: 0.12,
      wallTime: 0.5 + (i % 100) / 10,
      queuedTime: 0.001,
      completedSplits: 3,
      complete: true,
    },
    context: {
      user: `user${i % 200}`,
      remoteClientAddress: "10.9.0.1",
      source: "trino-cli",
      catalog: "iceberg",
      schema: "sales",
      queryType: "SELECT",
      groups: [],
    },
    ioMetadata: { inputs: [{ catalogName: "iceberg", schema: "sales", table: "orders", columns: [] }] },
    createTime: at,
    executionStartTime: at,
    endTime: at,
    warnings: [],
  };
}

async function ingest(url) {
  const batches = [];
  for (let i = 0; i < INGEST_EVENTS; i += 100)
    batches.push(JSON.stringify(Array.from({ length: Math.min(100, INGEST_EVENTS - i) }, (_, k) => trinoEvent(i + k))));
  const concurrency = 4;
  let next = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < batches.length) {
        const body = batches[next++];
        const res = await fetch(`${url}/admin-api/api/v1/ingest/trino`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-trino-ingest-token": TOKEN },
          body,
        });
        if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      }
    }),
  );
  return INGEST_EVENTS / ((Date.now() - t0) / 1000);
}

async function main() {
  ensureBuilt();
  // BENCH_AUDIT_DB_URL: a database this script seeded before, kept (seeding takes minutes).
  const db = process.env.BENCH_AUDIT_DB_URL
    ? { url: process.env.BENCH_AUDIT_DB_URL, drop: async () => undefined }
    : await tempDatabase("pc_bench_audits");
  let consoleProc;
  const c = new pg.Client({ connectionString: db.url });
  const c2 = new pg.Client({ connectionString: db.url });
  try {
    consoleProc = await startConsole({
      DATABASE_URL: db.url,
      SANDBOX: "off",
      TRINO_INGEST_TOKEN: TOKEN,
      DATABASE_POOL_MAX: "10",
    });
    await c.connect();
    await c2.connect();
    // The console's own session setting: each prepared statement planned for the values at hand.
    for (const client of [c, c2]) await client.query("SET plan_cache_mode = force_custom_plan");
    const { rows } = await c.query("SELECT count(*)::int AS n FROM trino_query_events");
    if (rows[0].n === 0) {
      const seconds = await seed(c);
      console.log(`seeded ${TOTAL.toLocaleString("en")} audit events in ${fmt(seconds)} s`);
    } else console.log(`reusing ${process.env.BENCH_AUDIT_DB_URL} (seeded before)`);
    await c.query("DELETE FROM trino_query_events WHERE query_id LIKE 'bench\\_%'");
    console.log(
      "tab".padEnd(34),
      "API p50".padStart(8),
      "API p95".padStart(8),
      "SQL p95".padStart(8),
      "ratio".padStart(6),
      "total".padStart(9),
    );
    for (const k of cases()) {
      // A fresh sign-in per tab: the whole run outlasts an access token.
      const token = await signIn(consoleProc.url);
      const api = keepAliveClient(consoleProc.url, { authorization: `Bearer ${token}` });
      let total = 0;
      const call = async () => {
        const res = await api.get(k.path);
        if (res.status !== 200) throw new Error(`${k.tab} answered ${res.status}: ${res.body}`);
        total = JSON.parse(res.body).total;
      };
      // As the console runs them: the count and the page at once, on two connections, each a
      // named prepared statement (parsed once per connection).
      const [page, count] = [k.sql[0], capped(k.sql[1])].map((text, i) => ({
        name: `bench_${k.tab.replace(/\W/g, "_")}_${i}`,
        text,
        values: k.params,
      }));
      const direct = () => Promise.all([c2.query(count), c.query(page)]);
      // Both sides warm (plans, caches, connections, and the machine itself) before either is timed.
      await warmFor(WARM_MS, call, direct);
      const rounds = [];
      for (let r = 0; r < ROUNDS; r++) {
        const [timed, sql] = await timeAlternately(RUNS, call, direct);
        rounds.push({ timed, sql, ratio: timed.p95 / sql.p95 });
      }
      const { timed, sql } = medianRound(rounds, (r) => r.ratio);
      console.log(
        k.tab.padEnd(34),
        `${fmt(timed.p50)}`.padStart(8),
        `${fmt(timed.p95)}`.padStart(8),
        `${fmt(sql.p95)}`.padStart(8),
        fmt(timed.p95 / sql.p95, 2).padStart(6),
        String(total).padStart(9),
        `  (ratios of the rounds: ${rounds.map((r) => fmt(r.ratio, 2)).join(", ")})`,
      );
      api.close();
    }
    // Where the SQL takes under a millisecond, the HTTP round trip alone is a good part of the
    // API's time: this is that round trip to a bare server, for reading the small ratios.
    const floor = await startFloorServer();
    const bare = keepAliveClient(floor.url);
    for (let i = 0; i < WARMUP; i++) await bare.get("/");
    const trip = await timeIt(RUNS, () => bare.get("/"));
    bare.close();
    await floor.stop();
    console.log(`HTTP round trip to a bare Node.js server: p50 ${fmt(trip.p50, 2)} ms, p95 ${fmt(trip.p95, 2)} ms`);
    const rate = await ingest(consoleProc.url);
    console.log(
      `Trino ingest, batches of 100: ${Math.round(rate).toLocaleString("en")} events/s (${INGEST_EVENTS.toLocaleString("en")} events)`,
    );
    console.log("goals: page p95 <= 50 ms and <= 2x the SQL; ingest >= 10,000 events/s");
  } finally {
    await c.end().catch(() => undefined);
    await c2.end().catch(() => undefined);
    await consoleProc?.stop();
    await db.drop();
  }
}

await main();
