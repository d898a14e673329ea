import net from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kubeClients, sandboxKubeConfig } from "../src/platform/kubernetes.js";
import { freePort } from "../../../e2e/support/server.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";

/**
 * Every external system the console calls, either down (nothing listens on its port) or
 * slow (a server that accepts the connection and never answers): each call ends within
 * its configured timeout with an error naming the system, and the rest of the console
 * keeps answering meanwhile.
 */
const TIMEOUT_MS = "1000";

/** Accepts connections and never writes a byte. */
async function silentServer(): Promise<{ port: number; stop: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const srv = net.createServer((s) => {
    sockets.add(s);
    s.on("error", () => undefined);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  return {
    port: (srv.address() as net.AddressInfo).port,
    stop: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        srv.close(() => resolve());
      }),
  };
}

function envFor(port: number): Record<string, string> {
  const http = `http://127.0.0.1:${port}`;
  return {
    CONNECT_URL: http,
    CONNECT_TIMEOUT_MS: TIMEOUT_MS,
    TRINO_URL: http,
    TRINO_TIMEOUT_MS: TIMEOUT_MS,
    NOTEBOOK_URL: http,
    NOTEBOOK_ACCESS_TOKEN: "notebook-token-for-the-fault-test",
    NOTEBOOK_TIMEOUT_MS: TIMEOUT_MS,
    AIRFLOW_URL: http,
    AIRFLOW_USERNAME: "console",
    AIRFLOW_PASSWORD: "airflow-password-for-the-fault-test",
    AUDIT_TIMEOUT_MS: TIMEOUT_MS,
    LDAP_URL: `ldap://127.0.0.1:${port}`,
    LDAP_BIND_DN: "cn=console,dc=example,dc=org",
    LDAP_BIND_PASSWORD: "ldap-password-for-the-fault-test",
    LDAP_USER_BASE: "ou=people,dc=example,dc=org",
    LDAP_GROUP_BASE: "ou=groups,dc=example,dc=org",
    LDAP_TIMEOUT_MS: TIMEOUT_MS,
  };
}

/** Calls `url` and, while it is still waiting, checks that the user list answers. */
async function callWhileConsoleAnswers(
  app: FastifyInstance,
  headers: Record<string, string>,
  method: string,
  url: string,
) {
  let settled = false;
  const slow = app.inject({ method: method as "GET", url, headers }).finally(() => {
    settled = true;
  });
  const users = await app.inject({ method: "GET", url: "/admin-api/api/v1/users", headers });
  const answeredFirst = !settled;
  const res = await slow;
  return { res, users, answeredFirst };
}

const SYSTEMS: Array<{ system: string; method: string; url: string; error: RegExp }> = [
  { system: "cluster API", method: "GET", url: "/k8s-proxy/api/v1/secrets", error: /^The cluster is unavailable/ },
  {
    system: "Kafka Connect",
    method: "GET",
    url: "/admin-api/api/v1/connectors",
    error: /^Kafka Connect is unavailable/,
  },
  { system: "Trino", method: "GET", url: "/admin-api/api/v1/lookups", error: /^Trino is unavailable/ },
  {
    system: "notebook service",
    method: "GET",
    url: "/admin-api/api/v1/querybook/audit",
    error: /^The notebook service is unavailable/,
  },
];

describe.each(["down", "slow"] as const)("external systems that are %s", (mode) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let stop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    let port: number;
    if (mode === "slow") {
      const srv = await silentServer();
      port = srv.port;
      stop = srv.stop;
    } else port = await freePort();
    t = await makeApp("pglite", envFor(port), {
      kube: kubeClients(sandboxKubeConfig(`http://127.0.0.1:${port}`), "cluster", Number(TIMEOUT_MS)),
    });
    admin = bearer(await adminToken(t.app));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await stop();
  });

  it.each(SYSTEMS)("a call to the $system fails with a 5xx naming it while the console answers", async (s) => {
    const { res, users, answeredFirst } = await callWhileConsoleAnswers(t.app, admin, s.method, s.url);
    expect([502, 503, 504]).toContain(res.statusCode);
    const body = res.json();
    expect(body.error).toMatch(s.error);
    expect(body.error_description).toMatch(/^upstream_error/);
    if (mode === "slow") {
      // The call ended because of the timeout, which the message states.
      expect(body.error).toMatch(/1000 ?ms|did not answer|timed out|timeout/i);
      expect(answeredFirst).toBe(true);
    } else expect(body.error).toMatch(/cannot be reached|ECONNREFUSED|refused/i);
    expect(users.statusCode).toBe(200);
    expect(users.json().total).toBeGreaterThan(0);
  });

  it("a directory sync against the LDAP server fails with a message naming the directory", async () => {
    const start = await t.app.inject({ method: "POST", url: "/admin-api/api/v1/sync/now", headers: admin });
    expect(start.statusCode).toBe(202);
    let job: { status: string; message: string | null } = { status: "running", message: null };
    for (let i = 0; i < 200 && !["failed", "succeeded"].includes(job.status); i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = (
        await t.app.inject({ method: "GET", url: `/admin-api/api/v1/sync/jobs/${start.json().jobId}`, headers: admin })
      ).json();
    }
    expect(job.status).toBe("failed");
    expect(job.message).toMatch(/^The directory at ldap:\/\/127\.0\.0\.1:\d+ /);
    expect(job.message).toMatch(mode === "slow" ? /did not answer|timed out|timeout/i : /cannot be reached/);
    expect((await t.app.inject({ method: "GET", url: "/admin-api/api/v1/users", headers: admin })).statusCode).toBe(
      200,
    );
  });

  it("an insights refresh records that Airflow could not be read and still refreshes the rest", async () => {
    const flush = await t.app.inject({ method: "GET", url: "/admin-api/api/v1/analytics/flush-cache", headers: admin });
    expect(flush.statusCode).toBe(200);
    const summary = await t.app.inject({
      method: "GET",
      url: "/admin-api/api/v1/analytics/pipeline-summary",
      headers: admin,
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().unavailable).toMatch(/^Airflow is unavailable/);
    const analytics = await t.app.inject({
      method: "GET",
      url: "/admin-api/api/v1/analytics/analytics",
      headers: admin,
    });
    expect(analytics.statusCode).toBe(200);
  });
});
