import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { trinoCompleted } from "./audit-payloads.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";
import { api, waitForJob } from "./support/users.js";

const METRICS_TOKEN = "metrics-token-0123456789abcdef";
const TRINO_TOKEN = "trino-ingest-token-0123456789";

/** The value of a sample: `name{...}` whose labels include every one given; NaN when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[3] ?? "";
    if (Object.entries(labels).every(([k, v]) => have.includes(`${k}="${v}"`))) return Number(m[4]);
  }
  return NaN;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe("/metrics with METRICS_TOKEN", () => {
  let t: TestApp;
  let admin: string;
  const scrape = async () => {
    const res = await t.app.inject({ method: "GET", url: "/metrics", headers: bearer(METRICS_TOKEN) });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    t = await makeApp("postgres", {
      METRICS_TOKEN,
      TRINO_INGEST_TOKEN: TRINO_TOKEN,
      // Nothing listens on port 9: every call to this worker fails.
      CONNECT_URL: "http://127.0.0.1:9",
      CONNECT_TIMEOUT_MS: "1000",
    });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  it("refuses a scrape without the token or with a wrong one", async () => {
    for (const headers of [{}, bearer("not-the-metrics-token-at-all"), { authorization: METRICS_TOKEN }]) {
      const res = await t.app.inject({ method: "GET", url: "/metrics", headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: expect.any(String), error_description: "invalid_token" });
    }
    // A user's sign-in token is not the metrics token either.
    expect((await t.app.inject({ method: "GET", url: "/metrics", headers: bearer(admin) })).statusCode).toBe(401);
  });

  it("answers in the Prometheus text format with the process and pool figures", async () => {
    const res = await t.app.inject({ method: "GET", url: "/metrics", headers: bearer(METRICS_TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain("# TYPE console_http_request_duration_seconds histogram");
    expect(res.body).toContain("# TYPE console_db_pool_connections gauge");
    expect(sample(res.body, "console_db_pool_connections")).toBeGreaterThanOrEqual(1);
    expect(sample(res.body, "console_db_pool_waiting_requests")).toBe(0);
    expect(sample(res.body, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("counts requests per route pattern, method and status class, with latencies", async () => {
    const before = await scrape();
    const labels = { route: "/admin-api/api/v1/sync/jobs/:id", method: "GET", status_class: "4xx" };
    const start = sample(before, "console_http_request_duration_seconds_count", labels) || 0;
    const ids = [1, 2, 3].map((i) => `00000000-0000-4000-8000-00000000000${i}`);
    for (const id of ids) expect((await api(t.app, admin, "GET", `/sync/jobs/${id}`)).status).toBe(404);
    await t.app.inject({ method: "GET", url: "/no/such/route" });
    const after = await scrape();
    expect(sample(after, "console_http_request_duration_seconds_count", labels)).toBe(start + 3);
    expect(sample(after, "console_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(start + 3);
    expect(
      sample(after, "console_http_request_duration_seconds_count", {
        route: "unmatched",
        method: "GET",
        status_class: "4xx",
      }),
    ).toBeGreaterThanOrEqual(1);
    // The ids are not labels: one series per route pattern.
    expect(after).not.toContain(ids[0]);
  });

  it("counts failed calls to an external system by system", async () => {
    const start = sample(await scrape(), "console_external_call_errors_total", { system: "kafka-connect" }) || 0;
    const res = await api(t.app, admin, "GET", "/connectors");
    expect(res.status).toBeGreaterThanOrEqual(502);
    expect(res.body.error).toContain("Kafka Connect");
    expect(sample(await scrape(), "console_external_call_errors_total", { system: "kafka-connect" })).toBe(start + 1);
  });

  it("counts ingested audit events per source", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/admin-api/api/v1/ingest/trino",
      headers: { "content-type": "application/json", "X-Trino-Ingest-Token": TRINO_TOKEN },
      payload: JSON.stringify([
        trinoCompleted("20260302_101530_00001_metri"),
        trinoCompleted("20260302_101530_00002_metri"),
      ]),
    });
    expect(res.json()).toMatchObject({ stored: 2 });
    expect(sample(await scrape(), "console_audit_events_ingested_total", { source: "trino" })).toBe(2);
  });

  it("records how long a directory sync took", async () => {
    const started = await api(t.app, admin, "POST", "/sync/now");
    expect(started.status).toBe(202);
    expect((await waitForJob(t.app, admin, started.body.jobId)).status).toBe("completed");
    const text = await scrape();
    expect(
      sample(text, "console_sync_duration_seconds_count", { task: "directory-sync", outcome: "success" }),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe("/metrics with neither METRICS_TOKEN nor METRICS_PORT", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp("pglite");
  });
  afterAll(() => t.close());

  it("is not served at all", async () => {
    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: "Metrics are not enabled (set METRICS_TOKEN or METRICS_PORT).",
      error_description: "not_found",
    });
  });
});

describe("/metrics on METRICS_PORT", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await makeApp("pglite", { METRICS_PORT: String(port), HOST: "127.0.0.1" });
  });
  afterAll(() => t.close());

  it("serves the figures on the separate port and not on the main one", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await res.text()).toContain("# TYPE console_external_call_errors_total counter");
    const main = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(main.statusCode).toBe(404);
    expect(main.json().error).toBe(`Metrics are served on port ${port}.`);
  });

  it("serves nothing else there", async () => {
    for (const path of ["/", "/healthz", "/admin-api/api/v1/users"]) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error_description: "not_found" });
    }
  });
});

describe("/metrics on METRICS_PORT with METRICS_TOKEN", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await makeApp("pglite", { METRICS_PORT: String(port), HOST: "127.0.0.1", METRICS_TOKEN });
  });
  afterAll(() => t.close());

  it("asks for the token on both ports", async () => {
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: bearer(METRICS_TOKEN) })).status).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/metrics", headers: bearer(METRICS_TOKEN) })).statusCode).toBe(
      200,
    );
  });
});

describe("metrics configuration", () => {
  it("refuses a short token and a metrics port equal to the main port", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(
      "Invalid configuration: METRICS_TOKEN must be at least 16 characters",
    );
    expect(() => loadConfig({ PORT: "9000", METRICS_PORT: "9000" })).toThrow(
      "Invalid configuration: METRICS_PORT must differ from PORT",
    );
    expect(() => loadConfig({ METRICS_PORT: "99999" })).toThrow("Invalid configuration: METRICS_PORT");
  });
});
