import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { API, auditRows, caller, DB_PASSWORD, SQLSERVER, startWorker } from "./connectors-support.js";

/** The spec's registration payload (section 3): Debezium 1.x keys. */
const legacyPayload = (name: string, over: Record<string, string> = {}) => ({
  name,
  config: {
    "connector.class": SQLSERVER,
    "database.hostname": "mssql.local",
    "database.port": "1433",
    "database.user": "debezium",
    "database.password": DB_PASSWORD,
    "database.dbname": "orders",
    "database.server.name": "orders",
    "database.history.kafka.bootstrap.servers": "kafka:9092",
    "database.history.kafka.topic": "schema-changes.orders",
    "database.history.producer.security.protocol": "SSL",
    "table.whitelist": "dbo.orders,dbo.order_lines",
    "table.include.list": "dbo.orders",
    "column.blacklist": "dbo.orders.card_number",
    "poll.interval.ms": "5000",
    ...over,
  },
});

describe.each(DB_KINDS)("connector registration payloads on a Debezium 2 worker (%s)", (kind) => {
  let t: TestApp;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    worker = await startWorker({ debeziumVersion: "2.5.4.Final" });
    t = await makeApp(kind, {}, { sandbox: { urls: { connect: worker.url } } });
    call = caller(t.app, await adminToken(t.app));
  });
  afterAll(async () => {
    await t.close();
    await worker.stop();
  });

  it("translates the Debezium 1.x keys to their 2.x names", async () => {
    const res = await call("POST", `${API}/registrations`, legacyPayload("legacy-keys"));
    expect(res.status).toBe(201);
    const config = worker.store.get("legacy-keys")!.config;
    expect(config).toMatchObject({
      "topic.prefix": "orders",
      "database.names": "orders",
      "schema.history.internal.kafka.bootstrap.servers": "kafka:9092",
      "schema.history.internal.kafka.topic": "schema-changes.orders",
      "schema.history.internal.producer.security.protocol": "SSL",
      "table.include.list": "dbo.orders",
      "column.exclude.list": "dbo.orders.card_number",
      "poll.interval.ms": "5000",
    });
    for (const old of ["database.server.name", "database.dbname", "table.whitelist", "column.blacklist"])
      expect(Object.keys(config), old).not.toContain(old);
    expect(Object.keys(config).filter((k) => k.startsWith("database.history"))).toEqual([]);
    // The answer shows what was sent, the password masked.
    const entries = (res.body as { config: Array<{ key: string; value: string | null }> }).config;
    expect(entries.find((e) => e.key === "topic.prefix")?.value).toBe("orders");
    expect(entries.find((e) => e.key === "database.password")?.value).toBeNull();
    expect(res.raw).not.toContain(DB_PASSWORD);
    const [event] = await auditRows(t.testDb.db, "Create Connector");
    expect(event).toMatchObject({ status: "success", subject_name: "legacy-keys" });
    expect(JSON.stringify(event!.details)).not.toContain(DB_PASSWORD);
  });

  it("keeps the 2.x names as they are, the whitelist being the include list", async () => {
    const { config } = legacyPayload("current-keys");
    const current = Object.fromEntries(
      Object.entries(config)
        .filter(([k]) => !["table.whitelist", "column.blacklist"].includes(k))
        .map(([k, v]) => [
          k
            .replace("database.server.name", "topic.prefix")
            .replace("database.dbname", "database.names")
            .replace("database.history.", "schema.history.internal."),
          v,
        ]),
    );
    expect((await call("POST", `${API}/registrations`, { name: "current-keys", config: current })).status).toBe(201);
    expect(worker.store.get("current-keys")!.config).toMatchObject({
      "topic.prefix": "orders",
      "table.include.list": "dbo.orders",
      "schema.history.internal.producer.security.protocol": "SSL",
    });
  });

  it("refuses with 400 naming the key as sent, and registers nothing", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ "database.server.name": "bad name!" }, "body.config.database.server.name"],
      [{ "database.port": "port" }, "body.config.database.port"],
      [{ "table.whitelist": "orders" }, "body.config.table.whitelist"],
      [{ "poll.interval.ms": "1500" }, "body.config.poll.interval.ms"],
      [{ "topic.prefix": "orders" }, "body.config.topic.prefix"],
    ];
    for (const [over, field] of cases) {
      const res = await call("POST", `${API}/registrations`, legacyPayload("refused", over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body, JSON.stringify(over)).toMatchObject({ field });
    }
    expect(worker.store.get("refused")).toBeUndefined();
  });
});

describe("connector registration payloads on a Debezium 1 worker", () => {
  let t: TestApp;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    worker = await startWorker({ debeziumVersion: "1.9.7.Final" });
    t = await makeApp("pglite", {}, { sandbox: { urls: { connect: worker.url } } });
    call = caller(t.app, await adminToken(t.app));
  });
  afterAll(async () => {
    await t.close();
    await worker.stop();
  });

  it("sends the spec's 1.x keys unchanged", async () => {
    expect((await call("POST", `${API}/registrations`, legacyPayload("old-worker"))).status).toBe(201);
    expect(worker.store.get("old-worker")!.config).toMatchObject({
      "database.server.name": "orders",
      "database.history.kafka.topic": "schema-changes.orders",
      "database.history.producer.security.protocol": "SSL",
      "table.whitelist": "dbo.orders,dbo.order_lines",
      "table.include.list": "dbo.orders",
      "column.blacklist": "dbo.orders.card_number",
    });
  });
});
