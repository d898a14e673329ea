import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { api, auditsAfter, lastAuditSeq } from "./support/users.js";

const LAST_ADMIN =
  "This change would leave no enabled user holding every menu, so no one could manage the console. Give another user every menu first.";

type Method = "PUT" | "DELETE";

describe.each(DB_KINDS)("the console keeps an administrator (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  const one = async (sql: string, params: unknown[] = []) =>
    (await t.testDb.db.query<{ id: string }>(sql, params)).rows[0]!.id;

  beforeAll(async () => {
    t = await makeApp(kind);
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  async function lastAdminRefused(token: string, method: Method, path: string, body?: unknown) {
    const seq = await lastAuditSeq(t.testDb.db);
    const res = await api(t.app, token, method, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toBe(LAST_ADMIN);
    expect(await auditsAfter(t.testDb.db, seq)).toEqual([]);
  }

  it("refuses to strip the last administrator's group of a menu", async () => {
    const audits = await one("SELECT id FROM menu_permissions WHERE menu_key = 'audits'");
    await lastAdminRefused(admin, "PUT", `/menu/${audits}`, { groupsToAssign: [] });
    const kept = await t.testDb.db.query<{ name: string }>(
      "SELECT g.name FROM menu_groups mg JOIN groups g ON g.id = mg.group_id WHERE mg.menu_id = $1",
      [audits],
    );
    expect(kept.rows.map((r) => r.name)).toEqual(["console-admins"]);
  });

  it("refuses to take a component from everyone who could give it again, naming it", async () => {
    const trino = await one("SELECT id FROM component_permissions WHERE component_key = 'trino'");
    const assigned = async () =>
      (
        await t.testDb.db.query<{ name: string }>(
          "SELECT g.name FROM component_groups cg JOIN groups g ON g.id = cg.group_id WHERE cg.component_id = $1",
          [trino],
        )
      ).rows.map((r) => r.name);
    const seq = await lastAuditSeq(t.testDb.db);
    const res = await api(t.app, admin, "PUT", `/component/${trino}`, { groupsToAssign: [] });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body).toMatchObject({
      error:
        "This change would leave no enabled user holding the Trino component and the Settings menu, so no one could give it again. Give it to another holder of the Settings menu first.",
      field: "body.groupsToAssign",
    });
    expect(await auditsAfter(t.testDb.db, seq)).toEqual([]);
    expect(await assigned()).toEqual(["console-admins"]);

    // Once another holder of Settings holds it (tru, through group ops), it may leave the group...
    await t.testDb.db.query("INSERT INTO groups (name) VALUES ('ops')");
    await seedUser(t.testDb.db, "tru", { groups: ["ops"] });
    await t.services.bus.publish("users");
    const settings = await one("SELECT id FROM menu_permissions WHERE menu_key = 'settings'");
    const settingsTo = (groups: string[]) => api(t.app, admin, "PUT", `/menu/${settings}`, { groupsToAssign: groups });
    expect((await settingsTo(["console-admins", "ops"])).status).toBe(200);
    expect((await api(t.app, admin, "PUT", `/component/${trino}`, { usersToAssign: ["tru"] })).status).toBe(200);
    const moved = await api(t.app, admin, "PUT", `/component/${trino}`, { groupsToAssign: [] });
    expect(moved).toEqual({ status: 200, body: { message: "Groups of component Trino updated." } });
    expect(await assigned()).toEqual([]);
    // ...but taking Settings from the one left holding it would strand it, by this other route too.
    const stranded = await settingsTo(["console-admins"]);
    expect(stranded.status, JSON.stringify(stranded.body)).toBe(409);
    expect(stranded.body.error).toMatch(/^This change would leave no enabled user holding the Trino component/);
    expect(stranded.body.field).toBe("body.groupsToAssign");
  });

  it("refuses to delete the group that makes the last user an administrator, until another exists", async () => {
    const db = t.testDb.db;
    // The administrator holds every menu through "root" instead of console-admins.
    await db.query("INSERT INTO groups (name) VALUES ('root')");
    await db.query(
      "INSERT INTO menu_groups (menu_id, group_id) SELECT p.id, g.id FROM menu_permissions p, groups g WHERE g.name = 'root'",
    );
    await db.query(
      `UPDATE user_groups SET group_id = (SELECT id FROM groups WHERE name = 'root')
        WHERE user_id = (SELECT id FROM users WHERE username = 'admin')`,
    );
    await t.services.bus.publish("users");
    await t.services.bus.publish("access");
    const root = await one("SELECT id FROM groups WHERE name = 'root'");
    await lastAdminRefused(admin, "DELETE", `/groups/${root}`);
    expect((await db.query("SELECT 1 FROM groups WHERE name = 'root'")).rows).toHaveLength(1);

    await seedUser(db, "zed", { groups: ["console-admins"] });
    await t.services.bus.publish("users");
    const res = await api(t.app, admin, "DELETE", `/groups/${root}`);
    expect(res).toEqual({ status: 200, body: { message: "Group root deleted." } });
  });
});

describe.each(DB_KINDS)("the console keeps an administrator, with an external identity provider (%s)", (kind) => {
  let t: TestApp;
  const token = "stand-in";
  let adminId: string;
  let adminsGroup: string;
  beforeAll(async () => {
    t = await makeApp(kind, { OIDC_ISSUER: "https://keycloak.test/realms/platform" });
    // Keycloak's tokens are not available here: an administrator who is not in the console's
    // own directory is stood in for, so the target below is the directory's last administrator.
    t.services.auth.authenticate = async () => ({
      userId: null,
      username: "kc-admin",
      name: "Keycloak Admin",
      email: "",
      groups: ["console-admins"],
      token,
      expiresAt: Date.now() + 60_000,
    });
    const q = (sql: string) => t.testDb.db.query<{ id: string }>(sql).then((r) => r.rows[0]!.id);
    adminId = await q("SELECT id FROM users WHERE username = 'admin'");
    adminsGroup = await q("SELECT id FROM groups WHERE name = 'console-admins'");
  });
  afterAll(() => t.close());

  async function lastAdminRefused(path: string, body: unknown) {
    const seq = await lastAuditSeq(t.testDb.db);
    const res = await api(t.app, token, "PUT", path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toBe(LAST_ADMIN);
    expect(await auditsAfter(t.testDb.db, seq)).toEqual([]);
  }

  it("refuses to disable the last administrator or take their group away, by either route", async () => {
    await lastAdminRefused(`/users/${adminId}/status`, { enabled: false });
    await lastAdminRefused(`/users/${adminId}/groups`, { groupsToRemove: ["console-admins"] });
    await lastAdminRefused(`/groups/${adminsGroup}/users`, { usersToRemove: ["admin"] });
    const row = await t.testDb.db.query<{ enabled: boolean; groups: number }>(
      "SELECT enabled, (SELECT count(*)::int FROM user_groups WHERE user_id = u.id) AS groups FROM users u WHERE id = $1",
      [adminId],
    );
    expect(row.rows[0]).toEqual({ enabled: true, groups: 1 });
  });

  it("lets them go once another enabled user holds every menu", async () => {
    await seedUser(t.testDb.db, "zoe", { groups: ["console-admins"] });
    await t.services.bus.publish("users");
    const res = await api(t.app, token, "PUT", `/users/${adminId}/status`, { enabled: false });
    expect(res).toEqual({ status: 200, body: { message: "User admin disabled." } });
  });
});
