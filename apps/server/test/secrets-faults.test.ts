import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kubeClients, sandboxKubeConfig } from "../src/platform/kubernetes.js";
import { freePort } from "../../../e2e/support/server.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";
import { auditsAfter, lastAuditSeq } from "./support/users.js";

const SECRETS = "/k8s-proxy/api/v1/secrets";

describe("secrets when the cluster is not there", () => {
  let down: TestApp;
  let none: TestApp;
  let admin: string;
  beforeAll(async () => {
    // Nothing listens on this port: the cluster is down.
    const port = await freePort();
    down = await makeApp(
      "pglite",
      {},
      { kube: kubeClients(sandboxKubeConfig(`http://127.0.0.1:${port}`), "cluster", 2000) },
    );
    none = await makeApp("pglite", {}, { kube: null });
    admin = await adminToken(down.app);
  });
  afterAll(async () => {
    await down.close();
    await none.close();
  });

  it("answers 503 naming the cluster, and writes no audit event", async () => {
    const seq = await lastAuditSeq(down.testDb.db);
    const list = await down.app.inject({ method: "GET", url: SECRETS, headers: bearer(admin) });
    expect(list.statusCode).toBe(503);
    expect(list.json().error).toMatch(/^The cluster is unavailable: its API server cannot be reached/);
    const create = await down.app.inject({
      method: "POST",
      url: SECRETS,
      headers: bearer(admin),
      payload: { name: "db-password", description: "Database", value: "s3cr3t-value" },
    });
    expect(create.statusCode).toBe(503);
    expect(create.body).not.toContain("s3cr3t-value");
    expect(await auditsAfter(down.testDb.db, seq)).toEqual([]);
  });

  it("answers 503 when no cluster is configured", async () => {
    const token = await adminToken(none.app);
    const res = await none.app.inject({ method: "GET", url: SECRETS, headers: bearer(token) });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe("The cluster is unavailable: no Kubernetes cluster is configured.");
  });

  it.each([
    [{ description: "d", value: "v" }, "body.name", /is required/],
    [{ name: "", description: "d", value: "v" }, "body.name", /is required/],
    [{ name: "a".repeat(51), description: "d", value: "v" }, "body.name", /at most 50/],
    [{ name: "Bad_Name", description: "d", value: "v" }, "body.name", /lower-case letters, digits and hyphens/],
    [{ name: "-edge", description: "d", value: "v" }, "body.name", /start and end with a letter or digit/],
    [{ name: "ok", description: "   ", value: "v" }, "body.description", /is required/],
    [{ name: "ok", description: "d".repeat(201), value: "v" }, "body.description", /at most 200/],
    [{ name: "ok", description: "d", value: 5 }, "body.value", /must be text/],
    [{ name: "ok", description: "d", value: "v", mode: "merge" }, "body.mode", /create or update/],
  ])("refuses %j before reaching the cluster, naming the field", async (payload, field, message) => {
    const res = await down.app.inject({ method: "POST", url: SECRETS, headers: bearer(admin), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().error).toMatch(message);
  });
});
