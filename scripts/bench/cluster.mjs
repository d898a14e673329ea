// Cluster benchmark: the console watching a sandbox cluster of 500 nodes and 20,000 pods.
// Figures: the home screen's calls together (goal at most 500 ms), a pod log tail of 200
// lines (at most 100 ms), and the delay between a log line written and received while
// following (at most 1 s); then /healthz and the user list while one user opens 100 follows
// of the longest tail allowed, next to their idle figures (goal: p99 at most 2 times idle).
// The simulated API runs in this process, the console in its own, reached through a
// kubeconfig as a real cluster would be.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  ensureBuilt,
  fmt,
  keepAliveClient,
  percentile,
  ROOT,
  signIn,
  startConsole,
  tempDatabase,
  timeAlternately,
  warmFor,
} from "./lib.mjs";

const NODES = Number(process.env.BENCH_NODES ?? 500);
const PODS = Number(process.env.BENCH_PODS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const FOLLOWS = Number(process.env.BENCH_FOLLOWS ?? 100);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const TAIL_MAX = 5000;
const K8S = "/k8s-proxy/api/v1";

ensureBuilt();
const { startKubernetesApi } = await import(path.join(ROOT, "apps/sandbox/dist/index.js"));
const t0 = performance.now();
const api = await startKubernetesApi({ dataDir: null, nodes: NODES, pods: PODS, quiet: true });
const generated = performance.now() - t0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-bench-cluster-"));
const kubeconfig = path.join(dir, "kubeconfig.yaml");
fs.writeFileSync(
  kubeconfig,
  `apiVersion: v1
kind: Config
clusters:
  - name: bench
    cluster: { server: "${api.url}", insecure-skip-tls-verify: true }
users:
  - name: console
    user: { token: bench }
contexts:
  - name: bench
    context: { cluster: bench, user: console }
current-context: bench
`,
);
const db = await tempDatabase();
const server = await startConsole({ DATABASE_URL: db.url, SANDBOX: "off", KUBECONFIG: kubeconfig });
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), max: s.at(-1) };
};
try {
  const token = await signIn(server.url);
  const headers = { authorization: `Bearer ${token}` };
  const get = async (url) => {
    const res = await fetch(`${server.url}${url}`, { headers });
    if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const home = [
    `${K8S}/nodes`,
    `${K8S}/workloads`,
    `${K8S}/issues`,
    `${K8S}/events`,
    "/admin-api/api/v1/componentList",
  ];

  // The first home load lists every resource once, then the console keeps them by watching.
  let t = performance.now();
  await Promise.all(home.map(get));
  const firstLoad = performance.now() - t;

  const together = [];
  for (let i = 0; i < ROUNDS; i++) {
    t = performance.now();
    const [nodes, workloads] = await Promise.all(home.map(get));
    together.push(performance.now() - t);
    if (nodes.items.length !== NODES || workloads.pods.total !== PODS) throw new Error("home figures are incomplete");
  }

  const pod = (await get(`${K8S}/nodes/worker-001/pods`)).items.find((p) => p.status === "Running");
  const tail = [];
  for (let i = 0; i < ROUNDS * 2; i++) {
    t = performance.now();
    const body = await get(`${K8S}/pods/${pod.name}/logs?namespace=${pod.namespace}&tailLines=200`);
    tail.push(performance.now() - t);
    if (body.lines.length !== 200) throw new Error("the tail is not 200 lines");
  }

  // The usage charts: a component's 180 minutes and a host's 5 minutes, from the console's samples.
  const charts = [];
  for (let i = 0; i < ROUNDS; i++) {
    t = performance.now();
    const [component, host] = await Promise.all([
      get(`${K8S}/components/trino/overview?minutes=180`),
      get(`${K8S}/nodes/worker-001/usage`),
    ]);
    charts.push(performance.now() - t);
    if (component.points.length === 0 || host.points.length === 0) throw new Error("no usage samples");
  }

  // Following: how long after a line's time (when the container wrote it) it arrives here.
  const delays = [];
  const ctrl = new AbortController();
  const res = await fetch(`${server.url}${K8S}/pods/${pod.name}/logs/follow?namespace=${pod.namespace}&tailLines=1`, {
    headers,
    signal: ctrl.signal,
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let skipped = false;
  const WANT = Number(process.env.BENCH_FOLLOW_LINES ?? 10);
  while (delays.length < WANT) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the follow stream ended");
    const now = Date.now();
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const id = /^id: (.+)$/m.exec(buffer.slice(0, end))?.[1];
      buffer = buffer.slice(end + 2);
      if (!id) continue;
      // The first line is the tail, written before the stream began.
      if (!skipped) {
        skipped = true;
        continue;
      }
      delays.push(now - Date.parse(id));
    }
  }
  ctrl.abort();

  // One user opens many follows at once, each with the longest tail; the others' calls go on.
  const timed = keepAliveClient(server.url, headers);
  const healthz = async () => {
    if ((await timed.get("/healthz")).status !== 200) throw new Error("/healthz failed");
  };
  const users = async () => {
    if ((await timed.get("/admin-api/api/v1/users")).status !== 200) throw new Error("the user list failed");
  };
  await warmFor(2000, healthz, users);
  const [idleHealth, idleUsers] = await timeAlternately(CALLS, healthz, users);
  const targets = (await get(`${K8S}/nodes/worker-001/pods`)).items.filter((p) => p.status === "Running");
  const followCtrl = new AbortController();
  const outcomes = { open: 0, refused: 0, other: 0 };
  const opened = Array.from({ length: FOLLOWS }, async (_, i) => {
    const p = targets[i % targets.length];
    try {
      const r = await fetch(
        `${server.url}${K8S}/pods/${p.name}/logs/follow?namespace=${p.namespace}&tailLines=${TAIL_MAX}`,
        { headers, signal: followCtrl.signal },
      );
      if (r.status === 200) {
        outcomes.open++;
        // Read everything, as the log viewer does.
        await r.body.pipeTo(new WritableStream()).catch(() => undefined);
      } else {
        outcomes[r.status === 429 ? "refused" : "other"]++;
        await r.body?.cancel();
      }
    } catch {
      // aborted at the end
    }
  });
  const [busyHealth, busyUsers] = await timeAlternately(CALLS, healthz, users);
  followCtrl.abort();
  await Promise.all(opened);
  timed.close();

  const h = stats(together);
  const l = stats(tail);
  const f = stats(delays);
  console.log(`cluster benchmark (sandbox cluster of ${NODES} nodes and ${PODS} pods, PostgreSQL)`);
  console.log(`  sandbox generated in                ${fmt(generated, 0)} ms`);
  console.log(`  first home load (lists, then watch) ${fmt(firstLoad, 0)} ms`);
  console.log(
    `  home calls together (${home.length} calls)     p50 ${fmt(h.p50)} ms  p95 ${fmt(h.p95)} ms  max ${fmt(h.max)} ms  (goal ≤ 500 ms)`,
  );
  console.log(`  pod log tail, 200 lines             p50 ${fmt(l.p50)} ms  p95 ${fmt(l.p95)} ms  (goal ≤ 100 ms)`);
  const c = stats(charts);
  console.log(`  usage charts (component + host)     p50 ${fmt(c.p50)} ms  p95 ${fmt(c.p95)} ms`);
  console.log(
    `  follow: line written → received    p50 ${fmt(f.p50, 0)} ms  max ${fmt(f.max, 0)} ms over ${delays.length} lines  (goal ≤ 1000 ms)`,
  );
  const ratio = (busy, idle) => `${fmt(busy.p99)} ms (${fmt(busy.p99 / idle.p99)}× idle)`;
  console.log(
    `  one user opens ${FOLLOWS} follows (tail ${TAIL_MAX}): ${outcomes.open} open, ${outcomes.refused} refused (429)${outcomes.other ? `, ${outcomes.other} other` : ""}`,
  );
  console.log(
    `  /healthz p99     idle ${fmt(idleHealth.p99)} ms   during the follows ${ratio(busyHealth, idleHealth)}  (goal ≤ 2×)`,
  );
  console.log(
    `  user list p99    idle ${fmt(idleUsers.p99)} ms   during the follows ${ratio(busyUsers, idleUsers)}  (goal ≤ 2×)`,
  );
} finally {
  await server.stop();
  await db.drop();
  await api.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
