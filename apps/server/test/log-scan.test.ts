import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubernetesApi, type KubernetesApi } from "@console/sandbox";
import { kubeClients, sandboxKubeConfig } from "../src/platform/kubernetes.js";
import { ADMIN_PASSWORD, makeApp, type TestApp } from "./support/app.js";
import { bearer, signIn } from "./support/auth.js";
import { findSecrets, testLogger } from "./support/log-scan.js";

/**
 * The server log while secrets pass through the console: passwords at sign-in, bearer
 * tokens, a secret-screen value, ingest and rules tokens. The log is written at debug level
 * with production's redaction, then scanned: none of those values may be in it.
 */
const SECRET_VALUE = "Log-Scan-Secret-Value-7f3a";
const INGEST_TOKEN = "log-scan-ingest-token-5b1c9e";
const RULES_TOKEN = "log-scan-rules-token-8d2f4a";
const WRONG_PASSWORD = "Log-Scan-Wrong-Pass-1";

describe("the server log", () => {
  let api: KubernetesApi;
  let t: TestApp;
  let file: string;
  let token: string;
  beforeAll(async () => {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pc-log-")), "server.log");
    api = await startKubernetesApi({ dataDir: null, quiet: true, nodes: 2, pods: 5 });
    t = await makeApp(
      "pglite",
      { TRINO_INGEST_TOKEN: INGEST_TOKEN, TRINO_RULES_TOKEN: RULES_TOKEN, PLATFORM_NAMESPACE: "platform" },
      { kube: kubeClients(sandboxKubeConfig(api.url), "sandbox"), logger: testLogger(file) },
    );
    const r = await signIn(t.app, "admin", ADMIN_PASSWORD);
    token = r.tokens!.access_token;
    expect((await signIn(t.app, "admin", WRONG_PASSWORD)).status).toBe(401);
    const h = bearer(token);
    const calls = [
      t.app.inject({ method: "GET", url: "/admin-api/api/v1/users", headers: h }),
      t.app.inject({
        method: "POST",
        url: "/k8s-proxy/api/v1/secrets",
        headers: h,
        payload: { name: "log-scan", description: "Log scan", value: SECRET_VALUE, mode: "create" },
      }),
      t.app.inject({
        method: "POST",
        url: "/k8s-proxy/api/v1/secrets",
        headers: h,
        payload: { name: "Bad Name", description: "x", value: SECRET_VALUE, mode: "create" },
      }),
      t.app.inject({
        method: "POST",
        url: "/admin-api/api/v1/ingest/trino",
        headers: { "content-type": "application/json", "x-trino-ingest-token": INGEST_TOKEN },
        payload: "[]",
      }),
      t.app.inject({
        method: "POST",
        url: "/admin-api/api/v1/ingest/trino",
        headers: { "content-type": "application/json", "x-trino-ingest-token": `${INGEST_TOKEN}x` },
        payload: "[]",
      }),
      t.app.inject({ method: "GET", url: `/trino/rules.json?token=${RULES_TOKEN}` }),
      t.app.inject({ method: "GET", url: "/admin-api/api/v1/users", headers: bearer(`${token}x`) }),
      t.app.inject({
        method: "POST",
        url: "/admin-api/api/v1/users",
        headers: { ...h, "content-type": "application/json" },
        payload: `{"username":"x","password":"${WRONG_PASSWORD}"`,
      }),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 400, 200, 401, 404, 401, 400]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await api?.stop();
  });

  it("records the requests, with who made them", () => {
    const lines = fs.readFileSync(file, "utf8").trim().split("\n");
    const requests = lines.map((l) => JSON.parse(l) as { msg: string; url?: string; status?: number; user?: string });
    expect(requests.filter((r) => r.msg === "request").length).toBeGreaterThanOrEqual(8);
    expect(requests).toContainEqual(
      expect.objectContaining({ msg: "request", url: "/k8s-proxy/api/v1/secrets", status: 200, user: "admin" }),
    );
  });

  it("holds no password, token or secret value", () => {
    const text = fs.readFileSync(file, "utf8");
    expect(findSecrets(text, [SECRET_VALUE, INGEST_TOKEN, RULES_TOKEN, WRONG_PASSWORD, token])).toEqual([]);
  });

  it("the scan finds a secret that is there", () => {
    expect(findSecrets(`{"msg":"x","token":"${token}"}`, [SECRET_VALUE])).toContainEqual(
      expect.stringMatching(/JSON Web Token/),
    );
    expect(findSecrets(`... ${SECRET_VALUE} ...`, [SECRET_VALUE])).toEqual([`the value ${SECRET_VALUE}`]);
  });
});
