import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import {
  API,
  assignComponent,
  auditRows,
  caller,
  DB_PASSWORD,
  eventually,
  form,
  startWorker,
} from "./connectors-support.js";

type Row = {
  name: string;
  state: string;
  connectorState: string;
  tasks: Array<{ state: string; trace: string | null }>;
};

describe.each(DB_KINDS)("connectors through Kafka Connect (%s)", (kind) => {
  let t: TestApp;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    worker = await startWorker();
    t = await makeApp(kind, {}, { sandbox: { urls: { connect: worker.url } } });
    call = caller(t.app, await adminToken(t.app));
  });
  afterAll(async () => {
    await t.close();
    await worker.stop();
  });

  const list = async (query = "") => (await call("GET", `${API}${query}`)).body as { items: Row[]; total: number };
  const rowOf = async (name: string) => (await list()).items.find((r) => r.name === name);

  it("lists no connectors on an empty worker", async () => {
    expect(await call("GET", API)).toMatchObject({ status: 200, body: { items: [], total: 0, types: [], states: [] } });
  });

  it("reports the SQL Server plugin the worker has, the other classes as not selectable", async () => {
    const res = await call("GET", "/admin-api/api/v1/connector-plugins");
    expect(res.status).toBe(200);
    const classes = (res.body as { classes: Array<Record<string, unknown>> }).classes;
    expect(classes[0]).toEqual({
      className: "io.debezium.connector.sqlserver.SqlServerConnector",
      label: "SQL Server",
      selectable: true,
      installed: true,
      version: "2.5.4.Final",
    });
    expect(classes.slice(1).every((c) => c.selectable === false && c.installed === false)).toBe(true);
  });

  it("validates a sound configuration through the worker", async () => {
    expect(await call("POST", `${API}/orders-cdc/validate`, form())).toEqual({
      status: 200,
      body: { valid: true, debeziumVersion: "2.5.4.Final" },
      raw: expect.any(String),
    });
  });

  it("puts the worker's validation errors on the form fields they belong to", async () => {
    const res = await call(
      "POST",
      `${API}/orders-cdc/validate`,
      form({ dbHostname: "mssql.invalid", maxQueueSize: "100", maxBatchSize: "200" }),
    );
    expect(res.status).toBe(400);
    const body = res.body as { error: string; field: string; fields: Record<string, string[]> };
    expect(body.error).toMatch(/^Kafka Connect found 2 problems in the configuration\. Host name: Unable to connect/);
    expect(body.field).toBe("dbHostname");
    expect(Object.keys(body.fields).sort()).toEqual(["dbHostname", "maxQueueSize"]);
    expect(body.fields.maxQueueSize).toEqual([
      "The 'max.queue.size' value is invalid: Must be larger than the maximum batch size",
    ]);
  });

  it("refuses bad form input with a 400 naming the field, before asking the worker", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ dbPort: "14a3" }, "body.dbPort"],
      [{ dbPort: "99999" }, "body.dbPort"],
      [{ name: "x".repeat(21) }, "body.name"],
      [{ name: "has space" }, "body.name"],
      [{ dbHostname: "   " }, "body.dbHostname"],
      [{ dbPassword: " padded " }, "body.dbPassword"],
      [{ tablesToWhiteList: [] }, "body.tablesToWhiteList"],
      [{ tablesToWhiteList: ["orders"] }, "body.tablesToWhiteList.0"],
      [{ tablesToInclude: ["dbo.elsewhere"] }, "body.tablesToInclude"],
      [{ pollInterval: "12345" }, "body.pollInterval"],
      [{ connectorClass: "io.debezium.connector.mysql.MySqlConnector" }, "body.connectorClass"],
      [{ snapshotMode: "never" }, "body.snapshotMode"],
      [{ kafkaBootstrapServer: "kafka" }, "body.kafkaBootstrapServer"],
    ];
    for (const [over, field] of cases) {
      const res = await call("POST", API, form(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body, JSON.stringify(over)).toMatchObject({ field, error: expect.stringContaining(field) });
    }
    expect(worker.store.all()).toEqual([]);
    expect(await auditRows(t.testDb.db)).toEqual([]);
  });

  it("creates a connector with the Debezium 2.x keys, and it comes up RUNNING", async () => {
    const res = await call("POST", API, form({ name: "  orders-cdc  ", dbHostname: " mssql.local " }));
    expect(res).toMatchObject({ status: 201, body: { name: "orders-cdc" } });
    const config = worker.store.get("orders-cdc")!.config;
    expect(config).toEqual({
      "connector.class": "io.debezium.connector.sqlserver.SqlServerConnector",
      name: "orders-cdc",
      "database.hostname": "mssql.local",
      "database.port": "1433",
      "database.user": "debezium",
      "database.password": DB_PASSWORD,
      "database.names": "orders",
      "topic.prefix": "orders",
      "schema.history.internal.kafka.bootstrap.servers": "kafka:9092",
      "schema.history.internal.kafka.topic": "schema-changes.orders",
      "table.include.list": "dbo.orders",
      "snapshot.mode": "initial",
      "decimal.handling.mode": "precise",
      "max.queue.size": "8192",
      "max.batch.size": "2048",
      "poll.interval.ms": "5000",
    });
    const row = await eventually(
      () => rowOf("orders-cdc"),
      (r) => r?.state === "RUNNING",
    );
    expect(row).toMatchObject({
      type: "SqlServerConnector",
      connectorState: "RUNNING",
      tasks: [{ id: 0, state: "RUNNING" }],
    });
  });

  it("refuses a second connector of the same name", async () => {
    expect(await call("POST", API, form())).toMatchObject({
      status: 409,
      body: { error: "A connector named orders-cdc already exists.", field: "name" },
    });
    expect(await call("POST", `${API}/orders-cdc/validate`, form())).toMatchObject({
      status: 409,
      body: { field: "name" },
    });
  });

  it("never shows the database password in the list, the details or the audit trail", async () => {
    const listed = await call("GET", API);
    const details = await call("GET", `${API}/orders-cdc`);
    expect(details.status).toBe(200);
    expect(listed.raw).not.toContain(DB_PASSWORD);
    expect(details.raw).not.toContain(DB_PASSWORD);
    const config = (details.body as { config: Array<{ key: string; value: string | null; secret: boolean }> }).config;
    expect(config.slice(0, 2).map((c) => c.key)).toEqual(["name", "connector.class"]);
    expect(config.find((c) => c.key === "database.password")).toEqual({
      key: "database.password",
      value: null,
      secret: true,
    });
    expect(config.find((c) => c.key === "database.user")).toEqual({
      key: "database.user",
      value: "debezium",
      secret: false,
    });
    const created = await auditRows(t.testDb.db, "Create Connector");
    // The creation, then the refused second one with its reason.
    expect(created.map((r) => r.status)).toEqual(["success", "failure"]);
    expect(created[1]!.details).toMatchObject({ error: "A connector named orders-cdc already exists." });
    expect(created[0]).toMatchObject({ status: "success", subject_name: "orders-cdc", username: "admin" });
    expect(created[0]!.details).toMatchObject({ debeziumVersion: "2.5.4.Final", config: { "topic.prefix": "orders" } });
    expect(JSON.stringify(await auditRows(t.testDb.db))).not.toContain(DB_PASSWORD);
  });

  it("reveals the password only on request, and audits the reveal", async () => {
    expect(await call("POST", `${API}/orders-cdc/secret`, { key: "database.password" })).toMatchObject({
      status: 200,
      body: { key: "database.password", value: DB_PASSWORD },
    });
    const reveals = await auditRows(t.testDb.db, "Reveal Connector Secret");
    expect(reveals.map((r) => [r.subject_name, r.details])).toEqual([["orders-cdc", { key: "database.password" }]]);
    expect(await call("POST", `${API}/orders-cdc/secret`, { key: "database.user" })).toMatchObject({
      status: 400,
      body: { field: "key" },
    });
    expect((await call("POST", `${API}/nobody/secret`, { key: "database.password" })).status).toBe(404);
  });

  it("pauses and resumes, answering Accepted once the new state is there", async () => {
    expect(await call("PUT", `${API}/orders-cdc/pause`)).toMatchObject({
      status: 202,
      body: { name: "orders-cdc", state: "PAUSED", settled: true },
    });
    expect((await rowOf("orders-cdc"))?.tasks[0]?.state).toBe("PAUSED");
    expect(await call("PUT", `${API}/orders-cdc/resume`)).toMatchObject({
      status: 202,
      body: { state: "RUNNING", settled: true },
    });
    expect((await call("PUT", `${API}/orders-cdc/stop`)).status).toBe(400);
    const actions = (await auditRows(t.testDb.db)).map((r) => `${r.action}:${r.status}`);
    expect(actions).toEqual(expect.arrayContaining(["Pause Connector:success", "Resume Connector:success"]));
  });

  it("shows a failed task with its trace, and restarts it", async () => {
    worker.store.fail("orders-cdc", { trace: "org.apache.kafka.connect.errors.ConnectException: boom\n\tat x" });
    const failed = await rowOf("orders-cdc");
    expect(failed).toMatchObject({ state: "FAILED", connectorState: "RUNNING" });
    expect(failed?.tasks[0]).toMatchObject({
      state: "FAILED",
      trace: expect.stringContaining("ConnectException: boom"),
    });
    expect((await list("?status=failed")).items.map((r) => r.name)).toEqual(["orders-cdc"]);
    expect(await call("POST", `${API}/orders-cdc/restart`)).toMatchObject({
      status: 202,
      body: { state: "RUNNING", settled: true },
    });
    expect((await rowOf("orders-cdc"))?.tasks[0]).toMatchObject({ state: "RUNNING", trace: null });
    expect((await auditRows(t.testDb.db, "Restart Connector")).map((r) => r.status)).toEqual(["success"]);
  });

  it("filters by name, type and status and pages by ten", async () => {
    for (let i = 0; i < 11; i++) await call("POST", API, form({ name: `bulk-${String(i).padStart(2, "0")}` }));
    const page0 = await list("?name=BULK");
    expect(page0.total).toBe(11);
    expect(page0.items).toHaveLength(10);
    expect((await list("?name=bulk&page=1")).items.map((r) => r.name)).toEqual(["bulk-10"]);
    expect((await list("?type=sqlserverconnector")).total).toBe(12);
    expect((await list("?type=MySqlConnector")).total).toBe(0);
    expect((await call("GET", `${API}?size=0`)).status).toBe(400);
  });

  it("shows states it does not know as they are", async () => {
    worker.store.put({
      name: "stopped-one",
      config: { "connector.class": "x.y.Other" },
      state: "STOPPED",
      target: "PAUSED",
      tasks: [],
      since: 0,
    });
    const body = (await call("GET", `${API}?name=stopped`)).body as { items: Row[]; states: string[] };
    expect(body.items).toEqual([expect.objectContaining({ name: "stopped-one", state: "STOPPED", type: "Other" })]);
    expect(body.states).toContain("STOPPED");
  });

  it("deletes a connector, and audits it", async () => {
    expect((await call("DELETE", `${API}/orders-cdc`)).status).toBe(204);
    expect(await rowOf("orders-cdc")).toBeUndefined();
    expect(await call("GET", `${API}/orders-cdc`)).toMatchObject({
      status: 404,
      body: { error: "Connector orders-cdc was not found." },
    });
    expect((await call("DELETE", `${API}/orders-cdc`)).status).toBe(404);
    expect((await auditRows(t.testDb.db, "Delete Connector")).map((r) => r.status)).toEqual(["success", "failure"]);
  });

  it("lets the components menu with the debezium component in and keeps other users out", async () => {
    await seedUser(t.testDb.db, "cora");
    await assignMenus(t.testDb.db, "cora", ["components"]);
    await assignComponent(t.testDb.db, "cora", "debezium");
    await t.services.bus.publish("access");
    const cora = caller(t.app, await tokenFor(t.app, "cora", USER_PASSWORD));
    expect((await cora("GET", API)).status).toBe(200);
    // Any menu brings "home" with it (the connector screens live under it); no menu at all does not.
    await seedUser(t.testDb.db, "nemo");
    const nemo = caller(t.app, await tokenFor(t.app, "nemo", USER_PASSWORD));
    expect((await nemo("GET", API)).status).toBe(403);
    expect((await nemo("POST", API, form({ name: "sneaky" }))).status).toBe(403);
    expect(worker.store.get("sneaky")).toBeUndefined();
  });
});
