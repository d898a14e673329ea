import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAirflow } from "@console/sandbox";
import { writeAudit } from "../src/platform/audit.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { api } from "./support/users.js";

/** A tiny HTTP server answering from a handler; stands in for Keycloak and the notebook service. */
async function fakeServer(handler: (req: http.IncomingMessage, url: URL) => { status?: number; body: unknown }) {
  const seen: Array<{ url: URL; headers: http.IncomingHttpHeaders }> = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://127.0.0.1");
    seen.push({ url, headers: req.headers });
    const out = handler(req, url);
    res.writeHead(out.status ?? 200, { "content-type": "application/json" });
    res.end(JSON.stringify(out.body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(v).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const NOW = Date.parse("2026-03-10T12:00:00Z");

describe.each(DB_KINDS)("audit sources (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let airflow: Awaited<ReturnType<typeof startAirflow>>;
  let notebook: Awaited<ReturnType<typeof fakeServer>>;
  beforeAll(async () => {
    airflow = await startAirflow({ now: () => NOW });
    notebook = await fakeServer((req, url) => {
      if (req.headers["access-token"] !== "nb-token") return { status: 401, body: { error: "bad token" } };
      if (url.pathname === "/ds/event_log/")
        return {
          body: {
            data: [
              {
                id: 7,
                created_at: 1772000000,
                username: "erin",
                ip_address: "10.0.0.7",
                summary: "<p>Ran <b>query</b></p>",
                status_code: 200,
              },
            ],
            total_count: 31,
          },
        };
      if (url.pathname === "/ds/dataclassification/rule/history/")
        return {
          body: {
            data: [
              {
                id: 3,
                created_at: 1772000100,
                created_by: "erin",
                ip_address: "10.0.0.7",
                rule_name: "email",
                action_name: "UPDATE",
                change_set: [{ column: "description", oldVal: "a", newVal: "b" }],
              },
            ],
            total_count: 1,
          },
        };
      return { status: 404, body: {} };
    });
    t = await makeApp(kind, {
      AIRFLOW_URL: airflow.url,
      AIRFLOW_API_VERSION: "v1",
      AIRFLOW_USERNAME: "console",
      AIRFLOW_PASSWORD: "sandbox",
      NOTEBOOK_URL: notebook.url,
      NOTEBOOK_ACCESS_TOKEN: "nb-token",
    });
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    await t.close();
    await airflow.stop();
    await notebook.close();
  });

  it("reads Airflow DAG runs from its REST API on a schedule", async () => {
    const page = await until(
      async () => (await api(t.app, admin, "GET", "/airflow/audit?max=5")).body,
      (b) => b.total > 100,
    );
    // Ninety days of runs arrive over several pages: the last day read may come a moment later.
    const day = await until(
      async () => (await api(t.app, admin, "GET", "/airflow/audit?startDate=2026-03-09&endDate=2026-03-09")).body,
      (b) => b.total > 0,
    );
    expect(day.total).toBeGreaterThan(0);
    expect(page.items).toHaveLength(5);
    const run = page.items[0];
    expect(run).toMatchObject({ dag_id: expect.any(String), run_id: expect.stringMatching(/^(scheduled|manual)__/) });
    expect(Date.parse(run.execution_date)).toBeLessThanOrEqual(NOW);
    const states = new Set(
      (await t.testDb.db.query<{ state: string }>("SELECT DISTINCT state FROM airflow_dag_runs")).rows.map(
        (r) => r.state,
      ),
    );
    expect(states.has("success") && states.has("failed")).toBe(true);
    const manual = (
      await t.testDb.db.query<{ n: number }>("SELECT count(*)::int AS n FROM airflow_dag_runs WHERE external_trigger")
    ).rows[0]!.n;
    expect(manual).toBeGreaterThan(0);
    expect(day.items.every((r: { execution_date: string }) => r.execution_date.startsWith("2026-03-09"))).toBe(true);
  });

  it("reads notebook events and rule history with the access-token header", async () => {
    const ev = await api(
      t.app,
      admin,
      "GET",
      "/querybook/audit?offset=10&limit=10&action_by=erin&start_date=2026-03-01",
    );
    expect(ev.status).toBe(200);
    expect(ev.body).toEqual({
      data: [
        {
          id: 7,
          created_at: 1772000000,
          username: "erin",
          ip_address: "10.0.0.7",
          summary: "<p>Ran <b>query</b></p>",
          status_code: 200,
        },
      ],
      total_count: 31,
    });
    const sent = notebook.seen.find((s) => s.url.pathname === "/ds/event_log/")!;
    expect(sent.headers["access-token"]).toBe("nb-token");
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({
      offset: "10",
      limit: "10",
      action_by: "erin",
      start_date: "2026-03-01 00:00:00",
    });
    const hist = await api(t.app, admin, "GET", "/classification/audit?action=UPDATE");
    expect(hist.body.data[0]).toMatchObject({
      rule_name: "email",
      change_set: [{ column: "description", oldVal: "a", newVal: "b" }],
    });
    expect((await api(t.app, admin, "GET", "/classification/audit?limit=0")).status).toBe(400);
  });

  it("lists the console's own events per source with their filters", async () => {
    const actor = { username: "admin", ipAddress: "10.9.8.7" };
    await t.testDb.db.tx(async (q) => {
      await writeAudit(q, {
        source: "policy-management-acl",
        action: "Update",
        actor,
        status: "success",
        subjectId: "42",
        subjectName: "finance-read",
        details: { changeSet: [{ column: "policyName", oldVal: "fin", newVal: "finance-read" }] },
      });
      await writeAudit(q, {
        source: "policy-management-acl",
        action: "Create",
        actor,
        status: "success",
        subjectId: "43",
        subjectName: "hr",
        details: {
          assignment: { usersAssigned: ["ann"], groupsAssigned: ["hr-team"], createdAt: "2026-03-01T10:00:00.000Z" },
        },
      });
      await writeAudit(q, {
        source: "settings-menu",
        action: "Deactivate",
        actor,
        status: "success",
        subjectName: "Insights",
        details: { changeSet: [{ column: "status", oldVal: true, newVal: false }] },
      });
      await writeAudit(q, {
        source: "user-management-sync",
        action: "Sync Failed",
        actor,
        status: "Failed",
        subjectId: "job-1",
        details: { jobId: "job-1", syncedUsers: 0, syncedGroups: 0, message: "LDAP is down" },
      });
    });
    const acl = (await api(t.app, admin, "GET", "/acl/audit?policyId=42")).body;
    expect(acl.total).toBe(1);
    expect(acl.items[0]).toMatchObject({
      policyId: "42",
      policyName: "finance-read",
      action: "Update",
      ipAddress: "10.9.8.7",
      changeSet: [{ column: "policyName", oldVal: "fin", newVal: "finance-read" }],
    });
    expect((await api(t.app, admin, "GET", "/acl/audit?action=Create")).body.items[0]).toMatchObject({
      policyName: "hr",
      changeSet: null,
      assignment: { usersAssigned: ["ann"], groupsAssigned: ["hr-team"], createdAt: "2026-03-01T10:00:00.000Z" },
    });
    expect((await api(t.app, admin, "GET", "/acl/audit?policyId=1234567")).status).toBe(400);
    const menu = (await api(t.app, admin, "GET", "/events/menu?menuName=Insights&status=success")).body;
    expect(menu.items[0]).toMatchObject({ menuName: "Insights", action: "Deactivate", status: true });
    const sync = (await api(t.app, admin, "GET", "/usersync/audit?status=Failed")).body;
    expect(sync.items[0]).toMatchObject({ jobId: "job-1", syncedUsers: 0, status: "Failed", message: "LDAP is down" });

    // A real change through the API shows in the user-management events.
    const id = await seedUser(t.testDb.db, "frank");
    expect((await api(t.app, admin, "PUT", `/users/${id}/status`, { enabled: false })).status).toBe(200);
    const um = (await api(t.app, admin, "GET", "/events/userManagement?user=admin&action=Disable")).body;
    expect(um.items[0]).toMatchObject({ action: "Disable", status: true, summary: "Disabled user frank" });
    const adminEvents = (await api(t.app, admin, "GET", "/keycloak/events/admin-events?first=0&max=1")).body;
    expect(adminEvents.items[0]).toMatchObject({ operationType: "UPDATE", resourceType: "USER", username: "admin" });
    // first is a page number for admin events.
    expect((await api(t.app, admin, "GET", "/keycloak/events/admin-events?first=5&max=1")).body.items).toHaveLength(0);
  });

  it("lists the embedded provider's sign-ins", async () => {
    const logins = (await api(t.app, admin, "GET", "/keycloak/events/login?eventType=LOGIN&user=admin")).body;
    expect(logins.total).toBeGreaterThan(0);
    expect(logins.items[0]).toMatchObject({ username: "admin", type: "LOGIN", clientId: "platform-console" });
  });

  it("archives events past the retention period and the chain still verifies", async () => {
    const { applyRetention } = await import("../src/modules/audits/retention.js");
    await t.testDb.db.query(
      "INSERT INTO trino_query_events (query_id, created_at, username, query, query_state, failed) VALUES ('old_q', now() - interval '400 days', 'x', 'SELECT 1', 'FINISHED', false)",
    );
    const before = (await api(t.app, admin, "GET", "/audit/status")).body;
    expect(before).toMatchObject({ valid: true, archived: 0 });
    // With the clock 80 days ahead and a 30-day period, this whole month is past the period.
    const moved = await applyRetention(t.testDb.db, 30, new Date(Date.now() + 80 * 86_400_000));
    expect(moved.trail).toBe(before.checked);
    expect(moved.trino).toBeGreaterThanOrEqual(1);
    // Each archived month is recorded in the trail (the trail's own seals its checkpoint).
    const seals = (
      await t.testDb.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_events WHERE source = 'audit-retention'",
      )
    ).rows[0]!.n;
    expect(seals).toBeGreaterThanOrEqual(1);
    const after = (await api(t.app, admin, "GET", "/audit/status")).body;
    expect(after).toMatchObject({ valid: true, archived: before.checked, checked: before.checked + seals });
    expect((await api(t.app, admin, "GET", "/acl/audit")).body.total).toBe(0);
    // New events chain on to the archived ones.
    await t.testDb.db.tx((q) =>
      writeAudit(q, {
        source: "settings-menu",
        action: "Activate",
        actor: { username: "admin", ipAddress: null },
        status: "success",
      }),
    );
    expect((await api(t.app, admin, "GET", "/audit/status")).body).toMatchObject({
      valid: true,
      checked: before.checked + seals + 1,
    });
    const archived = (
      await t.testDb.db.query<{ row: { query_id: string } }>(
        "SELECT row FROM audit_source_archive WHERE source = 'trino'",
      )
    ).rows;
    expect(archived.map((r) => r.row.query_id)).toContain("old_q");
    // Outside retention the trail still refuses deletes.
    await expect(t.testDb.db.query("DELETE FROM audit_events")).rejects.toThrow(/append-only/);
  });
});

describe("Airflow 3", () => {
  it("reads runs through the v2 API with a bearer token from /auth/token", async () => {
    const airflow = await startAirflow({ now: () => NOW });
    const { AirflowClient } = await import("../src/modules/audits/airflow.js");
    try {
      const client = new AirflowClient({
        baseUrl: airflow.url,
        version: "v2",
        username: "console",
        password: "sandbox",
        timeoutMs: 2000,
      });
      const runs = await client.runsSince(new Date(NOW - 5 * 86_400_000));
      expect(runs.length).toBeGreaterThan(10);
      expect(runs.every((r) => Date.parse(r.execution_date) >= NOW - 5 * 86_400_000)).toBe(true);
      expect(runs.some((r) => r.external_trigger && r.run_type === "manual")).toBe(true);
      expect(runs.some((r) => !r.external_trigger && r.run_type === "scheduled")).toBe(true);
      const wrong = new AirflowClient({
        baseUrl: airflow.url,
        version: "v2",
        username: "console",
        password: "nope",
        timeoutMs: 2000,
      });
      await expect(wrong.runsSince(null)).rejects.toThrow(
        /Airflow is unavailable: it refused the console's credentials \(401\)/,
      );
    } finally {
      await airflow.stop();
    }
  });
});

describe("Keycloak events", () => {
  it("copies login and admin events once each from the admin REST API", async () => {
    const kc = await fakeServer((req, url) => {
      if (url.pathname === "/realms/acme/protocol/openid-connect/token")
        return { body: { access_token: "svc", expires_in: 300 } };
      if (req.headers.authorization !== "Bearer svc") return { status: 401, body: {} };
      const first = Number(url.searchParams.get("first"));
      if (url.pathname === "/admin/realms/acme/events")
        return {
          body:
            first > 0
              ? []
              : [
                  {
                    id: "e2",
                    time: 1772000200000,
                    type: "LOGIN_ERROR",
                    realmId: "acme",
                    clientId: "console",
                    userId: "u1",
                    ipAddress: "10.1.1.1",
                    error: "invalid_user_credentials",
                    details: { username: "gina" },
                  },
                  {
                    id: "e1",
                    time: 1772000100000,
                    type: "LOGIN",
                    realmId: "acme",
                    clientId: "console",
                    userId: "u1",
                    sessionId: "s1",
                    ipAddress: "10.1.1.1",
                    details: { username: "gina", auth_method: "openid-connect" },
                  },
                ],
        };
      if (url.pathname === "/admin/realms/acme/admin-events")
        return {
          body:
            first > 0
              ? []
              : [
                  {
                    id: "a1",
                    time: 1772000300000,
                    realmId: "acme",
                    authDetails: { realmId: "master", clientId: "admin-cli", userId: "u9", ipAddress: "10.2.2.2" },
                    operationType: "UPDATE",
                    resourceType: "USER",
                    resourcePath: "users/u1",
                    representation: "{}",
                  },
                ],
        };
      return { status: 404, body: {} };
    });
    const { openTestDb } = await import("./support/db.js");
    const { migrate } = await import("../src/platform/db/index.js");
    const { KeycloakEventsClient, pollKeycloak } = await import("../src/modules/audits/keycloak.js");
    const db = await openTestDb("pglite");
    try {
      await migrate(db.db);
      const client = new KeycloakEventsClient({
        issuer: `${kc.url}/realms/acme`,
        clientId: "console-events",
        clientSecret: "s",
        timeoutMs: 2000,
      });
      await pollKeycloak(db.db, client);
      await pollKeycloak(db.db, client);
      const logins = (
        await db.db.query<{ username: string; type: string; error: string | null }>(
          "SELECT username, type, error FROM login_events WHERE realm = 'acme' ORDER BY time",
        )
      ).rows;
      expect(logins).toEqual([
        { username: "gina", type: "LOGIN", error: null },
        { username: "gina", type: "LOGIN_ERROR", error: "invalid_user_credentials" },
      ]);
      const admins = (
        await db.db.query<{ operation_type: string; auth_details: { ipAddress: string } }>(
          "SELECT operation_type, auth_details FROM identity_admin_events WHERE realm = 'acme'",
        )
      ).rows;
      expect(admins).toHaveLength(1);
      expect(admins[0]!.auth_details.ipAddress).toBe("10.2.2.2");
      expect(kc.seen.some((s) => s.url.searchParams.get("dateFrom") === "2026-02-25")).toBe(true);
    } finally {
      await db.drop();
      await kc.close();
    }
  });
});
