// Helpers shared by the benchmark scripts: start the built console, sign in over HTTP.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { signInOverHttp } from "../lib/sign-in.mjs";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const ADMIN_PASSWORD = "Admin-Bench-Pass-1";
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function ensureBuilt() {
  if (
    !fs.existsSync(path.join(ROOT, "apps/server/dist/main.js")) ||
    !fs.existsSync(path.join(ROOT, "apps/web/dist/index.html"))
  )
    throw new Error("run `npm run build` first");
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A fresh database on the local PostgreSQL, dropped by the returned function. */
export async function tempDatabase(prefix = "pc_bench") {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Starts apps/server/dist/main.js and waits for /readyz. */
export async function startConsole(env = {}, nodeArgs = []) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, "apps/server/dist/main.js")], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ADMIN_PASSWORD, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // A busy machine can take longer to start it (BENCH_START_TIMEOUT_MS).
  const deadline = Date.now() + Number(process.env.BENCH_START_TIMEOUT_MS ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error("console exited");
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error("console did not become ready");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

/**
 * The machine's floor: a bare Node.js http server, in a process of its own, answering every
 * request at once (304 when If-None-Match is sent, else a short JSON). What the console adds
 * to a call is its time minus this one's.
 */
export async function startFloorServer() {
  const script = `
    const http = require("node:http");
    const srv = http.createServer((req, res) => {
      if (req.headers["if-none-match"]) { res.statusCode = 304; res.setHeader("etag", req.headers["if-none-match"]); return res.end(); }
      res.setHeader("content-type", "application/json"); res.end('{"ok":true}');
    });
    srv.listen(0, "127.0.0.1", () => process.send(srv.address().port));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const port = await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", () => reject(new Error("floor server exited")));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

/** The embedded provider's sign-in over HTTP, as the administrator unless told otherwise. */
export const signIn = (baseUrl, username = "admin", password = ADMIN_PASSWORD, publicUrl = baseUrl) =>
  signInOverHttp(baseUrl, username, password, publicUrl);

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** p50/p95/p99 of call times in ms (sorts them in place). */
function summary(times) {
  times.sort((x, y) => x - y);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

/** Awaits `fn(i)` and adds its time in ms to `times`. */
async function timeOnce(fn, i, times) {
  const t0 = process.hrtime.bigint();
  await fn(i);
  times.push(Number(process.hrtime.bigint() - t0) / 1e6);
}

/** Runs fn n times and reports p50/p95/p99 in ms. */
export async function timeIt(n, fn) {
  const times = [];
  for (let i = 0; i < n; i++) await timeOnce(fn, i, times);
  return summary(times);
}

/**
 * Calls each of `fns` in turn for `ms` milliseconds, untimed. After a pause the machine (and a
 * virtual machine's CPUs above all) answers slowly for a few thousand calls; a fixed count of
 * warm-up calls left that in the timed ones.
 */
export async function warmFor(ms, ...fns) {
  const until = Date.now() + ms;
  while (Date.now() < until) for (const fn of fns) await fn();
}

/** The round whose p99 is the median of the rounds' (the rounds are printed beside it). */
export function medianRound(rounds, pick = (r) => r.p99) {
  return [...rounds].sort((x, y) => pick(x) - pick(y))[Math.floor(rounds.length / 2)];
}

/**
 * Times `a` and `b` alternately, n times each, so that whatever else the machine does at the
 * time weighs on both alike; p50/p95/p99 of each in ms. Which goes first alternates too.
 */
export async function timeAlternately(n, a, b) {
  const ta = [];
  const tb = [];
  for (let i = 0; i < n; i++) {
    if (i % 2) {
      await timeOnce(b, i, tb);
      await timeOnce(a, i, ta);
    } else {
      await timeOnce(a, i, ta);
      await timeOnce(b, i, tb);
    }
  }
  return [summary(ta), summary(tb)];
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux): what a run cost
 * the measured process, whatever else the shared machine was doing. Clock-tick resolution
 * (10 ms), so read it around a whole phase, not one call. NaN where /proc is missing.
 */
export function processCpuMs(pid = process.pid) {
  try {
    // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
/** USER_HZ: 100 on Linux on every architecture Node.js runs on. */
const CLOCK_TICKS = 100;

/** Runs `fn` and returns its result with the CPU ms process `pid` spent meanwhile. */
export async function withCpu(pid, fn) {
  const before = processCpuMs(pid);
  const result = await fn();
  return { result, cpuMs: processCpuMs(pid) - before };
}

/**
 * A process of its own that times GETs of `paths` in turn on one kept-alive connection, so that
 * what the benchmark's own process does meanwhile (a simulated cluster, readers of streams)
 * does not count in the times. `run(pairs)` times up to `pairs` rounds, or until `stop()`;
 * a call still in flight at the stop is dropped. Times in ms, by path.
 */
export async function startCallTimer(baseUrl, headers, paths) {
  const script = `
    const http = require("node:http");
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { baseUrl, headers, paths } = JSON.parse(process.argv[1]);
    const get = (p) => new Promise((resolve, reject) => {
      const req = http.get(baseUrl + p, { agent, headers }, (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(p + ": " + res.statusCode))));
      });
      req.on("error", reject);
    });
    let stopped = false;
    process.on("message", async (m) => {
      if (m.type === "stop") return void (stopped = true);
      if (m.type === "exit") return process.exit(0);
      stopped = false;
      const times = Object.fromEntries(paths.map((p) => [p, []]));
      for (let i = 0; i < m.pairs && !stopped; i++)
        for (const p of i % 2 ? [...paths].reverse() : paths) {
          const t0 = process.hrtime.bigint();
          await get(p);
          if (!stopped) times[p].push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
      process.send({ times });
    });
    process.send({ ready: true });`;
  const child = spawn(process.execPath, ["-e", script, JSON.stringify({ baseUrl, headers, paths })], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", () => reject(new Error("the call timer exited")));
  });
  return {
    run: (pairs) =>
      new Promise((resolve) => {
        child.once("message", (m) => resolve(m.times));
        child.send({ type: "run", pairs });
      }),
    stop: () => child.send({ type: "stop" }),
    close: () => child.send({ type: "exit" }),
  };
}

export const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "n/a");

/**
 * A GET client on one kept-alive connection, as a browser or Trino holds one. Node's own http
 * module is used rather than fetch: fetch adds its own time to every call, and that time
 * belongs to the client, not to the console being measured.
 */
export function keepAliveClient(baseUrl, headers = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get: (pathAndQuery, extraHeaders = {}) =>
      new Promise((resolve, reject) => {
        const req = http.get(
          `${baseUrl}${pathAndQuery}`,
          { agent, headers: { ...headers, ...extraHeaders } },
          (res) => {
            const chunks = [];
            res.on("data", (c) => chunks.push(c));
            res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
            res.on("error", reject);
          },
        );
        req.on("error", reject);
      }),
    close: () => agent.destroy(),
  };
}

/**
 * Writes policies straight into the console's table, 1,000 a statement, as the console would
 * store them: each value is checked by the API's own schema (`PolicyInput`) first.
 */
export async function insertPolicies(client, PolicyInput, values) {
  const rows = values.map((v, i) => {
    const { policyName, category, ...body } = PolicyInput.parse(v);
    return [i + 1, policyName, category, JSON.stringify(body)];
  });
  for (let k = 0; k < rows.length; k += 1000) {
    const chunk = rows.slice(k, k + 1000);
    await client.query(
      `INSERT INTO policies (priority, policy_name, category, body, created_by)
       SELECT *, 'bench' FROM unnest($1::int[], $2::text[], $3::text[], $4::jsonb[])`,
      [chunk.map((r) => r[0]), chunk.map((r) => r[1]), chunk.map((r) => r[2]), chunk.map((r) => r[3])],
    );
  }
}
