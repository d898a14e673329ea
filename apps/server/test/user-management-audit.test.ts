import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_MANAGEMENT_ACTIONS } from "@console/contracts/constants";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { api, auditsAfter, lastAuditSeq, waitForJob, type AuditRow } from "./support/users.js";

type Method = "POST" | "PUT" | "DELETE";

interface Case {
  route: `${Method} ${string}`;
  /** Path with ids filled in, and a body that succeeds. */
  call: () => Promise<{ path: string; body?: unknown }>;
  /** A call to the same route that fails validation and must write nothing. */
  bad: () => Promise<{ path: string; body?: unknown }>;
  expected: Partial<AuditRow>;
}

/** Every route of users, groups, sync and permissions that changes something. */
const MINE = /^\/admin-api\/api\/v1\/(users|groups|sync|menu|component)(\/|$)/;

describe.each(DB_KINDS)("one audit event per change (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  const id = async (sql: string) => (await t.testDb.db.query<{ id: string }>(sql)).rows[0]!.id;
  beforeAll(async () => {
    t = await makeApp(kind);
    await seedUser(t.testDb.db, "uma", { groups: ["ops"] });
    await seedUser(t.testDb.db, "vic");
    await t.testDb.db.query("INSERT INTO groups (name) VALUES ('doomed')");
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const uma = () => id("SELECT id FROM users WHERE username = 'uma'");
  const ops = () => id("SELECT id FROM groups WHERE name = 'ops'");
  const menuId = () => id("SELECT id FROM menu_permissions WHERE menu_key = 'insights'");
  const componentId = () => id("SELECT id FROM component_permissions WHERE component_key = 'trino'");

  const cases: Case[] = [
    {
      route: "POST /admin-api/api/v1/users",
      call: async () => ({ path: "/users", body: { username: "wes", firstName: "Wes", password: "Temp-Password-42" } }),
      bad: async () => ({ path: "/users", body: { username: "wes", firstName: "Wes", password: "weak" } }),
      expected: { source: "user-management-userManagement", action: "Create User", subject_name: "wes" },
    },
    {
      route: "PUT /admin-api/api/v1/users/:id/groups",
      call: async () => ({ path: `/users/${await uma()}/groups`, body: { groupsToAssign: ["doomed"] } }),
      bad: async () => ({ path: `/users/${await uma()}/groups`, body: { groupsToAssign: ["no-such-group"] } }),
      expected: { source: "user-management-userManagement", action: "Update User Groups", subject_name: "uma" },
    },
    {
      route: "PUT /admin-api/api/v1/users/:id/status",
      call: async () => ({ path: `/users/${await uma()}/status`, body: { enabled: false } }),
      bad: async () => ({ path: `/users/${await uma()}/status`, body: { enabled: "no" } }),
      expected: { source: "user-management-userManagement", action: "Disable", subject_name: "uma" },
    },
    {
      route: "POST /admin-api/api/v1/users/:id/reset-password",
      call: async () => ({ path: `/users/${await uma()}/reset-password`, body: { password: "Another-Temp-Pass-7" } }),
      bad: async () => ({ path: `/users/${await uma()}/reset-password`, body: { password: "uma-Password-77" } }),
      expected: { source: "user-management-userManagement", action: "Reset Password", subject_name: "uma" },
    },
    {
      route: "POST /admin-api/api/v1/groups",
      call: async () => ({ path: "/groups", body: { name: "fresh" } }),
      bad: async () => ({ path: "/groups", body: { name: "ops" } }),
      expected: { source: "user-management-userManagement", action: "Create Group", subject_name: "fresh" },
    },
    {
      route: "PUT /admin-api/api/v1/groups/:id/users",
      call: async () => ({ path: `/groups/${await ops()}/users`, body: { usersToAssign: ["vic"] } }),
      bad: async () => ({
        path: `/groups/${await ops()}/users`,
        body: { usersToAssign: ["vic"], usersToRemove: ["vic"] },
      }),
      expected: { source: "user-management-userManagement", action: "Update Group Users", subject_name: "ops" },
    },
    {
      route: "DELETE /admin-api/api/v1/groups/:id",
      call: async () => ({ path: `/groups/${await id("SELECT id FROM groups WHERE name = 'doomed'")}` }),
      bad: async () => ({ path: `/groups/${await id("SELECT id FROM groups WHERE name = 'console-admins'")}` }),
      expected: { source: "user-management-userManagement", action: "Delete Group", subject_name: "doomed" },
    },
    {
      route: "PUT /admin-api/api/v1/sync/schedule",
      call: async () => ({ path: "/sync/schedule", body: { isPeriodicSync: true, syncPeriod: 120 } }),
      bad: async () => ({ path: "/sync/schedule", body: { isPeriodicSync: true, syncPeriod: 30 } }),
      expected: { source: "user-management-sync", action: "Sync Schedule Updated", status: "Completed" },
    },
    {
      route: "POST /admin-api/api/v1/sync/now",
      call: async () => ({ path: "/sync/now" }),
      bad: async () => ({ path: "/sync/now", body: "not json" }),
      expected: { source: "user-management-sync", action: "Sync Initiated", status: "Started" },
    },
    {
      route: "PUT /admin-api/api/v1/menu/:id",
      call: async () => ({ path: `/menu/${await menuId()}`, body: { usersToAssign: ["uma"] } }),
      bad: async () => ({ path: `/menu/${await menuId()}`, body: { usersToAssign: ["nobody"] } }),
      expected: { source: "settings-menu", action: "Update Assigned Users", subject_name: "Insights" },
    },
    {
      route: "PUT /admin-api/api/v1/menu/:id/status",
      call: async () => ({ path: `/menu/${await menuId()}/status`, body: { status: false } }),
      bad: async () => ({ path: `/menu/${await menuId()}/status`, body: { status: "off" } }),
      expected: { source: "settings-menu", action: "Deactivate", subject_name: "Insights" },
    },
    {
      route: "PUT /admin-api/api/v1/component/:id",
      call: async () => ({
        path: `/component/${await componentId()}`,
        // The administrators keep Trino: only someone who holds a component may change it.
        body: { groupsToAssign: ["console-admins", "ops"] },
      }),
      bad: async () => ({
        path: `/component/${await componentId()}`,
        body: { groupsToAssign: ["ops"], usersToAssign: [] },
      }),
      expected: { source: "settings-components", action: "Update Assigned Groups", subject_name: "Trino" },
    },
    {
      route: "PUT /admin-api/api/v1/component/:id/status",
      call: async () => ({ path: `/component/${await componentId()}/status`, body: { status: false } }),
      bad: async () => ({ path: "/component/999999/status", body: { status: false } }),
      expected: { source: "settings-components", action: "Deactivate", subject_name: "Trino" },
    },
  ];

  it("covers every mutating route of user management, sync and permissions", () => {
    const mutating = t.services.routes
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => `${m} ${r.url}`))
      .filter((r) => !r.startsWith("GET ") && !r.startsWith("HEAD ") && MINE.test(r.split(" ")[1]!))
      .sort();
    expect(mutating).toEqual(cases.map((c) => c.route).sort());
  });

  it.each(cases.map((c) => [c.route, c] as const))(
    "%s writes exactly one event, a refused call none",
    async (_r, c) => {
      const method = c.route.split(" ")[0] as Method;
      let seq = await lastAuditSeq(t.testDb.db);
      const bad = await c.bad();
      const refused = await api(t.app, admin, method, bad.path, bad.body);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(await auditsAfter(t.testDb.db, seq)).toEqual([]);

      seq = await lastAuditSeq(t.testDb.db);
      const good = await c.call();
      const res = await api(t.app, admin, method, good.path, good.body);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      if (c.route.endsWith("/sync/now")) await waitForJob(t.app, admin, res.body.jobId);
      const events = await auditsAfter(t.testDb.db, seq);
      // A sync job goes on to record its own steps, each tagged with the job id.
      const byRequest = c.route.endsWith("/sync/now") ? events.filter((e) => e.action === "Sync Initiated") : events;
      expect(byRequest).toHaveLength(1);
      expect(byRequest[0]).toMatchObject({
        status: "success",
        username: "admin",
        ip_address: "127.0.0.1",
        ...c.expected,
      });
      expect(byRequest[0]!.summary ?? "").not.toBe("");
      if (c.route.endsWith("/sync/now")) expect(events.every((e) => e.details.jobId === res.body.jobId)).toBe(true);
    },
  );

  it("records only actions the audit filter offers, and finds each by that action", async () => {
    const { rows } = await t.testDb.db.query<{ action: string }>(
      "SELECT DISTINCT action FROM audit_events WHERE source = 'user-management-userManagement' ORDER BY action",
    );
    // Every user-management route has run above: each action it records can be chosen in the filter.
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(["Create User", "Reset Password"]));
    for (const { action } of rows) {
      expect(USER_MANAGEMENT_ACTIONS, action).toContain(action);
      const found = await api(t.app, admin, "GET", `/events/userManagement?action=${encodeURIComponent(action)}`);
      expect(found.status).toBe(200);
      expect(found.body.items.length, action).toBeGreaterThan(0);
      expect(found.body.items.every((i: { action: string }) => i.action === action)).toBe(true);
    }
  });

  it("rolls a change back when its audit event cannot be written", async () => {
    const db = t.testDb.db;
    const vic = await id("SELECT id FROM users WHERE username = 'vic'");
    await db.exec(`
      CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit storage refused the event'; END $$;
      CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION refuse_audit();
    `);
    try {
      const res = await api(t.app, admin, "PUT", `/users/${vic}/status`, { enabled: false });
      expect(res.status).toBe(500);
      expect(res.body.error).toBe("Something went wrong.");
      const row = await db.query<{ enabled: boolean }>("SELECT enabled FROM users WHERE id = $1", [vic]);
      expect(row.rows[0]!.enabled).toBe(true);
      const admins = await db.query("SELECT 1 FROM identity_admin_events WHERE resource_path = $1", [`users/${vic}`]);
      expect(admins.rowCount).toBe(0);
    } finally {
      await db.exec("DROP TRIGGER refuse_audit ON audit_events; DROP FUNCTION refuse_audit();");
    }
  });

  it("leaves a chain that verifies", async () => {
    expect((await api(t.app, admin, "GET", "/audit/verify")).body).toMatchObject({ valid: true });
  });
});
