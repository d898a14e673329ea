import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer, signIn, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { api, auditsAfter, lastAuditSeq } from "./support/users.js";

/** What the administrators' group holds beyond the User Management menu, as the refusals name it. */
const ADMIN_EXTRA =
  "the Components, Discovery Hub, Audits, Policy Management, Insights, Client Configuration and Settings menus and 11 components \\(Admin UI, Airflow, Data Catalogue and 8 more\\)";

describe.each(DB_KINDS)("nobody grants what they do not hold (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let uma: string; // holds only the User Management menu
  let sam: string; // holds only the Settings menu
  const ids: Record<string, string> = {};
  const one = async (sql: string, params: unknown[] = []) =>
    (await t.testDb.db.query<{ id: string }>(sql, params)).rows[0]!.id;
  const groupId = (name: string) => one("SELECT id FROM groups WHERE name = $1", [name]);
  const menuId = (key: string) => one("SELECT id FROM menu_permissions WHERE menu_key = $1", [key]);

  beforeAll(async () => {
    t = await makeApp(kind);
    const db = t.testDb.db;
    ids.admin = await one("SELECT id FROM users WHERE username = 'admin'");
    ids.uma = await seedUser(db, "uma");
    ids.sam = await seedUser(db, "sam");
    ids.otto = await seedUser(db, "otto", { groups: ["analysts"] });
    await seedUser(db, "aud", { groups: ["auditors"] });
    await db.query("INSERT INTO groups (name) VALUES ('helpdesk')");
    await assignMenus(db, "uma", ["user-management"]);
    await assignMenus(db, "sam", ["settings"]);
    await db.query(
      `INSERT INTO menu_groups (menu_id, group_id)
       SELECT p.id, g.id FROM menu_permissions p, groups g
        WHERE (p.menu_key, g.name) IN (('audits', 'auditors'), ('user-management', 'helpdesk'))`,
    );
    await t.services.bus.publish("access");
    admin = await adminToken(t.app);
    uma = await tokenFor(t.app, "uma", USER_PASSWORD);
    sam = await tokenFor(t.app, "sam", USER_PASSWORD);
  });
  afterAll(() => t.close());

  const menuOf = async (token: string) =>
    (
      (await t.app.inject({ method: "GET", url: "/admin-api/api/v1/menu", headers: bearer(token) })).json() as Array<{
        menuLabel: string;
      }>
    ).map((m) => m.menuLabel);
  const groupsOf = async (username: string) =>
    (
      await t.testDb.db.query<{ name: string }>(
        "SELECT g.name FROM user_groups ug JOIN groups g ON g.id = ug.group_id JOIN users u ON u.id = ug.user_id WHERE u.username = $1 ORDER BY g.name",
        [username],
      )
    ).rows.map((r) => r.name);

  /** Calls as `token`, expects 403 with `message`, and checks that nothing was written. */
  async function refused(
    token: string,
    method: "POST" | "PUT" | "DELETE",
    path: string,
    body: unknown,
    message: RegExp,
  ) {
    const seq = await lastAuditSeq(t.testDb.db);
    const res = await api(t.app, token, method, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error).toMatch(message);
    expect(await auditsAfter(t.testDb.db, seq)).toEqual([]);
  }

  it("refuses a user manager who puts themselves in the administrators' group", async () => {
    await refused(
      uma,
      "PUT",
      `/users/${ids.uma}/groups`,
      { groupsToAssign: ["console-admins"] },
      /^You cannot change the groups of your own account: another administrator must do it\.$/,
    );
    await refused(
      uma,
      "PUT",
      `/groups/${await groupId("console-admins")}/users`,
      { usersToAssign: ["uma"] },
      /^You cannot change the groups of your own account: another administrator must do it\.$/,
    );
    expect(await groupsOf("uma")).toEqual([]);
    expect(await menuOf(uma)).toEqual(["home", "user-management"]);
  });

  it("refuses a user manager who gives anyone a group carrying what they do not hold", async () => {
    const grant = new RegExp(`^You cannot grant ${ADMIN_EXTRA} through group console-admins: you do not hold them\\.$`);
    await refused(uma, "PUT", `/users/${ids.otto}/groups`, { groupsToAssign: ["console-admins"] }, grant);
    await refused(uma, "PUT", `/groups/${await groupId("console-admins")}/users`, { usersToAssign: ["otto"] }, grant);
    await refused(
      uma,
      "POST",
      "/users",
      { username: "mole", firstName: "Mole", password: "Temp-Password-42", groups: ["analysts", "console-admins"] },
      grant,
    );
    await refused(
      uma,
      "PUT",
      `/users/${ids.otto}/groups`,
      { groupsToAssign: ["auditors"] },
      /^You cannot grant the Audits menu through group auditors: you do not hold it\.$/,
    );
    expect(await groupsOf("otto")).toEqual(["analysts"]);
    expect((await t.testDb.db.query("SELECT 1 FROM users WHERE username = 'mole'")).rows).toEqual([]);
  });

  it("refuses a user manager who takes over or disables the administrator", async () => {
    const stronger = (action: string) =>
      new RegExp(`^You cannot ${action} admin: they hold ${ADMIN_EXTRA}, which you do not\\.$`);
    await refused(
      uma,
      "POST",
      `/users/${ids.admin}/reset-password`,
      { password: "Taken-Over-Pass-1" },
      stronger("reset the password of"),
    );
    expect((await signIn(t.app, "admin", "Taken-Over-Pass-1")).ok).toBe(false);
    expect((await signIn(t.app, "admin", ADMIN_PASSWORD)).ok).toBe(true);
    await refused(uma, "PUT", `/users/${ids.admin}/status`, { enabled: false }, stronger("disable"));
    await refused(
      uma,
      "PUT",
      `/users/${ids.admin}/groups`,
      { groupsToRemove: ["console-admins"] },
      stronger("change the groups of"),
    );
    await refused(
      uma,
      "PUT",
      `/groups/${await groupId("console-admins")}/users`,
      { usersToRemove: ["admin"] },
      stronger("change the groups of"),
    );
    await refused(
      uma,
      "DELETE",
      `/groups/${await groupId("auditors")}`,
      undefined,
      /^You cannot delete group auditors: it grants the Audits menu, which you do not hold\.$/,
    );
    await refused(
      uma,
      "POST",
      `/users/${ids.sam}/reset-password`,
      { password: "Taken-Over-Pass-1" },
      /^You cannot reset the password of sam: they hold the Settings menu, which you do not\.$/,
    );
    expect(await groupsOf("admin")).toEqual(["console-admins"]);
    const row = await t.testDb.db.query<{ enabled: boolean }>("SELECT enabled FROM users WHERE username = 'admin'");
    expect(row.rows[0]!.enabled).toBe(true);
  });

  it("lets a user manager manage ordinary users fully", async () => {
    const created = await api(t.app, uma, "POST", "/users", {
      username: "pia",
      firstName: "Pia",
      password: "Temp-Password-42",
      groups: ["analysts"],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pia = created.body.id as string;
    // A group that grants only what the manager holds may be given.
    expect((await api(t.app, uma, "PUT", `/users/${pia}/groups`, { groupsToAssign: ["helpdesk"] })).status).toBe(200);
    const put = await api(t.app, uma, "PUT", `/groups/${await groupId("analysts")}/users`, {
      usersToRemove: ["otto"],
    });
    expect(put).toEqual({ status: 200, body: { message: "Users of analysts updated." } });
    expect(await groupsOf("pia")).toEqual(["analysts", "helpdesk"]);
    expect(await groupsOf("otto")).toEqual([]);
    expect((await api(t.app, uma, "PUT", `/users/${pia}/status`, { enabled: false })).body.message).toBe(
      "User pia disabled.",
    );
    expect((await api(t.app, uma, "PUT", `/users/${pia}/status`, { enabled: true })).body.message).toBe(
      "User pia enabled.",
    );
    const reset = await api(t.app, uma, "POST", `/users/${pia}/reset-password`, { password: "Fresh-Temp-Pass-9" });
    expect(reset.body.message).toMatch(/^Temporary password set for pia/);
    const group = await api(t.app, uma, "POST", "/groups", { name: "interns" });
    expect(group.status).toBe(201);
    expect((await api(t.app, uma, "DELETE", `/groups/${group.body.id}`)).status).toBe(200);
  });

  it("tells each row of the users and groups pages what the signed-in user may do to it", async () => {
    const users = (await api(t.app, uma, "GET", "/users?size=50")).body.items as Array<{
      username: string;
      manageable: boolean;
      reason: string | null;
    }>;
    const byName = new Map(users.map((u) => [u.username, u]));
    expect(byName.get("admin")!.manageable).toBe(false);
    expect(byName.get("admin")!.reason).toMatch(new RegExp(`^admin holds ${ADMIN_EXTRA}, which you do not\\.$`));
    expect(byName.get("uma")).toMatchObject({
      manageable: false,
      reason: "This is your own account: another administrator must change it.",
    });
    expect(byName.get("aud")).toMatchObject({
      manageable: false,
      reason: "aud holds the Audits menu, which you do not.",
    });
    expect(byName.get("otto")).toMatchObject({ manageable: true, reason: null });
    // The administrator holds everything, so only their own row is closed to them.
    const all = (await api(t.app, admin, "GET", "/users?size=50")).body.items as Array<{ manageable: boolean }>;
    expect(all.filter((u) => !u.manageable)).toHaveLength(1);

    const groups = (await api(t.app, uma, "GET", "/groups?size=50")).body.items as Array<{
      name: string;
      membersEditable: boolean;
      deletable: boolean;
      reason: string | null;
    }>;
    const group = new Map(groups.map((g) => [g.name, g]));
    expect(group.get("auditors")).toMatchObject({
      membersEditable: false,
      deletable: false,
      reason: "Group auditors grants the Audits menu, which you do not hold.",
    });
    expect(group.get("helpdesk")).toMatchObject({ membersEditable: true, deletable: true, reason: null });
  });

  it("tells each row of the permission tables whether the signed-in user may change it", async () => {
    type Row = { menuKey?: string; componentKey?: string; reason: string | null };
    const rows = (await api<Row[]>(t.app, sam, "GET", "/menu/permissions")).body;
    const reasonOf = (key: string) => rows.find((r) => r.menuKey === key)!.reason;
    expect(reasonOf("audits")).toBe(
      "You do not hold the Audits menu, so you cannot give it, take it away or switch it on or off.",
    );
    expect(reasonOf("settings")).toBeNull();
    const components = (await api<Row[]>(t.app, sam, "GET", "/component/permissions")).body;
    expect(components.find((r) => r.componentKey === "trino")!.reason).toBe(
      "You do not hold the Trino component, so you cannot give it, take it away or switch it on or off.",
    );
    const all = (await api<Row[]>(t.app, admin, "GET", "/menu/permissions")).body;
    expect(all.map((r) => r.reason)).toEqual(all.map(() => null));
  });

  it("answers a settings holder the same for a component they do not hold, whatever the change asks", async () => {
    const trino = await one("SELECT id FROM component_permissions WHERE component_key = 'trino'");
    // Setting the status it already has, or the holders it already has, is no way to probe it.
    for (const status of [true, false])
      await refused(
        sam,
        "PUT",
        `/component/${trino}/status`,
        { status },
        /^You cannot switch on or off the Trino component: you do not hold it\.$/,
      );
    await refused(
      sam,
      "PUT",
      `/component/${trino}`,
      { groupsToAssign: ["console-admins"] },
      /^You cannot change who holds the Trino component: you do not hold it\.$/,
    );
    await refused(
      sam,
      "PUT",
      `/menu/${await menuId("audits")}/status`,
      { status: true },
      /^You cannot switch on or off the Audits menu: you do not hold it\.$/,
    );
  });

  it("refuses a settings holder who gives or changes menus and components they do not hold", async () => {
    const audits = await menuId("audits");
    await refused(
      sam,
      "PUT",
      `/menu/${await menuId("user-management")}`,
      { usersToAssign: ["uma", "sam"] },
      /^You cannot grant the User Management menu: you do not hold it\.$/,
    );
    await refused(
      sam,
      "PUT",
      `/menu/${audits}`,
      { groupsToAssign: ["console-admins", "analysts"] },
      /^You cannot grant the Audits menu: you do not hold it\.$/,
    );
    const trino = await one("SELECT id FROM component_permissions WHERE component_key = 'trino'");
    await refused(
      sam,
      "PUT",
      `/component/${trino}`,
      { usersToAssign: ["otto"] },
      /^You cannot grant the Trino component: you do not hold it\.$/,
    );
    await refused(
      sam,
      "PUT",
      `/menu/${audits}/status`,
      { status: false },
      /^You cannot switch on or off the Audits menu: you do not hold it\.$/,
    );
    const settings = await menuId("settings");
    await refused(
      sam,
      "PUT",
      `/menu/${settings}`,
      { usersToAssign: [] },
      /^You cannot change the menus of your own account: another administrator must do it\.$/,
    );
    await refused(
      sam,
      "PUT",
      `/menu/${settings}`,
      { groupsToAssign: [] },
      new RegExp(`^You cannot change the menus of group console-admins: it grants .+, which you do not hold\\.$`),
    );
    await refused(
      sam,
      "PUT",
      `/menu/${settings}`,
      { usersToAssign: ["sam", "uma"] },
      /^You cannot change the menus of uma: they hold the User Management menu, which you do not\.$/,
    );
    // Someone who holds nothing more than Settings may be given Settings.
    const ok = await api(t.app, sam, "PUT", `/menu/${settings}`, { usersToAssign: ["sam", "otto"] });
    expect(ok).toEqual({ status: 200, body: { message: "Users of menu Settings updated." } });
    expect(await menuOf(uma)).toEqual(["home", "user-management"]);
  });
});
