// Issue 7 benchmark: the connector list against a Kafka Connect worker holding 200 connectors
// (the console asks the worker on every call, so this is the console's overhead plus one
// expanded list call), creation through validation, and how long pause takes to settle.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuilt, fmt, ROOT, signIn, startConsole, tempDatabase, timeIt } from "./lib.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTORS = Number(process.env.BENCH_CONNECTORS ?? 200);
const API = "/admin-api/api/v1/connectors";

const form = (name) => ({
  name,
  connectorClass: "io.debezium.connector.sqlserver.SqlServerConnector",
  dbHostname: "mssql.bench.svc",
  dbPort: "1433",
  dbUser: "debezium",
  dbPassword: "bench-password",
  dbName: "sales",
  dbServerName: name,
  kafkaBootstrapServer: "kafka:9092",
  schemaName: `schema-changes.${name}`,
  tablesToWhiteList: ["dbo.customers", "dbo.invoices"],
  pollInterval: "5",
});

async function load(url, headers) {
  await autocannon({ url, connections: 5, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections: 20, duration: DURATION, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

ensureBuilt();
const { startConnectWorker } = await import(path.join(ROOT, "apps/sandbox/dist/index.js"));
const workerDir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-bench-connect-"));
// The worker runs in this process, the console in its own, as with a real worker elsewhere.
const worker = await startConnectWorker({ dataDir: workerDir, transitionMs: 400 });
const db = await tempDatabase();
const server = await startConsole({ DATABASE_URL: db.url, SANDBOX: "off", CONNECT_URL: worker.url });
try {
  const token = await signIn(server.url);
  const headers = { authorization: `Bearer ${token}` };
  const call = async (method, url, body) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: body ? { ...headers, "content-type": "application/json" } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };

  const create = await timeIt(CONNECTORS, async (i) => {
    const body = form(`bench-${String(i).padStart(4, "0")}`);
    await call("POST", `${API}/${body.name}/validate`, body);
    await call("POST", API, body);
  });

  const t0 = Date.now();
  for (;;) {
    const page = await call("GET", `${API}?status=RUNNING&size=1`);
    if (page.total === CONNECTORS) break;
    if (Date.now() - t0 > 30_000) throw new Error("connectors did not all come up");
    await new Promise((r) => setTimeout(r, 100));
  }

  const list = await load(`${server.url}${API}`, headers);
  const filtered = await load(`${server.url}${API}?name=bench-01&status=RUNNING`, headers);
  const details = await load(`${server.url}${API}/bench-0042`, headers);

  const pause = await timeIt(10, async (i) => {
    const name = `bench-${String(i).padStart(4, "0")}`;
    const r = await call("PUT", `${API}/${name}/pause`);
    if (!r.settled) throw new Error(`${name} did not settle`);
  });

  console.log(
    `connectors benchmark (PostgreSQL, ${CONNECTORS} connectors on the sandbox worker, 20 connections, ${DURATION}s each)`,
  );
  console.log(`  validate + create (wizard's Save): p50 ${fmt(create.p50)} ms, p95 ${fmt(create.p95)} ms`);
  console.log(
    `  GET ${API} (first page of ${CONNECTORS}): ${fmt(list.rps, 0)} req/s, p50 ${list.p50} ms, p99 ${list.p99} ms, errors ${list.errors} (goal p99 <= 250 ms)`,
  );
  console.log(
    `  GET ${API}?name=&status= (filtered): ${fmt(filtered.rps, 0)} req/s, p99 ${filtered.p99} ms, errors ${filtered.errors}`,
  );
  console.log(
    `  GET ${API}/:name (details): ${fmt(details.rps, 0)} req/s, p99 ${details.p99} ms, errors ${details.errors}`,
  );
  console.log(
    `  PUT ${API}/:name/pause until PAUSED (worker takes 400 ms): p50 ${fmt(pause.p50)} ms, p95 ${fmt(pause.p95)} ms (goal p95 <= 1000 ms)`,
  );
} finally {
  await server.stop();
  await worker.stop();
  await db.drop();
  fs.rmSync(workerDir, { recursive: true, force: true });
}
