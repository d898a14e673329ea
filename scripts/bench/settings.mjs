// Settings benchmark: licence upload (signature check, history row and audit event in one
// transaction), the licence check every screen asks for, the component list with licensing
// on, and saving the insights preference. Run with `npm run bench:settings` (after `npm run build`).
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuilt, fmt, ROOT, signIn, startConsole, tempDatabase, timeIt } from "./lib.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

async function load(url, headers) {
  await autocannon({ url, connections: 5, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections: 20, duration: DURATION, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

ensureBuilt();
const { generateVendorKeys, signLicence, todayUtc } = await import(
  path.join(ROOT, "apps/server/dist/modules/licences/format.js")
);
const vendor = generateVendorKeys();
const db = await tempDatabase();
const server = await startConsole({
  DATABASE_URL: db.url,
  LICENSING_ENABLED: "true",
  LICENSE_PUBLIC_KEY: vendor.publicKey,
});
try {
  const token = await signIn(server.url);
  const headers = { authorization: `Bearer ${token}` };
  const expiry = todayUtc(new Date(Date.now() + 365 * 86_400_000));
  const files = Array.from({ length: UPLOADS }, (_, i) =>
    signLicence(
      {
        serialNumber: `BENCH-${i}`,
        customer: "Bench Ltd",
        issueDate: todayUtc(),
        expiryDate: expiry,
        components: ["trino", "spark-jobs", "flink-jobs", "debezium"],
      },
      vendor.privateKeyPem,
    ),
  );
  const upload = await timeIt(UPLOADS, async (i) => {
    const form = new FormData();
    form.append("licenseKey", new Blob([files[i]]), `bench-${i}.lic`);
    form.append("descEn", "benchmark");
    const res = await fetch(`${server.url}/license/api/v1/upload`, { method: "POST", headers, body: form });
    if (!res.ok) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
  });
  console.log(
    `licence upload (verify signature, replace the licence in force, audit): p50 ${fmt(upload.p50)} ms, p95 ${fmt(upload.p95)} ms, p99 ${fmt(upload.p99)} ms over ${UPLOADS}`,
  );
  const history = await timeIt(50, async () => {
    const res = await fetch(`${server.url}/license/api/v1/uploadHistory`, { headers });
    if (!res.ok) throw new Error(`history: ${res.status}`);
    await res.json();
  });
  console.log(`licence history of ${UPLOADS} uploads: p50 ${fmt(history.p50)} ms, p95 ${fmt(history.p95)} ms`);

  const verify = await load(`${server.url}/license/api/v1/verify`, headers);
  console.log(
    `GET /license/api/v1/verify, 20 connections ${DURATION}s: ${fmt(verify.rps, 0)} req/s, p50 ${verify.p50} ms, p99 ${verify.p99} ms, errors ${verify.errors}`,
  );
  const list = await load(`${server.url}/admin-api/api/v1/componentList`, headers);
  console.log(
    `GET componentList with licensing on, 20 connections ${DURATION}s: ${fmt(list.rps, 0)} req/s, p50 ${list.p50} ms, p99 ${list.p99} ms, errors ${list.errors}`,
  );

  const intervals = [60, 300, 900, 1800, 3600];
  const save = await timeIt(RUNS, async (i) => {
    const res = await fetch(`${server.url}/admin-api/api/v1/analytics/preferences`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({
        is_scheduled: i % 2 === 0,
        schedule_interval: intervals[i % intervals.length],
        users_to_exclude: "admin",
        admin_groups: "console-admins",
      }),
    });
    if (!res.ok) throw new Error(`preferences: ${res.status} ${await res.text()}`);
  });
  console.log(`insights preference save (with audit): p50 ${fmt(save.p50)} ms, p95 ${fmt(save.p95)} ms over ${RUNS}`);
} finally {
  await server.stop();
  await db.drop();
}
