import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KeycloakEventsClient, pollKeycloak } from "../src/modules/audits/keycloak.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";
import {
  ANSWER_LIMIT_MB,
  MISBEHAVIOURS,
  misbehave,
  startStandIn,
  type Misbehaviour,
  type StandIn,
} from "./support/stand-in.js";

/**
 * Every HTTP system the console reads, answered by one local stand-in that misbehaves for
 * one system at a time: a proxy's HTML 502, JSON cut in half, a body of another shape, no
 * answer past the timeout, an endless body. Each time the call concerned fails with a clear
 * 5xx naming the system while the console keeps answering, and the next call after the
 * system behaves again succeeds. (Down and silent systems: external-systems.test.ts.)
 */
const TIMEOUT_MS = "1000";

type System = "Kafka Connect" | "Trino" | "the notebook service" | "Airflow" | "Keycloak";

/** Which system a request to the stand-in is meant for, from its path. */
function systemOf(path: string): System {
  if (path.startsWith("/connectors")) return "Kafka Connect";
  if (path.startsWith("/v1/statement")) return "Trino";
  if (path.startsWith("/ds/")) return "the notebook service";
  if (path.startsWith("/api/v1/")) return "Airflow";
  return "Keycloak";
}

/** What each system answers when it works (empty lists: the point is the shape). */
function goodAnswer(path: string): unknown {
  if (path.startsWith("/connectors")) return {};
  if (path.startsWith("/v1/statement")) return { id: "q1", columns: [{ name: "catalog_name" }], data: [] };
  if (path.startsWith("/ds/")) return { data: [], total_count: 0 };
  if (path.startsWith("/api/v1/dags")) return { dags: [], total_entries: 0 };
  if (path.startsWith("/api/v1/datasets")) return { datasets: [], total_entries: 0 };
  if (path.includes("/protocol/openid-connect/token")) return { access_token: "a-token", expires_in: 300 };
  return [];
}

describe("external systems that answer badly", { timeout: 120_000 }, () => {
  let stand: StandIn;
  let t: TestApp;
  let admin: Record<string, string>;
  let keycloak: KeycloakEventsClient;
  let fault: { system: System; how: Misbehaviour | "endless-pages" } | null = null;

  function answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = req.url ?? "/";
    const good = goodAnswer(path);
    if (fault?.system === systemOf(path)) {
      if (fault.how !== "endless-pages") return misbehave(res, fault.how, good);
      // Trino's protocol with a nextUri that always leads one page further.
      const page = Number(/\/(\d+)$/.exec(path)?.[1] ?? 0);
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(JSON.stringify({ id: "q1", nextUri: `/v1/statement/executing/q1/${page + 1}` }));
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(good));
  }

  const get = (url: string) => t.app.inject({ method: "GET", url, headers: admin });

  /** One read through the console: null when it worked, else the error it reported. */
  async function readFrom(system: System): Promise<string | null> {
    if (system === "Keycloak") {
      // Read on a schedule with no route of its own: the pull itself fails or succeeds.
      return pollKeycloak(t.testDb.db, keycloak).then(
        () => null,
        (err: Error) => err.message,
      );
    }
    if (system === "Airflow") {
      expect((await get("/admin-api/api/v1/analytics/flush-cache")).statusCode).toBe(200);
      const summary = await get("/admin-api/api/v1/analytics/pipeline-summary");
      expect(summary.statusCode).toBe(200);
      return summary.json().unavailable;
    }
    const url = {
      "Kafka Connect": "/admin-api/api/v1/connectors",
      Trino: "/admin-api/api/v1/lookups?refresh=true",
      "the notebook service": "/admin-api/api/v1/querybook/audit",
    }[system];
    const res = await get(url);
    if (res.statusCode === 200) return null;
    expect([502, 503, 504]).toContain(res.statusCode);
    expect(res.json().error_description).toMatch(/^upstream_error: /);
    return res.json().error;
  }

  async function consoleAnswers(): Promise<void> {
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    const users = await get("/admin-api/api/v1/users");
    expect(users.statusCode).toBe(200);
    expect(users.json().total).toBeGreaterThan(0);
  }

  beforeAll(async () => {
    stand = await startStandIn(answer);
    t = await makeApp("pglite", {
      CONNECT_URL: stand.url,
      CONNECT_TIMEOUT_MS: TIMEOUT_MS,
      TRINO_URL: stand.url,
      TRINO_TIMEOUT_MS: TIMEOUT_MS,
      NOTEBOOK_URL: stand.url,
      NOTEBOOK_ACCESS_TOKEN: "notebook-token-for-the-fault-test",
      AIRFLOW_URL: stand.url,
      AIRFLOW_USERNAME: "console",
      AIRFLOW_PASSWORD: "airflow-password-for-the-fault-test",
      AUDIT_TIMEOUT_MS: TIMEOUT_MS,
      EXTERNAL_ANSWER_MAX_MB: ANSWER_LIMIT_MB,
    });
    keycloak = new KeycloakEventsClient({
      issuer: `${stand.url}/realms/platform`,
      clientId: "console-events",
      clientSecret: "keycloak-secret-for-the-fault-test",
      timeoutMs: Number(TIMEOUT_MS),
    });
    admin = bearer(await adminToken(t.app));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  const NAMES: Record<System, RegExp> = {
    "Kafka Connect": /^Kafka Connect is unavailable: /,
    Trino: /^Trino is unavailable: /,
    "the notebook service": /^The notebook service is unavailable: /,
    Airflow: /^Airflow is unavailable: /,
    Keycloak: /^Keycloak is unavailable: /,
  };
  /** What the message says of each misbehaviour, whatever the system. */
  const SAYS: Record<Misbehaviour, RegExp> = {
    "html-502": /HTTP 502|answered 502/,
    truncated: /not JSON|was not JSON/,
    "wrong-shape": /shape|not understood|client protocol|not a list|no access token/,
    hang: /within (1000 ms|1 s)/,
    huge: /its answer was larger than 1 MB/,
  };

  const cases = (Object.keys(NAMES) as System[]).flatMap((system) => MISBEHAVIOURS.map((how) => ({ system, how })));
  it.each(cases)("$system answering $how: a clear error naming it, then recovery", async ({ system, how }) => {
    expect(await readFrom(system)).toBeNull();
    fault = { system, how };
    try {
      const error = await readFrom(system);
      expect(error).toMatch(NAMES[system]);
      expect(error).toMatch(SAYS[how]);
      await consoleAnswers();
    } finally {
      fault = null;
    }
    expect(await readFrom(system)).toBeNull();
  });

  it("Trino's results that never end: the query gives up at its deadline, then works again", async () => {
    fault = { system: "Trino", how: "endless-pages" };
    try {
      const error = await readFrom("Trino");
      expect(error).toBe("Trino is unavailable: its results did not end within 1000 ms");
      expect(stand.requests.filter((u) => u.startsWith("/v1/statement/executing/")).length).toBeGreaterThan(3);
      await consoleAnswers();
    } finally {
      fault = null;
    }
    expect(await readFrom("Trino")).toBeNull();
  });
});
