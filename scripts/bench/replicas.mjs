// Issue 10 benchmark: two console replicas (the built server, each its own process) on one
// PostgreSQL database under a mixed load of the main read calls for BENCH_SECONDS (60)
// spread over both. Figures: requests/s and p99 per call, errors (goal: none), and each
// replica's peak memory, the kernel's high-water mark of its resident set (goal <= 350 MB).
// The simulated cluster API, Kafka Connect worker and Airflow run in this process and are
// reached as real systems would be (kubeconfig, CONNECT_URL, AIRFLOW_URL).
// Sizes: BENCH_USERS (2000), BENCH_QUERIES (20000 Trino query events), BENCH_CONNECTIONS
// (per call and replica, 2), BENCH_NODES (50), BENCH_PODS (1000).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { ADMIN_PASSWORD, ensureBuilt, fmt, ROOT, signIn, startConsole, tempDatabase } from "./lib.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const USERS = Number(process.env.BENCH_USERS ?? 2000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2);
const NODES = Number(process.env.BENCH_NODES ?? 50);
const PODS = Number(process.env.BENCH_PODS ?? 1000);
const INGEST_TOKEN = "bench-replicas-ingest-token-0123";
const MEMORY_GOAL_MB = 350;

/** The calls of the main screens, as the web app makes them. */
const since = (days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const CALLS = [
  ["home: menu", "/admin-api/api/v1/menu"],
  ["home: components", "/admin-api/api/v1/componentList"],
  ["cluster: nodes", "/k8s-proxy/api/v1/nodes"],
  ["cluster: workloads", "/k8s-proxy/api/v1/workloads"],
  ["cluster: issues", "/k8s-proxy/api/v1/issues"],
  ["cluster: events", "/k8s-proxy/api/v1/events"],
  ["users: list", "/admin-api/api/v1/users?page=0&size=10"],
  ["users: search", "/admin-api/api/v1/users?page=0&size=10&searchQuery=user1"],
  ["groups: list", "/admin-api/api/v1/groups?page=0&size=10"],
  ["policies: list", "/admin-api/api/v1/acl?page=0&size=10"],
  ["audits: Trino page", `/admin-api/api/v1/trino/audit?first=0&max=10&startDate=${since(30)}&endDate=${since(0)}`],
  [
    "audits: Trino by user",
    `/admin-api/api/v1/trino/audit?first=0&max=10&user=alice&startDate=${since(30)}&endDate=${since(0)}`,
  ],
  ["audits: policy trail", `/admin-api/api/v1/acl/audit?first=0&max=10&startDate=${since(30)}&endDate=${since(0)}`],
  ["insights: analytics", "/admin-api/api/v1/analytics/analytics"],
  ["insights: pipelines", "/admin-api/api/v1/analytics/pipeline-summary?limit=10&offset=0"],
  ["connectors: list", "/admin-api/api/v1/connectors"],
];

/** The address both replicas share (behind a load balancer); requests go to each replica's port. */
const PUBLIC_URL = "http://console.bench";

/** Peak and current resident memory of a process, in MB, from /proc. */
function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { peak: kb("VmHWM") / 1024, now: kb("VmRSS") / 1024 };
}

ensureBuilt();
const sandbox = await import(path.join(ROOT, "apps/sandbox/dist/index.js"));
const kube = await sandbox.startKubernetesApi({ dataDir: null, nodes: NODES, pods: PODS, quiet: true });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-bench-replicas-"));
const worker = await sandbox.startConnectWorker({ dataDir: dir, transitionMs: 200 });
const airflow = await sandbox.startAirflow();
const kubeconfig = path.join(dir, "kubeconfig.yaml");
fs.writeFileSync(
  kubeconfig,
  `apiVersion: v1
kind: Config
clusters:
  - name: bench
    cluster: { server: "${kube.url}", insecure-skip-tls-verify: true }
users:
  - name: console
    user: { token: bench }
contexts:
  - name: bench
    context: { cluster: bench, user: console }
current-context: bench
`,
);

const db = await tempDatabase("bench_replicas");
const env = {
  DATABASE_URL: db.url,
  PUBLIC_URL,
  SANDBOX: "off",
  KUBECONFIG: kubeconfig,
  CONNECT_URL: worker.url,
  AIRFLOW_URL: airflow.url,
  AIRFLOW_USERNAME: sandbox.AIRFLOW_SANDBOX_USER,
  AIRFLOW_PASSWORD: sandbox.AIRFLOW_SANDBOX_PASSWORD,
  TRINO_INGEST_TOKEN: INGEST_TOKEN,
};
// Started together, as a Deployment's pods are: migrations and keys are made once.
const replicas = await Promise.all([startConsole(env), startConsole(env)]);
const [a] = replicas;
try {
  // Sign in on A; the token is used on both.
  const token = await signIn(a.url, "admin", ADMIN_PASSWORD, PUBLIC_URL);
  const headers = { authorization: `Bearer ${token}` };

  // Data for the screens: users in groups, Trino query events over 30 days, connectors.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query(
    `INSERT INTO groups (name) SELECT 'group' || g FROM generate_series(1, 50) g ON CONFLICT DO NOTHING`,
  );
  await client.query(
    `INSERT INTO users (username, first_name, last_name, email, password_hash, enabled)
     SELECT 'user' || i, 'First' || i, 'Last' || i, 'user' || i || '@example.com', 'x', i % 10 <> 0
       FROM generate_series(1, $1::int) i`,
    [USERS],
  );
  await client.query(
    `INSERT INTO user_groups (user_id, group_id)
     SELECT u.id, g.id FROM users u JOIN groups g ON g.name = 'group' || (1 + abs(hashtext(u.username)) % 50)
      WHERE u.username LIKE 'user%'`,
  );
  await client.end();
  for (let i = 0; i < QUERIES; i += 500) {
    const batch = [];
    for (let n = i; n < Math.min(i + 500, QUERIES); n++)
      batch.push(sandbox.trinoCompletedEvent(new Date(Date.now() - (n / QUERIES) * 30 * 86_400_000), n));
    const res = await fetch(`${a.url}/admin-api/api/v1/ingest/trino`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-trino-ingest-token": INGEST_TOKEN },
      body: JSON.stringify(batch),
    });
    if (!res.ok) throw new Error(`ingest: ${res.status} ${await res.text()}`);
  }
  for (let i = 0; i < 20; i++) {
    const name = `bench-${i}`;
    const res = await fetch(`${worker.url}/connectors`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name,
        config: {
          "connector.class": "io.debezium.connector.sqlserver.SqlServerConnector",
          "database.hostname": "mssql.bench.svc",
          "database.port": "1433",
          "database.user": "debezium",
          "database.password": "bench-password",
          "database.names": "sales",
          "topic.prefix": name,
          "table.include.list": "dbo.customers",
          "schema.history.internal.kafka.bootstrap.servers": "kafka:9092",
          "schema.history.internal.kafka.topic": `schema-changes.${name}`,
        },
      }),
    });
    if (!res.ok) throw new Error(`connector ${name}: ${res.status} ${await res.text()}`);
  }

  // Every call answers on both replicas before the load (and fills the caches, as use would).
  for (const r of replicas)
    for (const [label, url] of CALLS) {
      const res = await fetch(`${r.url}${url}`, { headers });
      if (!res.ok) throw new Error(`${label} (${url}): ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }

  // The mixed load: every call on both replicas at once, each with its own connections.
  const runs = await Promise.all(
    replicas.flatMap((r, ri) =>
      CALLS.map(([label, url]) =>
        autocannon({ url: `${r.url}${url}`, connections: CONNECTIONS, duration: SECONDS, headers }).then((result) => ({
          label,
          replica: ri,
          result,
        })),
      ),
    ),
  );

  console.log(
    `replicas benchmark: 2 replicas on one PostgreSQL, ${CALLS.length} calls x 2 replicas x ${CONNECTIONS} connections, ${SECONDS} s`,
  );
  console.log(`  data: ${USERS} users, ${QUERIES} Trino query events, ${NODES} nodes, ${PODS} pods, 20 connectors`);
  let totalRps = 0;
  let totalErrors = 0;
  for (const [label] of CALLS) {
    const mine = runs.filter((x) => x.label === label);
    const rps = mine.reduce((s, x) => s + x.result.requests.average, 0);
    const p99 = Math.max(...mine.map((x) => x.result.latency.p99));
    const errors = mine.reduce((s, x) => s + x.result.errors + x.result.timeouts + x.result.non2xx, 0);
    totalRps += rps;
    totalErrors += errors;
    console.log(
      `  ${label.padEnd(24)} ${fmt(rps, 0).padStart(6)} req/s   p99 ${String(p99).padStart(5)} ms   errors ${errors}`,
    );
  }
  for (const [ri, r] of replicas.entries()) {
    const rps = runs.filter((x) => x.replica === ri).reduce((s, x) => s + x.result.requests.average, 0);
    const mem = memory(r.pid);
    console.log(
      `  replica ${"AB"[ri]}: ${fmt(rps, 0)} req/s, peak memory ${fmt(mem.peak, 0)} MB (now ${fmt(mem.now, 0)} MB; goal <= ${MEMORY_GOAL_MB})`,
    );
  }
  console.log(`  all calls: ${fmt(totalRps, 0)} req/s, errors ${totalErrors} (goal: none)`);
} finally {
  await Promise.all(replicas.map((r) => r.stop()));
  await db.drop();
  await worker.stop();
  await airflow.stop();
  await kube.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
