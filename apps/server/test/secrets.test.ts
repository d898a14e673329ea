import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubernetesApi, type KubernetesApi } from "@console/sandbox";
import { kubeClients, sandboxKubeConfig } from "../src/platform/kubernetes.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { auditsAfter, lastAuditSeq } from "./support/users.js";

const SECRETS = "/k8s-proxy/api/v1/secrets";
const VALUE = "Sup3r-s3cret-value-do-not-leak";

describe.each(DB_KINDS)("secrets in the platform namespace (%s)", (kind) => {
  let cluster: KubernetesApi;
  let t: TestApp;
  let admin: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-secrets-"));
    cluster = await startKubernetesApi({ dataDir, quiet: true });
    const kube = kubeClients(sandboxKubeConfig(cluster.url), "sandbox");
    t = await makeApp(kind, { PLATFORM_NAMESPACE: "platform" }, { kube });
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    await t.close();
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: "GET" | "POST" | "DELETE" | "HEAD", url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.body ? res.json() : undefined, raw: res.body };
  };
  const list = async () => (await call("GET", SECRETS)).body.items as Array<Record<string, string>>;
  /** The value the cluster holds, read straight from the Kubernetes API. */
  const stored = async (name: string) => {
    const res = await fetch(`${cluster.url}/api/v1/namespaces/platform/secrets/${name}`);
    if (res.status === 404) return null;
    const body = (await res.json()) as { data: Record<string, string>; metadata: { labels: Record<string, string> } };
    return { value: Buffer.from(body.data.value!, "base64").toString("utf8"), labels: body.metadata.labels };
  };

  it("creates a secret as a Kubernetes Secret, and never answers with its value", async () => {
    const seq = await lastAuditSeq(t.testDb.db);
    const res = await call("POST", SECRETS, {
      name: "warehouse-db",
      description: "Warehouse password",
      value: VALUE,
      mode: "create",
    });
    expect(res).toMatchObject({ status: 200, body: { message: "Secret warehouse-db created successfully." } });
    expect(await stored("warehouse-db")).toEqual({
      value: VALUE,
      labels: { "app.kubernetes.io/managed-by": "platform-console" },
    });
    const items = await list();
    expect(items).toEqual([
      { name: "warehouse-db", description: "Warehouse password", updated_at: expect.any(String), updated_by: "admin" },
    ]);
    expect((await call("GET", SECRETS)).raw).not.toContain(VALUE);
    const events = await auditsAfter(t.testDb.db, seq);
    expect(events).toMatchObject([
      { source: "settings-secrets", action: "Create Secret", subject_name: "warehouse-db" },
    ]);
    expect(JSON.stringify(events)).not.toContain(VALUE);
  });

  it("tells whether a name is taken with HEAD is_exist", async () => {
    expect((await call("HEAD", `${SECRETS}/warehouse-db/is_exist`)).status).toBe(204);
    expect((await call("HEAD", `${SECRETS}/nothing-here/is_exist`)).status).toBe(404);
  });

  it("refuses a second secret of the same name when creating", async () => {
    const res = await call("POST", SECRETS, { name: "warehouse-db", description: "x", value: "y", mode: "create" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ field: "body.name", error: "A secret named warehouse-db already exists." });
    expect((await stored("warehouse-db"))!.value).toBe(VALUE);
  });

  it("requires a value to create", async () => {
    const res = await call("POST", SECRETS, { name: "no-value", description: "d" });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("body.value");
    expect(await stored("no-value")).toBeNull();
  });

  it("updates the description and keeps the value unless a new one is given", async () => {
    const seq = await lastAuditSeq(t.testDb.db);
    const res = await call("POST", SECRETS, { name: "warehouse-db", description: "Warehouse reader", mode: "update" });
    expect(res.body).toEqual({ message: "Secret warehouse-db updated successfully." });
    expect((await stored("warehouse-db"))!.value).toBe(VALUE);
    expect((await list())[0]!.description).toBe("Warehouse reader");
    await call("POST", SECRETS, {
      name: "warehouse-db",
      description: "Warehouse reader",
      value: "rotated",
      mode: "update",
    });
    expect((await stored("warehouse-db"))!.value).toBe("rotated");
    const events = await auditsAfter(t.testDb.db, seq);
    expect(events).toMatchObject([
      {
        action: "Update Secret",
        details: { changeSet: [{ column: "description", oldVal: "Warehouse password", newVal: "Warehouse reader" }] },
      },
      {
        action: "Update Secret",
        details: { changeSet: [{ column: "value", oldVal: "********", newVal: "********" }] },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain("rotated");
  });

  it("lists the newest change first and leaves out Secrets the console did not make", async () => {
    await call("POST", SECRETS, { name: "api-key", description: "API key", value: "k" });
    await fetch(`${cluster.url}/api/v1/namespaces/platform/secrets`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        apiVersion: "v1",
        kind: "Secret",
        metadata: { name: "cluster-own" },
        data: { a: "Yg==" },
      }),
    });
    expect((await list()).map((s) => s.name)).toEqual(["api-key", "warehouse-db"]);
    // Not ours: the name is taken, but the console will not change or delete it.
    expect((await call("HEAD", `${SECRETS}/cluster-own/is_exist`)).status).toBe(204);
    expect((await call("POST", SECRETS, { name: "cluster-own", description: "x", value: "y" })).status).toBe(409);
    expect((await call("DELETE", `${SECRETS}/cluster-own`)).status).toBe(400);
  });

  it("deletes a secret with its audit event", async () => {
    const seq = await lastAuditSeq(t.testDb.db);
    expect((await call("DELETE", `${SECRETS}/api-key`)).body).toEqual({
      message: "Secret api-key deleted successfully.",
    });
    expect(await stored("api-key")).toBeNull();
    expect((await call("DELETE", `${SECRETS}/api-key`)).status).toBe(404);
    expect(await auditsAfter(t.testDb.db, seq)).toMatchObject([{ action: "Delete Secret", subject_name: "api-key" }]);
  });
});
