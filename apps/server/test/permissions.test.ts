import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser, USER_PASSWORD } from "./support/seed.js";
import { api, auditsAfter, lastAuditSeq } from "./support/users.js";

interface Row {
  id: number;
  menuKey?: string;
  componentKey?: string;
  assignedUsers: string[];
  assignedGroups: string[];
  status: boolean;
}

describe.each(DB_KINDS)("menu and component permissions (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeApp(kind);
    await seedUser(t.testDb.db, "mia", { groups: ["auditors"] });
    await seedUser(t.testDb.db, "ned");
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const menus = async () => (await api<Row[]>(t.app, admin, "GET", "/menu/permissions")).body;
  const menu = async (key: string) => (await menus()).find((m) => m.menuKey === key)!;
  const menuOf = async (token: string) =>
    (
      (await t.app.inject({ method: "GET", url: "/admin-api/api/v1/menu", headers: bearer(token) })).json() as Array<{
        menuLabel: string;
      }>
    ).map((m) => m.menuLabel);

  it("lists every menu with its assignments, in menu order", async () => {
    const rows = await menus();
    expect(rows.map((r) => r.menuKey)).toEqual([
      "components",
      "discovery-hub",
      "audits",
      "user-management",
      "policy-management",
      "insights",
      "client-configuration",
      "settings",
    ]);
    expect(rows[0]).toMatchObject({
      menuName: "Components",
      sectionName: "Overview",
      assignedUsers: [],
      assignedGroups: ["console-admins"],
      status: true,
    });
  });

  it("gives a menu to a user and a group at their next request, and takes it away", async () => {
    const mia = await tokenFor(t.app, "mia", USER_PASSWORD);
    const ned = await tokenFor(t.app, "ned", USER_PASSWORD);
    expect(await menuOf(mia)).toEqual([]);
    const audits = await menu("audits");
    const seq = await lastAuditSeq(t.testDb.db);
    const byGroup = await api(t.app, admin, "PUT", `/menu/${audits.id}`, {
      groupsToAssign: ["console-admins", "auditors"],
    });
    expect(byGroup).toEqual({ status: 200, body: { message: "Groups of menu Audits updated." } });
    expect(await menuOf(mia)).toEqual(["home", "audits"]);
    const byUser = await api(t.app, admin, "PUT", `/menu/${audits.id}`, { usersToAssign: ["NED"] });
    expect(byUser.status).toBe(200);
    expect(await menuOf(ned)).toEqual(["home", "audits"]);
    expect((await menu("audits")).assignedUsers).toEqual(["ned"]);
    const events = await auditsAfter(t.testDb.db, seq);
    expect(events).toMatchObject([
      {
        source: "settings-menu",
        action: "Update Assigned Groups",
        subject_name: "Audits",
        status: "success",
        details: {
          changeSet: [{ column: "assignedGroups", oldVal: ["console-admins"], newVal: ["auditors", "console-admins"] }],
        },
      },
      {
        source: "settings-menu",
        action: "Update Assigned Users",
        details: { changeSet: [{ column: "assignedUsers", oldVal: [], newVal: ["ned"] }] },
      },
    ]);
    await api(t.app, admin, "PUT", `/menu/${audits.id}`, { usersToAssign: [] });
    // Ned's last menu is gone: so is his session; signed in again, he has no menu.
    expect((await api(t.app, ned, "GET", "/menu")).status).toBe(401);
    expect(await menuOf(await tokenFor(t.app, "ned", USER_PASSWORD))).toEqual([]);
  });

  it("makes a menu inactive for everyone, and active again", async () => {
    const mia = await tokenFor(t.app, "mia", USER_PASSWORD);
    const audits = await menu("audits");
    const off = await api(t.app, admin, "PUT", `/menu/${audits.id}/status`, { status: false });
    expect(off.body.message).toBe("Menu Audits is now inactive.");
    // Audits was Mia's only menu: her session ended with it.
    expect((await api(t.app, mia, "GET", "/menu")).status).toBe(401);
    expect((await menuOf(admin)).includes("audits")).toBe(false);
    await api(t.app, admin, "PUT", `/menu/${audits.id}/status`, { status: true });
    expect(await menuOf(await tokenFor(t.app, "mia", USER_PASSWORD))).toEqual(["home", "audits"]);
  });

  it("refuses changes that would lock the settings out, and bad bodies, writing nothing", async () => {
    const settings = await menu("settings");
    const seq = await lastAuditSeq(t.testDb.db);
    const off = await api(t.app, admin, "PUT", `/menu/${settings.id}/status`, { status: false });
    expect(off.status).toBe(400);
    expect(off.body.error).toMatch(/Settings menu cannot be made inactive/);
    const away = await api(t.app, admin, "PUT", `/menu/${settings.id}`, { groupsToAssign: ["auditors"] });
    expect(away.status).toBe(400);
    expect(away.body.error).toMatch(/would take Settings away from you/);
    const bad: Array<[object, RegExp]> = [
      [{ usersToAssign: ["ghost"] }, /User ghost does not exist/],
      [{ groupsToAssign: ["ghosts"] }, /Group ghosts does not exist/],
      [{ usersToAssign: ["ned"], groupsToAssign: [] }, /usersToAssign or groupsToAssign/],
      [{}, /usersToAssign or groupsToAssign/],
      [{ usersToAssign: "ned" }, /body/],
    ];
    for (const [body, message] of bad) {
      const res = await api(t.app, admin, "PUT", `/menu/${settings.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await api(t.app, admin, "PUT", "/menu/9999", { usersToAssign: [] })).status).toBe(404);
    expect((await api(t.app, admin, "PUT", "/menu/abc/status", { status: true })).status).toBe(400);
    expect(await auditsAfter(t.testDb.db, seq)).toEqual([]);
    expect((await menu("settings")).assignedGroups).toEqual(["console-admins"]);
  });

  it("decides which components a user sees", async () => {
    const rows = (await api<Row[]>(t.app, admin, "GET", "/component/permissions")).body;
    const trino = rows.find((r) => r.componentKey === "trino")!;
    expect(trino).toMatchObject({ assignedGroups: ["console-admins"], status: true });
    const ned = await tokenFor(t.app, "ned", USER_PASSWORD);
    const permitted = async () =>
      (await t.app.inject({ method: "GET", url: "/admin-api/api/v1/componentList", headers: bearer(ned) })).json()
        .permittedComponents as string[];
    expect(await permitted()).toEqual([]);
    const seq = await lastAuditSeq(t.testDb.db);
    await api(t.app, admin, "PUT", `/component/${trino.id}`, { usersToAssign: ["ned"] });
    expect(await permitted()).toEqual(["trino"]);
    await api(t.app, admin, "PUT", `/component/${trino.id}/status`, { status: false });
    expect(await permitted()).toEqual([]);
    expect(await auditsAfter(t.testDb.db, seq)).toMatchObject([
      { source: "settings-components", action: "Update Assigned Users", subject_name: "Trino" },
      {
        source: "settings-components",
        action: "Deactivate",
        details: { changeSet: [{ column: "status", oldVal: true, newVal: false }] },
      },
    ]);
  });

  it("clears the user and group caches", async () => {
    for (const path of ["/cache/clear", "/cache/clearGroups", "/cache/clearUsers"]) {
      const res = await api(t.app, admin, "GET", path);
      expect(res.status, path).toBe(200);
      expect(res.body.message).toMatch(/cache/i);
    }
    // A change made behind the console's back shows once the cache is cleared.
    const ned = await tokenFor(t.app, "ned", USER_PASSWORD);
    const me = () => t.app.inject({ method: "GET", url: "/admin-api/api/v1/me", headers: bearer(ned) });
    expect((await me()).json().groups).toEqual([]);
    await t.testDb.db.query(
      "INSERT INTO user_groups (user_id, group_id) SELECT u.id, g.id FROM users u, groups g WHERE u.username = 'ned' AND g.name = 'auditors'",
    );
    expect((await me()).json().groups).toEqual([]);
    await api(t.app, admin, "GET", "/cache/clearUsers");
    expect((await me()).json().groups).toEqual(["auditors"]);
  });

  it("verifies the audit chain and finds a row edited behind the console's back", async () => {
    const ok = await api(t.app, admin, "GET", "/audit/verify");
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ valid: true, brokenAtSeq: null });
    expect(ok.body.checked).toBeGreaterThan(3);
    await t.testDb.db.exec("ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change");
    const first = (await t.testDb.db.query<{ seq: number }>("SELECT min(seq)::int AS seq FROM audit_events")).rows[0]!
      .seq;
    await t.testDb.db.query("UPDATE audit_events SET username = 'someone-else' WHERE seq = $1", [first]);
    await t.testDb.db.exec("ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change");
    const broken = await api(t.app, admin, "GET", "/audit/verify");
    expect(broken.body).toEqual({
      valid: false,
      checked: 0,
      brokenAtSeq: first,
      reason: "the event's content was altered",
    });
  });
});
