// Audits at scale on PostgreSQL.
// - BENCH_AUDIT_EVENTS events (5,000,000 unless set; the goal is stated for 50,000,000) spread
//   evenly over BENCH_AUDIT_DAYS (365) across the sources (Trino, MinIO, the console's own
//   trail, sign-ins, admin events, Airflow runs), in month partitions, seeded with set-based SQL.
// - p95 of a filtered page of each tab through the API, next to the same SQL run directly,
//   over a one-week and a whole-span date range.
// - Trino and MinIO ingest throughput in batches of 100 and 1,000, checking that nothing is lost and
//   that a batch sent again is ignored; disk used per million events.
// - BENCH_MIGRATION_EVENTS (1,000,000; 0 skips it): the partitioning migration's time on a
//   database of the previous release holding that many events.
// Run with `npm run bench:audits` (after `npm run build`).
import fs from "node:fs";
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
import { diskUse, measureMigration, seed, SPAN_DAYS } from "./audits-seed.mjs";
import { measureInsights } from "./audits-insights.mjs";

const TOTAL = Number(process.env.BENCH_AUDIT_EVENTS ?? 5_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const WARMUP = 100;
const WARM_MS = 1_500;
const ROUNDS = 3;
const INGEST_EVENTS = Number(process.env.BENCH_INGEST_EVENTS ?? 100_000);
const MIGRATION_EVENTS = Number(process.env.BENCH_MIGRATION_EVENTS ?? 1_000_000);
const BATCHES = [100, 1000];
// BENCH_AUDIT_PARTS: which parts to run (a rerun of one part on a kept database).
const PARTS = new Set((process.env.BENCH_AUDIT_PARTS ?? "pages,ingest,insights,disk,migration").split(","));
const TRINO_TOKEN = "bench-trino-ingest-token-0123456789";
const MINIO_TOKEN = "bench-minio-audit-token-0123456789";

const day = (d) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
const dt = (d) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 19).replace("T", " ");
const at = (text) => new Date(`${text.replace(" ", "T")}Z`);

/** Each tab's filtered page over the last `days` days: the API call and the SQL the console runs for it. */
function cases(days, label) {
  const from = dt(days);
  const to = dt(0);
  const range = [at(from), at(to)];
  const dayRange = [new Date(`${day(days)}T00:00:00Z`), new Date(`${day(0)}T23:59:59.999Z`)];
  // user42 acts on the even-numbered sources' events, user43 on the odd ones (see the seed).
  const trail = (tab, path, source, user) => ({
    tab,
    path: `${path}?first=0&max=10&user=${user}&startDate=${day(days)}&endDate=${day(0)}`,
    sql: [
      "SELECT seq, id, created_at, action, username, ip_address, status, subject_id, subject_name, summary, details FROM audit_events WHERE source = $1 AND username = $2 AND created_at >= $3 AND created_at <= $4 ORDER BY created_at DESC, seq DESC LIMIT 10 OFFSET 0",
      "SELECT count(*) FROM audit_events WHERE source = $1 AND username = $2 AND created_at >= $3 AND created_at <= $4",
    ],
    params: [source, user, ...dayRange],
  });
  const all = [
    {
      tab: "user-management-login",
      path: `/admin-api/api/v1/keycloak/events/login?first=0&max=10&eventType=LOGIN_ERROR&clientId=trino&startDate=${from}&endDate=${to}`,
      sql: [
        "SELECT id, time, username, ip_address, type, client_id, error FROM login_events WHERE type = $1 AND client_id = $2 AND time >= $3 AND time <= $4 ORDER BY time DESC, id DESC LIMIT 10 OFFSET 0",
        "SELECT count(*) FROM login_events WHERE type = $1 AND client_id = $2 AND time >= $3 AND time <= $4",
      ],
      params: ["LOGIN_ERROR", "trino", ...range],
    },
    {
      tab: "user-management-admin-events",
      path: `/admin-api/api/v1/keycloak/events/admin-events?first=0&max=10&eventType=UPDATE&resourceType=USER&startDate=${from}&endDate=${to}`,
      sql: [
        "SELECT id, time, auth_details, operation_type, resource_type, resource_path FROM identity_admin_events WHERE resource_type = $1 AND operation_type = $2 AND time >= $3 AND time <= $4 ORDER BY time DESC, id DESC LIMIT 10 OFFSET 0",
        "SELECT count(*) FROM identity_admin_events WHERE resource_type = $1 AND operation_type = $2 AND time >= $3 AND time <= $4",
      ],
      params: ["USER", "UPDATE", ...range],
    },
    {
      tab: "presto-db-trino",
      path: `/admin-api/api/v1/trino/audit?first=20&max=10&user=user42&status=success&minDuration=5&maxDuration=50&startDate=${from}&endDate=${to}`,
      sql: [
        "SELECT query_id, created_at, username, source_ip, query, query_state, failed, wall_seconds, catalog, error_name, failure_message FROM trino_query_events WHERE (query_id, created_at) IN (SELECT query_id, created_at FROM trino_query_events WHERE lower(username) LIKE $1 AND failed = $2 AND wall_seconds >= $3 AND wall_seconds <= $4 AND created_at >= $5 AND created_at <= $6 ORDER BY created_at DESC, query_id DESC LIMIT 10 OFFSET 20) ORDER BY created_at DESC, query_id DESC",
        "SELECT count(*) FROM trino_query_events WHERE lower(username) LIKE $1 AND failed = $2 AND wall_seconds >= $3 AND wall_seconds <= $4 AND created_at >= $5 AND created_at <= $6",
      ],
      params: ["user42%", false, 5, 50, ...range],
    },
    {
      tab: "apache-airflow-airflow",
      path: `/admin-api/api/v1/airflow/audit?first=10&max=10&startDate=${from}&endDate=${to}`,
      sql: [
        "SELECT dag_id, run_id, execution_date, start_date, end_date, run_type, external_trigger, state FROM airflow_dag_runs WHERE execution_date >= $1 AND execution_date <= $2 ORDER BY execution_date DESC, dag_id, run_id LIMIT 10 OFFSET 10",
        "SELECT count(*) FROM airflow_dag_runs WHERE execution_date >= $1 AND execution_date <= $2",
      ],
      params: range,
    },
    {
      tab: "minio-minio",
      path: `/admin-api/api/v1/minio/audit?first=0&max=10&bucket=fin&startDate=${day(days)}&endDate=${day(0)}`,
      sql: [
        "SELECT id, time, username, remote_host, bucket, object, api_name, api_status, status_code, time_to_response_ns FROM minio_audit_events WHERE (id, time) IN (SELECT id, time FROM minio_audit_events WHERE lower(bucket) LIKE $1 AND time >= $2 AND time <= $3 ORDER BY time DESC, id DESC LIMIT 10 OFFSET 0) ORDER BY time DESC, id DESC",
        "SELECT count(*) FROM minio_audit_events WHERE lower(bucket) LIKE $1 AND time >= $2 AND time <= $3",
      ],
      params: ["fin%", ...dayRange],
    },
    trail("policy-management-acl", "/admin-api/api/v1/acl/audit", "policy-management-acl", "user42"),
    trail(
      "user-management-userManagement",
      "/admin-api/api/v1/events/userManagement",
      "user-management-userManagement",
      "user42",
    ),
    trail("user-management-sync", "/admin-api/api/v1/usersync/audit", "user-management-sync", "user43"),
    trail("settings-menu", "/admin-api/api/v1/events/menu", "settings-menu", "user43"),
    trail("settings-components", "/admin-api/api/v1/events/components", "settings-components", "user42"),
  ];
  return all.map((k) => ({ ...k, tab: `${k.tab}, ${label}` }));
}

/** For information: the admin events tab as it opens, with no filter (the goals are for filtered pages). */
const unfiltered = {
  tab: "admin-events, no filter, page 4",
  path: `/admin-api/api/v1/keycloak/events/admin-events?first=3&max=10`,
  sql: [
    "SELECT id, time, auth_details, operation_type, resource_type, resource_path FROM identity_admin_events ORDER BY time DESC, id DESC LIMIT 10 OFFSET 30",
    "SELECT count(*) FROM identity_admin_events",
  ],
  params: [],
};

/** The count the console runs: it stops at 10,000 (a capped total). */
const capped = (sql) =>
  sql.replace(/^SELECT count\(\*\) FROM (.*)$/s, "SELECT count(*) FROM (SELECT 1 FROM $1 LIMIT 10001) capped");

function trinoEvent(i) {
  const when = new Date(Date.now() - (i % 86400) * 1000).toISOString();
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
    createTime: when,
    executionStartTime: when,
    endTime: when,
    warnings: [],
  };
}

function minioEntry(i) {
  return {
    version: "1",
    deploymentid: "bench",
    time: new Date(Date.now() - (i % 86400) * 1000).toISOString(),
    event: "",
    trigger: "incoming",
    api: {
      name: "GetObject",
      bucket: "warehouse",
      object: `o/${i}`,
      status: "OK",
      statusCode: 200,
      rx: 512,
      tx: 4096,
      timeToResponse: "13309747ns",
    },
    remotehost: "10.9.0.2",
    requestID: `bench_${i}`,
    userAgent: "MinIO (linux; amd64) minio-go/v7",
    requestHeader: { Authorization: "AWS4-HMAC-SHA256 secret", "User-Agent": "minio-go" },
    responseHeader: { "Content-Length": "4096" },
    accessKey: `user${i % 200}`,
  };
}

/**
 * CPU seconds used so far by the console and by the database's sessions (Linux /proc): on a
 * machine shared with other work, CPU per event says what throughput two free cores would give.
 */
async function cpuSeconds(consolePid, c) {
  const { rows } = await c.query("SELECT pid FROM pg_stat_activity WHERE datname = current_database()");
  const of = (pid) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return (Number(fields[11]) + Number(fields[12])) / 100; // utime and stime, fields 14 and 15
    } catch {
      return 0; // a session that ended in between: its CPU is not counted
    }
  };
  return { console: of(consolePid), db: rows.reduce((sum, r) => sum + of(r.pid), 0) };
}

/**
 * Posts INGEST_EVENTS events in batches of `BATCH` over 4 connections; then sends the first batch
 * again, which must be stored as nothing but duplicates. Returns events per second.
 */
async function ingest(url, system, cpu, BATCH) {
  const trino = system === "trino";
  const body = (lo, hi) => {
    const events = Array.from({ length: hi - lo }, (_, k) => (trino ? trinoEvent(lo + k) : minioEntry(lo + k)));
    return trino ? JSON.stringify(events) : events.map((e) => JSON.stringify(e)).join("\n");
  };
  const batches = [];
  for (let i = 0; i < INGEST_EVENTS; i += BATCH) batches.push(body(i, Math.min(i + BATCH, INGEST_EVENTS)));
  const post = async (payload) => {
    const res = await fetch(`${url}/admin-api/api/v1/ingest/${system}`, {
      method: "POST",
      headers: trino
        ? { "content-type": "application/json", "x-trino-ingest-token": TRINO_TOKEN }
        : { "content-type": "application/x-ndjson", authorization: `Bearer ${MINIO_TOKEN}` },
      body: payload,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${system} ingest answered ${res.status}: ${text}`);
    return JSON.parse(text);
  };
  let next = 0;
  let stored = 0;
  const t0 = Date.now();
  const cpu0 = await cpu();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < batches.length) {
        const answer = await post(batches[next++]);
        stored += answer.stored;
      }
    }),
  );
  const rate = INGEST_EVENTS / ((Date.now() - t0) / 1000);
  const cpu1 = await cpu();
  const cpuPerEvent = {
    console: (cpu1.console - cpu0.console) / INGEST_EVENTS,
    db: (cpu1.db - cpu0.db) / INGEST_EVENTS,
  };
  const again = await post(batches[0]);
  if (stored !== INGEST_EVENTS || again.stored !== 0 || again.duplicates !== Math.min(BATCH, INGEST_EVENTS))
    throw new Error(
      `${system} ingest stored ${stored} of ${INGEST_EVENTS}; the batch sent again stored ${again.stored}`,
    );
  return { rate, cpuPerEvent };
}

/** Removes what an earlier run ingested (all dated within the last day), so that it is stored anew. */
async function clearIngested(c) {
  await c.query(
    "DELETE FROM trino_query_events WHERE created_at > now() - interval '2 days' AND query_id LIKE 'bench\\_%'",
  );
  await c.query(
    "DELETE FROM minio_audit_events WHERE time > now() - interval '2 days' AND request_id LIKE 'bench\\_%'",
  );
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
      TRINO_INGEST_TOKEN: TRINO_TOKEN,
      MINIO_AUDIT_TOKEN: MINIO_TOKEN,
      DATABASE_POOL_MAX: "10",
    });
    await c.connect();
    await c2.connect();
    // The console's own session setting: each prepared statement planned for the values at hand.
    for (const client of [c, c2]) await client.query("SET plan_cache_mode = force_custom_plan");
    // Seeded before unless empty or stopped part way (its chunk list is left until the end).
    const { rows } = await c.query(
      "SELECT (SELECT count(*) FROM (SELECT 1 FROM trino_query_events LIMIT 1) t)::int AS n, to_regclass('bench_seed_chunks') IS NOT NULL AS partial",
    );
    if (rows[0].n === 0 || rows[0].partial) {
      const seconds = await seed(c, TOTAL, { log: (line) => console.log(line) });
      console.log(
        `seeded ${TOTAL.toLocaleString("en")} audit events over ${SPAN_DAYS} days in ${fmt(seconds)} s (${fmt((seconds * 1e6) / TOTAL)} s per million)`,
      );
    } else console.log(`reusing ${process.env.BENCH_AUDIT_DB_URL} (seeded before)`);
    await clearIngested(c);
    console.log(
      "tab".padEnd(34),
      "API p50".padStart(8),
      "API p95".padStart(8),
      "SQL p95".padStart(8),
      "ratio".padStart(6),
      "total".padStart(9),
    );
    const pages = PARTS.has("pages") ? [...cases(7, "week"), ...cases(SPAN_DAYS, `${SPAN_DAYS} days`), unfiltered] : [];
    for (const k of pages) {
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
    for (const [system, BATCH] of PARTS.has("ingest")
      ? ["trino", "minio"].flatMap((s) => BATCHES.map((b) => [s, b]))
      : []) {
      // Each size stores the same events anew.
      await clearIngested(c);
      const { rate, cpuPerEvent } = await ingest(consoleProc.url, system, () => cpuSeconds(consoleProc.pid, c), BATCH);
      console.log(
        `${system} ingest, batches of ${BATCH}: ${Math.round(rate).toLocaleString("en")} events/s (${INGEST_EVENTS.toLocaleString("en")} events, all stored; a batch sent again stored none); CPU per event: console ${fmt(cpuPerEvent.console * 1e6)} µs, database ${fmt(cpuPerEvent.db * 1e6)} µs, so ${Math.round(2 / (cpuPerEvent.console + cpuPerEvent.db)).toLocaleString("en")} events/s on two free cores`,
      );
    }
    await clearIngested(c);
    if (PARTS.has("insights"))
      await measureInsights(consoleProc.url, await signIn(consoleProc.url), TRINO_TOKEN, c, console.log);
    let bytes = 0;
    let events = 0;
    for (const d of PARTS.has("disk") ? await diskUse(c) : []) {
      bytes += d.bytes;
      events += d.rows;
      console.log(
        `disk ${d.table}: ${fmt(d.bytes / 2 ** 20)} MiB for ${Math.round(d.rows).toLocaleString("en")} rows, ${fmt(d.bytes / 2 ** 20 / (d.rows / 1e6))} MiB per million`,
      );
    }
    if (events > 0)
      console.log(`disk, all audit tables: ${fmt(bytes / 2 ** 20 / (events / 1e6))} MiB per million events`);
    if (PARTS.has("migration") && MIGRATION_EVENTS > 0) {
      const m = await measureMigration(MIGRATION_EVENTS);
      console.log(
        `partitioning migration of ${m.events.toLocaleString("en")} events (previous release): ${fmt(m.seconds)} s, ${fmt((m.seconds * 1e6) / m.events)} s per million`,
      );
    }
    console.log("goals: page p95 <= 50 ms and <= 2x the SQL; ingest >= 50,000 events/s");
  } finally {
    await c.end().catch(() => undefined);
    await c2.end().catch(() => undefined);
    await consoleProc?.stop();
    await db.drop();
  }
}

await main();
