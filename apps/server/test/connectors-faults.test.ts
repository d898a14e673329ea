import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../e2e/support/server.js";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";
import { openTestDb } from "./support/db.js";
import { API, auditRows, caller, form, startWorker } from "./connectors-support.js";

const TLS = `${import.meta.dirname}/fixtures/connect-tls`;

/** A stand-in worker that answers whatever the test says, to see the console cope with it. */
async function fakeWorker(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

// Several tests build two consoles; on a busy machine that takes longer than the default.
describe("connectors when Kafka Connect misbehaves", { timeout: 120_000 }, () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function appWith(env: Record<string, string>, sandboxUrl?: string) {
    const t = await makeApp("pglite", env, sandboxUrl ? { sandbox: { urls: { connect: sandboxUrl } } } : {});
    cleanups.push(() => t.close());
    return { t, call: caller(t.app, await adminToken(t.app)) };
  }

  it("answers 502 naming Kafka Connect when the worker is down, and the console keeps working", async () => {
    const { t, call } = await appWith({ CONNECT_URL: `http://127.0.0.1:${await freePort()}` });
    const res = await call("GET", API);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      error: "Kafka Connect is unavailable: it could not be reached (ECONNREFUSED)",
      error_description: "upstream_error: Kafka Connect",
    });
    expect((await call("POST", API, form())).status).toBe(502);
    expect((await auditRows(t.testDb.db, "Create Connector")).map((r) => r.status)).toEqual(["failure"]);
    const menu = await t.app.inject({
      method: "GET",
      url: "/admin-api/api/v1/menu",
      headers: bearer(await adminToken(t.app)),
    });
    expect(menu.statusCode).toBe(200);
  });

  it("says Kafka Connect is not configured when there is neither CONNECT_URL nor a sandbox", async () => {
    const { call } = await appWith({});
    expect(await call("GET", API)).toMatchObject({
      status: 503,
      body: { error: "Kafka Connect is unavailable: it is not configured (set CONNECT_URL)" },
    });
  });

  it("tries again through a short rebalance, then reports a long one", async () => {
    const worker = await startWorker();
    cleanups.push(() => worker.stop());
    const { call } = await appWith({}, worker.url);
    worker.rebalance(2);
    expect(await call("POST", API, form())).toMatchObject({ status: 201 });
    expect(worker.store.get("orders-cdc")).toBeDefined();
    worker.rebalance(50);
    expect(await call("PUT", `${API}/orders-cdc/pause`)).toMatchObject({
      status: 503,
      body: { error: "Kafka Connect is unavailable: it is rebalancing its workers; try again in a moment" },
    });
    worker.rebalance(0);
  });

  it("gives up on a worker that does not answer in time", async () => {
    const silent = await fakeWorker(() => undefined);
    cleanups.push(silent.close);
    const { call } = await appWith({ CONNECT_URL: silent.url, CONNECT_TIMEOUT_MS: "500" });
    expect(await call("GET", API)).toMatchObject({
      status: 502,
      body: { error: "Kafka Connect is unavailable: it did not answer within 0.5 s" },
    });
  });

  it("refuses answers it cannot understand with a clear 502", async () => {
    const answers: Record<string, [number, string]> = {
      "/connectors?expand=status&expand=info": [200, JSON.stringify({ a: { status: { name: "a", connector: 7 } } })],
      "/connectors/a": [200, JSON.stringify({ name: "a", config: {}, tasks: [], type: "source" })],
      "/connectors/a/status": [200, "<html>proxy error</html>"],
      "/connectors/b/status": [500, "<html><body>Internal Server Error</body></html>"],
    };
    const odd = await fakeWorker((req, res) => {
      const [status, body] = answers[req.url ?? ""] ?? [404, JSON.stringify({ error_code: 404, message: "nope" })];
      res.writeHead(status, { "content-type": "application/json" }).end(body);
    });
    cleanups.push(odd.close);
    const { call } = await appWith({ CONNECT_URL: odd.url });
    expect((await call("GET", API)).body).toMatchObject({
      error:
        "Kafka Connect is unavailable: its answer to the connector list was not understood (a.status.connector: Invalid input: expected object, received number)",
    });
    expect((await call("GET", `${API}/a`)).body).toMatchObject({ error: expect.stringContaining("was not JSON") });
    expect((await call("PUT", `${API}/b/pause`)).status).toBe(404);
    answers["/connectors/b/pause"] = [500, "<html><body>Internal Server Error</body></html>"];
    expect(await call("PUT", `${API}/b/pause`)).toMatchObject({
      status: 502,
      body: { error: "Kafka Connect is unavailable: it answered HTTP 500: Internal Server Error" },
    });
  });

  it("signs in to a worker with basic auth, and says so when the credentials are wrong", async () => {
    const worker = await startWorker({ credentials: { username: "console", password: "connect-pass" } });
    cleanups.push(() => worker.stop());
    const good = await appWith({
      CONNECT_URL: worker.url,
      CONNECT_USERNAME: "console",
      CONNECT_PASSWORD: "connect-pass",
    });
    expect((await good.call("GET", API)).status).toBe(200);
    const bad = await appWith({ CONNECT_URL: worker.url, CONNECT_USERNAME: "console", CONNECT_PASSWORD: "wrong" });
    expect(await bad.call("GET", API)).toMatchObject({
      status: 502,
      body: { error: "Kafka Connect is unavailable: it refused the console's credentials (HTTP 401)" },
    });
  });

  it("trusts a worker's certificate through CONNECT_CA_FILE, and not otherwise", async () => {
    const worker = await startWorker({
      tls: { key: fs.readFileSync(`${TLS}/worker.key`, "utf8"), cert: fs.readFileSync(`${TLS}/worker.pem`, "utf8") },
    });
    cleanups.push(() => worker.stop());
    expect(worker.url).toMatch(/^https:/);
    const trusted = await appWith({ CONNECT_URL: worker.url, CONNECT_CA_FILE: `${TLS}/ca.pem` });
    expect((await trusted.call("GET", API)).status).toBe(200);
    const untrusted = await appWith({ CONNECT_URL: worker.url });
    expect(await untrusted.call("GET", API)).toMatchObject({
      status: 502,
      body: { error: "Kafka Connect is unavailable: it could not be reached (UNABLE_TO_VERIFY_LEAF_SIGNATURE)" },
    });
  });

  it("refuses to start with half the credentials or an unreadable CA file", async () => {
    const db = await openTestDb("pglite");
    cleanups.push(() => db.drop());
    const build = (env: Record<string, string>) =>
      buildApp(loadConfig({ PUBLIC_URL: "http://console.test", LOG_LEVEL: "silent", ...env }), {
        logger: false,
        webDir: "/nonexistent",
        db: db.db,
      }).then((built) => built.app.close());
    await expect(build({ CONNECT_URL: "http://127.0.0.1:1", CONNECT_USERNAME: "x" })).rejects.toThrow(
      "CONNECT_USERNAME and CONNECT_PASSWORD must be set together",
    );
    await expect(build({ CONNECT_URL: "https://127.0.0.1:1", CONNECT_CA_FILE: "/nonexistent/ca.pem" })).rejects.toThrow(
      "CONNECT_CA_FILE cannot be read (ENOENT)",
    );
  });
});

describe("connectors on older workers", () => {
  let worker: Awaited<ReturnType<typeof startWorker>>;
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    worker = await startWorker({ debeziumVersion: "1.9.7.Final", legacyList: true });
    t = await makeApp("pglite", { CONNECT_URL: worker.url });
    call = caller(t.app, await adminToken(t.app));
  });
  afterAll(async () => {
    await t.close();
    await worker.stop();
  });

  it("sends the Debezium 1.x keys of the spec to a 1.x plugin", async () => {
    expect((await call("POST", `${API}/legacy/validate`, form({ name: "legacy" }))).body).toEqual({
      valid: true,
      debeziumVersion: "1.9.7.Final",
    });
    expect((await call("POST", API, form({ name: "legacy", tablesToInclude: [], pollInterval: "2" }))).status).toBe(
      201,
    );
    const config = worker.store.get("legacy")!.config;
    expect(config).toMatchObject({
      "database.server.name": "orders",
      "database.dbname": "orders",
      "database.history.kafka.bootstrap.servers": "kafka:9092",
      "database.history.kafka.topic": "schema-changes.orders",
      "table.whitelist": "dbo.orders,dbo.order_lines",
      "poll.interval.ms": "2000",
    });
    // An empty include list would mean every table to Debezium, so it is left out.
    expect(Object.keys(config)).not.toContain("table.include.list");
    expect(Object.keys(config)).not.toContain("topic.prefix");
  });

  it("lists a worker that answers names only, asking each connector for its status", async () => {
    const body = (await call("GET", API)).body as { items: Array<{ name: string; type: string }> };
    expect(body.items).toEqual([expect.objectContaining({ name: "legacy", type: "SqlServerConnector" })]);
  });

  it("maps a 1.x key's error back to its form field", async () => {
    const res = await call("POST", `${API}/legacy2/validate`, form({ name: "legacy2", dbPassword: "wrong-password" }));
    expect(res.status).toBe(400);
    expect(Object.keys((res.body as { fields: object }).fields)).toEqual(["dbHostname"]);
  });
});

describe("the API description", () => {
  it("describes the connector routes", async () => {
    const t = await makeApp("pglite");
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
      expect(res.statusCode).toBe(200);
      const paths = Object.keys(res.json().paths);
      expect(paths).toEqual(
        expect.arrayContaining([
          "/admin-api/api/v1/connectors",
          "/admin-api/api/v1/connectors/{name}",
          "/admin-api/api/v1/connectors/{name}/{status}",
          "/admin-api/api/v1/connectors/{name}/validate",
          "/admin-api/api/v1/connector-plugins",
        ]),
      );
    } finally {
      await t.close();
    }
  });
});
