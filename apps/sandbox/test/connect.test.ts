import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startConnectWorker, type ConnectWorker, type ConnectWorkerOptions } from "../src/connect/index.js";

const SQLSERVER = "io.debezium.connector.sqlserver.SqlServerConnector";

const config2x = (over: Record<string, string> = {}) => ({
  "connector.class": SQLSERVER,
  "database.hostname": "mssql.local",
  "database.port": "1433",
  "database.user": "debezium",
  "database.password": "pw",
  "database.names": "orders",
  "topic.prefix": "orders",
  "schema.history.internal.kafka.bootstrap.servers": "kafka:9092",
  "schema.history.internal.kafka.topic": "history.orders",
  "table.include.list": "dbo.orders",
  ...over,
});

describe("the sandbox Kafka Connect worker", () => {
  const running: ConnectWorker[] = [];
  afterEach(async () => {
    for (const w of running.splice(0)) await w.stop();
  });
  const start = async (opts: Partial<ConnectWorkerOptions> = {}) => {
    const w = await startConnectWorker({ dataDir: null, transitionMs: 50, ...opts });
    running.push(w);
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${w.url}${url}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    };
    return { w, call };
  };
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** Polls until the check holds; fails after five seconds. */
  const until = async <T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const v = await read();
      if (check(v)) return v;
      if (Date.now() > deadline) throw new Error(`not reached; last ${JSON.stringify(v)}`);
      await wait(50);
    }
  };

  it("answers with the real status codes and changes state after answering", async () => {
    // Long enough that the state read right after an answer is still the old one on a busy machine.
    const { call } = await start({ transitionMs: 1500 });
    const status = async () => (await call("GET", "/connectors/c1/status")).body;
    const created = await call("POST", "/connectors", { name: "c1", config: config2x() });
    expect(created).toMatchObject({ status: 201, body: { name: "c1", tasks: [], type: "source" } });
    expect((await status()).connector.state).toBe("UNASSIGNED");
    expect(await until(status, (s) => s.connector.state === "RUNNING")).toMatchObject({
      tasks: [{ id: 0, state: "RUNNING" }],
    });
    expect((await call("PUT", "/connectors/c1/pause")).status).toBe(202);
    expect((await status()).connector.state).toBe("RUNNING");
    expect((await until(status, (s) => s.connector.state === "PAUSED")).tasks[0].state).toBe("PAUSED");
    expect(await call("POST", "/connectors", { name: "c1", config: config2x() })).toMatchObject({
      status: 409,
      body: { error_code: 409, message: "Connector c1 already exists" },
    });
    expect((await call("DELETE", "/connectors/c1")).status).toBe(204);
    expect(await call("GET", "/connectors/c1")).toEqual({
      status: 404,
      body: { error_code: 404, message: "Connector c1 not found" },
    });
  });

  it("validates like the real endpoint and refuses an invalid creation", async () => {
    const { call } = await start();
    const answer = await call("PUT", `/connector-plugins/${SQLSERVER}/config/validate`, {
      name: "c",
      ...config2x({ "max.queue.size": "10", "max.batch.size": "20", "database.port": "x" }),
      "topic.prefix": "",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.error_count).toBe(3);
    const errorsOf = (key: string) =>
      answer.body.configs.find((c: { value: { name: string } }) => c.value.name === key).value.errors;
    expect(errorsOf("topic.prefix")).toEqual(["The 'topic.prefix' value is invalid: A value is required"]);
    expect(errorsOf("database.port")).toEqual([
      "Invalid value x for configuration database.port: Not a number of type INT",
    ]);
    expect(errorsOf("max.queue.size")).toHaveLength(1);
    const password = answer.body.configs.find((c: { value: { name: string } }) => c.value.name === "database.password");
    expect(password.value.value).toBe("[hidden]");
    const refused = await call("POST", "/connectors", { name: "bad", config: config2x({ "topic.prefix": "" }) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(
      /^Connector configuration is invalid and contains the following 1 error\(s\):/,
    );
  });

  it("uses the 1.x keys when it reports a 1.x plugin", async () => {
    const { call } = await start({ debeziumVersion: "1.9.7.Final" });
    expect((await call("GET", "/connector-plugins")).body[0]).toEqual({
      class: SQLSERVER,
      type: "source",
      version: "1.9.7.Final",
    });
    const answer = await call("PUT", `/connector-plugins/${SQLSERVER}/config/validate`, { ...config2x(), name: "c" });
    const missing = answer.body.configs
      .filter((c: { value: { errors: string[] } }) => c.value.errors.length > 0)
      .map((c: { value: { name: string } }) => c.value.name);
    expect(missing).toEqual([
      "database.dbname",
      "database.server.name",
      "database.history.kafka.bootstrap.servers",
      "database.history.kafka.topic",
    ]);
  });

  it("keeps its connectors across a restart", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-connect-state-"));
    const first = await start({ dataDir });
    await first.call("POST", "/connectors", { name: "kept", config: config2x() });
    await first.call("PUT", "/connectors/kept/pause");
    await until(
      async () => (await first.call("GET", "/connectors/kept/status")).body,
      (st) => st.connector.state === "PAUSED",
    );
    await first.w.stop();
    running.splice(0);
    const second = await start({ dataDir });
    expect((await second.call("GET", "/connectors?expand=status")).body).toEqual({
      kept: { status: expect.objectContaining({ connector: expect.objectContaining({ state: "PAUSED" }) }) },
    });
    expect((await second.call("GET", "/connectors/kept/config")).body["topic.prefix"]).toBe("orders");
  });

  it("fails running tasks with a trace now and then, and restarts only the failed ones", async () => {
    const { w, call } = await start({ failureChance: 1, failureTickMs: 20, failureGraceMs: 0 });
    await call("POST", "/connectors", { name: "flaky", config: config2x() });
    const failed = await until(
      async () => (await call("GET", "/connectors/flaky/status")).body,
      (st) => st.tasks[0]?.state === "FAILED",
    );
    expect(failed.connector.state).toBe("RUNNING");
    expect(failed.tasks[0]).toMatchObject({ state: "FAILED", trace: expect.stringContaining("Exception") });
    const restarted = await call("POST", "/connectors/flaky/restart?includeTasks=true&onlyFailed=true");
    expect(restarted).toMatchObject({ status: 202, body: { tasks: [{ state: "RESTARTING" }] } });
    expect((await call("POST", "/connectors/flaky/restart")).status).toBe(204);
    expect(w.store.get("flaky")).toBeDefined();
  });

  it("answers names only as an older worker, and asks for credentials when set", async () => {
    const legacy = await start({ legacyList: true, examples: true });
    expect((await legacy.call("GET", "/connectors?expand=status&expand=info")).body).toEqual([
      "crm-legacy",
      "inventory-cdc",
      "orders-cdc",
    ]);
    const guarded = await start({ credentials: { username: "u", password: "p" } });
    expect((await guarded.call("GET", "/connectors")).status).toBe(401);
    const ok = await fetch(`${guarded.w.url}/connectors`, {
      headers: { authorization: `Basic ${Buffer.from("u:p").toString("base64")}` },
    });
    expect(ok.status).toBe(200);
  });
});
