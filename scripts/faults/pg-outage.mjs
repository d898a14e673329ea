// Fault script: PostgreSQL stopped in the middle of a load run, then started again.
// - Starts the built server on a dedicated database of the local PostgreSQL.
// - Runs writes (group creations) and reads (group and user pages) for a few seconds.
// - Stops PostgreSQL (pg_ctlcluster ... stop, fast mode) for at most OUTAGE_MS while the
//   load goes on: every request must get a quick 503 {error, error_description}, /readyz 503.
// - Starts PostgreSQL again (always, in a finally block), and checks that the same server
//   process recovers by itself and that every write acknowledged before the outage is there.
// Run with `npm run fault:pg` (needs root or the postgres user for pg_ctlcluster). It stops
// the machine's PostgreSQL, so never run it while other tests use that server.
// FAULT_MODE=terminate is a rehearsal that leaves PostgreSQL up: for the same period it
// keeps terminating the dedicated database's connections (pg_terminate_backend) instead;
// requests then fail only now and then, so it checks for no 5xx other than 503, no crash,
// well-formed errors and no lost write.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import { fmt, percentile, signIn, startConsole, tempDatabase } from "../bench/lib.mjs";

const PG_VERSION = process.env.PG_VERSION ?? fs.readdirSync("/etc/postgresql").sort().at(-1);
const PG_CLUSTER = process.env.PG_CLUSTER ?? "main";
const LOAD_MS = Number(process.env.FAULT_LOAD_MS ?? 5_000);
const OUTAGE_MS = Math.min(Number(process.env.FAULT_OUTAGE_MS ?? 8_000), 12_000);
const WORKERS = Number(process.env.FAULT_WORKERS ?? 8);
const QUICK_MS = 3_000;
const MODE = process.env.FAULT_MODE === "terminate" ? "terminate" : "stop";
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Terminates every connection to the database until `until` (the rehearsal). */
async function terminateLoop(dbName, until) {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  let killed = 0;
  while (performance.now() < until) {
    const r = await admin.query(
      "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [dbName],
    );
    killed += r.rows[0].n;
    await new Promise((res) => setTimeout(res, 200));
  }
  await admin.end();
  return killed;
}

const pgctl = (action) =>
  execFileSync(
    "pg_ctlcluster",
    ["--skip-systemctl-redirect", ...(action === "stop" ? ["--mode=fast"] : []), PG_VERSION, PG_CLUSTER, action],
    { stdio: "inherit" },
  );

function pgIsUp() {
  try {
    execFileSync("pg_isready", ["-h", "127.0.0.1", "-p", "5432", "-t", "1"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function main() {
  if (!fs.existsSync(new URL("../../apps/server/dist/main.js", import.meta.url)))
    throw new Error("run `npm run build` first");
  const db = await tempDatabase("pc_fault");
  const server = await startConsole({ DATABASE_URL: db.url, SANDBOX: "off", DATABASE_POOL_MAX: "10" });
  const token = await signIn(server.url);
  const headers = { authorization: `Bearer ${token}` };
  const acknowledged = [];
  const samples = { before: [], outage: [], after: [] };
  let phase = "before";
  let running = true;
  let n = 0;
  const malformed = [];

  async function one(worker) {
    const write = n++ % 3 === 0;
    const at = phase;
    const name = `fault-${worker}-${n}`;
    const t0 = performance.now();
    let status = 0;
    let body = null;
    try {
      const res = write
        ? await fetch(`${server.url}/admin-api/api/v1/groups`, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: JSON.stringify({ name }),
            signal: AbortSignal.timeout(30_000),
          })
        : await fetch(`${server.url}/admin-api/api/v1/${n % 2 ? "groups" : "users"}?page=1&size=20`, {
            headers,
            signal: AbortSignal.timeout(30_000),
          });
      status = res.status;
      body = await res.json().catch(() => null);
    } catch (err) {
      status = `error ${err.name}`;
    }
    const ms = performance.now() - t0;
    samples[at].push({ status, ms, write });
    if (write && status === 201) acknowledged.push(name);
    if (typeof status === "number" && status >= 400 && (typeof body?.error !== "string" || !body?.error_description))
      malformed.push(`${status} ${JSON.stringify(body)}`);
  }

  const load = Array.from({ length: WORKERS }, async (_, w) => {
    while (running) await one(w);
  });

  let stoppedAt = 0;
  let startedAt = 0;
  let recoveredAt = 0;
  const readyDuringOutage = [];
  try {
    await new Promise((r) => setTimeout(r, LOAD_MS));
    phase = "outage";
    stoppedAt = performance.now();
    const terminating =
      MODE === "terminate" ? terminateLoop(new URL(db.url).pathname.slice(1), stoppedAt + OUTAGE_MS) : null;
    if (MODE === "stop") {
      console.log(`stopping PostgreSQL ${PG_VERSION}/${PG_CLUSTER} after ${samples.before.length} requests`);
      pgctl("stop");
      stoppedAt = performance.now();
    }
    while (performance.now() - stoppedAt < OUTAGE_MS) {
      const t0 = performance.now();
      const r = await fetch(`${server.url}/readyz`).catch(() => null);
      readyDuringOutage.push({ status: r?.status ?? "error", ms: performance.now() - t0 });
      await new Promise((res) => setTimeout(res, 500));
    }
    if (terminating) console.log(`terminated ${await terminating} connections`);
  } finally {
    if (!pgIsUp()) pgctl("start");
    startedAt = performance.now();
    if (MODE === "stop") console.log(`PostgreSQL started again after ${fmt((startedAt - stoppedAt) / 1000)} s down`);
  }

  try {
    // Recovery: the same server process answers /readyz 200 and serves requests again.
    const deadline = performance.now() + 60_000;
    for (;;) {
      const r = await fetch(`${server.url}/readyz`).catch(() => null);
      if (r?.status === 200) break;
      if (performance.now() > deadline) throw new Error("the server did not recover within 60 s");
      await new Promise((res) => setTimeout(res, 100));
    }
    recoveredAt = performance.now();
    phase = "after";
    await new Promise((r) => setTimeout(r, 3_000));
  } finally {
    running = false;
    await Promise.all(load);
  }

  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  const { rows } = await c.query("SELECT name FROM groups WHERE name LIKE 'fault-%'");
  await c.end();
  const present = new Set(rows.map((r) => r.name));
  const missing = acknowledged.filter((name) => !present.has(name));
  await server.stop();
  await db.drop();

  const summary = (list) => {
    const byStatus = {};
    for (const s of list) byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    return { count: list.length, byStatus, p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms.at(-1) ?? NaN };
  };
  const report = {
    before: summary(samples.before),
    outage: summary(samples.outage),
    after: summary(samples.after),
    readyz: summary(readyDuringOutage),
  };
  console.log(`\nPostgreSQL ${MODE === "stop" ? "stopped" : "connections terminated"} during a load run`);
  for (const [k, v] of Object.entries(report))
    console.log(
      `  ${k.padEnd(7)} ${String(v.count).padStart(6)} requests  ${JSON.stringify(v.byStatus)}  p50 ${fmt(v.p50)} ms  p99 ${fmt(v.p99)} ms  max ${fmt(v.max)} ms`,
    );
  console.log(`  recovery: /readyz 200 ${fmt((recoveredAt - startedAt) / 1000, 2)} s after PostgreSQL was started`);
  console.log(
    `  writes acknowledged (before, during and after the outage): ${acknowledged.length}, missing afterwards: ${missing.length}`,
  );

  const problems = [];
  const outage = samples.outage.filter((s) => s.status !== 201 && s.status !== 200);
  if (outage.some((s) => s.status !== 503)) problems.push("a request during the outage got something other than 503");
  if (MODE === "stop" && report.outage.p99 > QUICK_MS) problems.push(`p99 during the outage is above ${QUICK_MS} ms`);
  if (MODE === "stop" && readyDuringOutage.some((r) => r.status !== 503))
    problems.push("/readyz did not answer 503 during the outage");
  if (samples.after.some((s) => s.status !== 200 && s.status !== 201)) problems.push("errors after recovery");
  if (missing.length) problems.push(`${missing.length} acknowledged writes are missing`);
  if (malformed.length) problems.push(`error bodies without {error, error_description}: ${malformed.slice(0, 3)}`);
  if (samples.outage.length === 0) problems.push("no request was made during the outage");
  if (problems.length) {
    console.log(`\nFAILED:\n  ${problems.join("\n  ")}`);
    process.exitCode = 1;
  } else console.log("\nOK: quick 503s during the outage, recovery without a restart, no acknowledged write lost");
}

main().catch((err) => {
  if (!pgIsUp()) pgctl("start");
  console.error(err);
  process.exit(1);
});
