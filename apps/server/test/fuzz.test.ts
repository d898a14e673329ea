import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubernetesApi, startNotebookSim, startTrinoSim } from "@console/sandbox";
import type { Db } from "../src/platform/db/index.js";
import { makeApp, type TestApp } from "./support/app.js";
import type { DbKind } from "./support/db.js";
import { adminToken, bearer } from "./support/auth.js";
import { startWorker } from "./connectors-support.js";
import { malformed, Rng, type FuzzRequest } from "./support/fuzz.js";

/**
 * Every route of the OpenAPI document called with malformed requests, signed in as the
 * administrator (so requests get past access checks) and not. `npm run fuzz` runs
 * FUZZ_REQUESTS=12000; the suite runs a shorter pass with the same generator. FUZZ_DB=postgres
 * runs it on the local PostgreSQL instead of the embedded database.
 */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 1200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const DB: DbKind = process.env.FUZZ_DB === "postgres" ? "postgres" : "pglite";
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// The insights tables are figures a read may recompute (the first analytics call refreshes them).
const AUDITED_OR_CACHE = new Set([
  "audit_events",
  "audit_chain_head",
  "insights_snapshot",
  "insights_daily",
  "insights_pipelines",
  "insights_tables",
  "insights_table_snapshots",
]);

/**
 * Row count and content hash of every table: what "nothing was written" is checked against.
 * A partitioned table (the audit tables) is read whole through its parent; its partitions,
 * which the scheduled maintenance may add meanwhile, are not listed on their own.
 */
async function snapshot(db: Db): Promise<Map<string, string>> {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name NOT IN (SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid)
      ORDER BY 1`,
  );
  const out = new Map<string, string>();
  for (const { name } of tables.rows) {
    const r = await db.query<{ n: number; h: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(md5(t::text), ',' ORDER BY md5(t::text))) AS h FROM "${name}" t`,
    );
    out.set(name, `${r.rows[0]!.n}:${r.rows[0]!.h ?? ""}`);
  }
  return out;
}

const routeKey = (method: string, url: string) => `${method} ${url.replace(/:(\w+)/g, "{$1}")}`;

describe("fuzzing every route of the API", () => {
  let stops: Array<() => Promise<void>> = [];
  let t: TestApp;
  let admin: Record<string, string>;
  let targets: Array<{ method: string; path: string; route?: RouteOptions; isPublic: boolean }>;

  beforeAll(async () => {
    // Every external system the routes call is there, so a valid read is answered.
    const [kubernetes, connect, trino, notebook] = await Promise.all([
      startKubernetesApi({ dataDir: null, quiet: true, seed: 3, nodes: 3, pods: 20 }),
      startWorker(),
      startTrinoSim({ pageSize: 25 }),
      startNotebookSim(),
    ]);
    stops = [kubernetes, connect, trino, notebook].map((s) => () => s.stop());
    t = await makeApp(
      DB,
      { TRINO_INGEST_TOKEN: "fuzz-trino-ingest-token", MINIO_AUDIT_TOKEN: "fuzz-minio-audit-token" },
      {
        sandbox: {
          urls: { kubernetes: kubernetes.url, connect: connect.url, trino: trino.url, notebook: notebook.url },
        },
      },
    );
    admin = bearer(await adminToken(t.app));
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const byKey = new Map<string, RouteOptions>();
    for (const r of t.services.routes) for (const m of [r.method].flat()) byKey.set(routeKey(m, r.url), r);
    targets = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))
        .map((m) => {
          const route = byKey.get(`${m.toUpperCase()} ${path}`);
          return { method: m.toUpperCase(), path, route, isPublic: route?.config?.access === "public" };
        }),
    );
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    for (const stop of stops) await stop();
  });

  it(`answers ${TOTAL} malformed requests with 4xx and {error, error_description}, and writes nothing`, async () => {
    expect(targets.length).toBeGreaterThan(50);
    expect(targets.filter((x) => !x.route).map((x) => `${x.method} ${x.path}`)).toEqual([]);
    const rng = new Rng(SEED);
    const before = await snapshot(t.testDb.db);
    const auditSeq = async () =>
      (await t.testDb.db.query<{ s: number }>("SELECT coalesce(max(seq), 0)::int AS s FROM audit_events")).rows[0]!.s;
    const failures: string[] = [];
    const counts = {
      sent: 0,
      signedIn: 0,
      anonymous: 0,
      rejected4xx: 0,
      validReads: 0,
      publicReads: 0,
      auditedActions: 0,
      skipped: 0,
    };
    const perRoute = new Map<string, number>();
    const fail = (req: FuzzRequest, why: string) => {
      if (failures.length < 25) failures.push(`${req.method} ${req.url.slice(0, 160)} [${req.kind}]: ${why}`);
    };

    let i = 0;
    while (counts.sent < TOTAL) {
      const target = targets[i++ % targets.length]!;
      const req = malformed(rng, target.method, target.path, target.route);
      let anonymous = rng.int(4) === 0;
      if (!anonymous && MUTATING.has(req.method) && req.valid !== false) {
        // Only requests the contract refuses are sent signed in to routes that change things;
        // a valid write goes without sign-in instead, so every route is still reached.
        counts.skipped++;
        anonymous = true;
      }
      const headers = { ...req.headers };
      if (!anonymous) Object.assign(headers, admin);
      else if (rng.int(2) === 0)
        headers.authorization = rng.pick(["Bearer ' OR 1=1 --", "Bearer a.b.c", "Basic YWRtaW46YWRtaW4=", "Bearer "]);
      const seqBefore = await auditSeq();
      const res = await t.app.inject({ method: req.method as "GET", url: req.url, headers, payload: req.payload });
      counts.sent++;
      counts[anonymous ? "anonymous" : "signedIn"]++;
      perRoute.set(`${target.method} ${target.path}`, (perRoute.get(`${target.method} ${target.path}`) ?? 0) + 1);

      const status = res.statusCode;
      let body: { error?: unknown; error_description?: unknown } | null = null;
      try {
        body = res.json();
      } catch {
        body = null;
      }
      if (status >= 400) {
        if (typeof body?.error !== "string" || typeof body?.error_description !== "string" || !body.error)
          fail(req, `${status} without {error, error_description}: ${res.body.slice(0, 200)}`);
      }
      const audited = (await auditSeq()) > seqBefore;
      if (audited && status >= 400) fail(req, `answered ${status} but wrote an audit event`);
      if (audited && status < 400) counts.auditedActions++;
      if (status >= 500) fail(req, `${status}: ${res.body.slice(0, 300)}`);
      else if (status >= 400) counts.rejected4xx++;
      else if (anonymous && !target.isPublic) fail(req, `answered ${status} without sign-in`);
      else if (anonymous) counts.publicReads++;
      else if (MUTATING.has(req.method)) fail(req, `the contract refuses this request, yet it answered ${status}`);
      else counts.validReads++;
    }

    const after = await snapshot(t.testDb.db);
    // The audit trail is checked request by request above (valid GET actions such as "clear
    // cache" or "export as CSV" are audited); the insights tables are a cache a read refreshes.
    const changed = [...after]
      .filter(([name, v]) => before.get(name) !== v && !AUDITED_OR_CACHE.has(name))
      .map(([name]) => name);
    process.stdout.write(
      `fuzz: ${counts.sent} requests over ${perRoute.size} of ${targets.length} routes (seed ${SEED}): ` +
        `${counts.signedIn} signed in, ${counts.anonymous} anonymous; ${counts.rejected4xx} answered 4xx, ` +
        `${counts.validReads} valid reads answered 2xx/3xx (${counts.auditedActions} of them audited actions), ${counts.publicReads} anonymous calls of public routes answered 2xx/3xx; ` +
        `${counts.skipped} generated requests were valid writes, sent without sign-in; tables changed: ${changed.length}\n`,
    );
    expect(failures).toEqual([]);
    expect(targets.map((x) => `${x.method} ${x.path}`).filter((k) => !perRoute.has(k))).toEqual([]);
    expect(changed).toEqual([]);
  }, 900_000);
});
