import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { startConnectWorker, type ConnectWorker, type ConnectWorkerOptions } from "@console/sandbox";
import type { Db } from "../src/platform/db/index.js";
import { bearer } from "./support/auth.js";

export const API = "/admin-api/api/v1/connectors";
export const SQLSERVER = "io.debezium.connector.sqlserver.SqlServerConnector";
export const DB_PASSWORD = "S3cret-Pa55word!";

/** A complete, valid wizard form. */
export function form(over: Record<string, unknown> = {}) {
  return {
    name: "orders-cdc",
    connectorClass: SQLSERVER,
    dbHostname: "mssql.local",
    dbPort: "1433",
    dbUser: "debezium",
    dbPassword: DB_PASSWORD,
    dbName: "orders",
    dbServerName: "orders",
    kafkaBootstrapServer: "kafka:9092",
    schemaName: "schema-changes.orders",
    tablesToWhiteList: ["dbo.orders", "dbo.order_lines"],
    tablesToInclude: ["dbo.orders"],
    snapshotMode: "initial",
    pollInterval: "5",
    maxQueueSize: "8192",
    maxBatchSize: "2048",
    decimalHandlingMode: "precise",
    ...over,
  };
}

/** A sandbox worker on a fresh data folder, quick to change state and never failing on its own. */
export async function startWorker(
  opts: Partial<ConnectWorkerOptions> = {},
): Promise<ConnectWorker & { dataDir: string }> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "pc-connect-"));
  const worker = await startConnectWorker({ transitionMs: 100, ...opts, dataDir });
  return { ...worker, dataDir };
}

export function caller(app: FastifyInstance, token: string) {
  return async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => {
    const res = await app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: res.statusCode, body: res.body ? (res.json() as Record<string, unknown>) : null, raw: res.body };
  };
}

export async function auditRows(db: Db, action?: string) {
  const { rows } = await db.query<{
    action: string;
    status: string;
    subject_name: string;
    username: string;
    details: Record<string, unknown>;
  }>(
    `SELECT action, status, subject_name, username, details FROM audit_events
      WHERE source = 'debezium-connectors' ${action ? "AND action = $1" : ""} ORDER BY seq`,
    action ? [action] : [],
  );
  return rows;
}

/** Polls until `check` holds, failing the test after a few seconds. */
export async function eventually<T>(fn: () => Promise<T>, check: (v: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (check(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in ${ms} ms; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Gives a user a component permission directly (the settings screens do this through the API). */
export async function assignComponent(db: Db, username: string, component: string): Promise<void> {
  await db.query(
    `INSERT INTO component_users (component_id, user_id)
     SELECT p.id, u.id FROM component_permissions p, users u WHERE p.component_key = $1 AND u.username = $2
     ON CONFLICT DO NOTHING`,
    [component, username],
  );
}
