import type { SimConnector } from "./store.js";
import { traceFor } from "./traces.js";
import { SQLSERVER_CLASS, versionKeys } from "./validate.js";

function config(major: number, name: string, db: string, tables: string[]): Record<string, string> {
  const k = versionKeys(major);
  return {
    "connector.class": SQLSERVER_CLASS,
    name,
    "database.hostname": "mssql.databases.svc",
    "database.port": "1433",
    "database.user": "debezium",
    "database.password": `sandbox-${db}-secret`,
    [k.dbName]: db,
    [k.serverName]: db,
    [k.historyServers]: "kafka-bootstrap.kafka.svc:9092",
    [k.historyTopic]: `schema-changes.${db}`,
    "table.include.list": tables.join(","),
    ...(major < 2 ? { "table.whitelist": tables.join(",") } : {}),
    "snapshot.mode": "initial",
    "poll.interval.ms": "1000",
  };
}

/** What a fresh sandbox worker shows: one running, one paused and one with a failed task. */
export function exampleConnectors(debeziumVersion: string): SimConnector[] {
  const major = Number.parseInt(debeziumVersion, 10) || 2;
  const now = Date.now();
  return [
    {
      name: "orders-cdc",
      config: config(major, "orders-cdc", "orders", ["dbo.orders", "dbo.order_lines"]),
      state: "RUNNING",
      target: "RUNNING",
      tasks: [{ id: 0, state: "RUNNING" }],
      since: now,
    },
    {
      name: "inventory-cdc",
      config: config(major, "inventory-cdc", "inventory", ["dbo.products", "dbo.stock"]),
      state: "PAUSED",
      target: "PAUSED",
      tasks: [{ id: 0, state: "PAUSED" }],
      since: now,
    },
    {
      name: "crm-legacy",
      config: config(major, "crm-legacy", "crm", ["sales.accounts"]),
      state: "RUNNING",
      target: "RUNNING",
      tasks: [{ id: 0, state: "FAILED", trace: traceFor(2) }],
      since: now,
    },
  ];
}
