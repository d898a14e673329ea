import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer, signIn, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { api } from "./support/users.js";

describe.each(DB_KINDS)("users and groups (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await makeApp(kind);
    const db = t.testDb.db;
    ids.ann = await seedUser(db, "ann", { groups: ["analysts", "sales"], email: "ann.lee@corp.example" });
    ids.bob = await seedUser(db, "bob", { groups: ["analysts"], email: "bob@other.example" });
    ids.cid = await seedUser(db, "cid", { enabled: false, email: "cid@corp.example" });
    await db.query("UPDATE users SET first_name = 'Zed', last_name = 'Alpha' WHERE username = 'bob'");
    await db.query("INSERT INTO groups (name) VALUES ('empty-group')");
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const list = (query: string) => api(t.app, admin, "GET", `/users?${query}`);

  it("pages, sorts and filters users", async () => {
    const all = await list("size=2&sortBy=username&sortOrder=asc");
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    expect(all.body.items.map((u: { username: string }) => u.username)).toEqual(["admin", "ann"]);
    const next = await list("size=2&page=1&sortBy=username");
    expect(next.body.items.map((u: { username: string }) => u.username)).toEqual(["bob", "cid"]);
    const byName = await list("sortBy=name&sortOrder=desc");
    expect(byName.body.items[0].username).toBe("bob");
    expect((await list("email=CORP.example")).body.items.map((u: { username: string }) => u.username)).toEqual([
      "ann",
      "cid",
    ]);
    expect((await list("group=analysts&sortBy=username")).body.items).toMatchObject([
      { username: "ann", groups: ["analysts", "sales"], enabled: true, email: "ann.lee@corp.example" },
      { username: "bob", groups: ["analysts"] },
    ]);
    expect((await list("status=inactive")).body.items.map((u: { username: string }) => u.username)).toEqual(["cid"]);
    expect((await list("searchQuery=zed")).body.items.map((u: { username: string }) => u.username)).toEqual(["bob"]);
    expect((await list("firstName=an&lastName=tester")).body.total).toBe(1);
    // LIKE wildcards typed by a person are taken literally.
    expect((await list("searchQuery=%25")).body.total).toBe(0);
  });

  it("refuses bad list parameters with a message naming the field", async () => {
    const bad = await list("status=gone");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^query\.status: must be active or inactive/);
    expect((await list("size=0")).status).toBe(400);
    expect((await list("sortBy=password")).status).toBe(400);
  });

  it("lists every username and group name for dropdowns", async () => {
    expect((await api(t.app, admin, "GET", "/users/names")).body).toEqual(["admin", "ann", "bob", "cid"]);
    expect((await api(t.app, admin, "GET", "/groups/names")).body).toEqual([
      "analysts",
      "console-admins",
      "empty-group",
      "sales",
    ]);
  });

  it("lists usernames with full names for the two-list dialogs", async () => {
    const people = (await api(t.app, admin, "GET", "/users/full-names")).body as Array<{ username: string }>;
    expect(people.map((p) => p.username)).toEqual(["admin", "ann", "bob", "cid"]);
    expect(people.find((p) => p.username === "ann")).toMatchObject({ fullName: expect.stringMatching(/\S/) });
    await seedUser(t.testDb.db, "nomenus");
    const token = await tokenFor(t.app, "nomenus", USER_PASSWORD);
    expect((await api(t.app, token, "GET", "/users/full-names")).status).toBe(403);
  });

  it("lets a policy author read the name lists but not the users page", async () => {
    await seedUser(t.testDb.db, "pat");
    await assignMenus(t.testDb.db, "pat", ["policy-management"]);
    await t.services.bus.publish("access");
    const token = await tokenFor(t.app, "pat", USER_PASSWORD);
    expect((await api(t.app, token, "GET", "/users/names")).status).toBe(200);
    expect((await api(t.app, token, "GET", "/users/full-names")).status).toBe(200);
    expect((await api(t.app, token, "GET", "/users")).status).toBe(403);
  });

  it("creates a user who must choose a new password at first sign-in", async () => {
    const res = await api(t.app, admin, "POST", "/users", {
      username: "dina",
      firstName: " Dina ",
      lastName: "Moss",
      email: "dina@corp.example",
      password: "Temp-Password-42",
      groups: ["sales"],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: "dina", firstName: "Dina", groups: ["sales"], enabled: true });
    expect(JSON.stringify(res.body)).not.toContain("Temp-Password-42");
    const first = await signIn(t.app, "dina", "Temp-Password-42");
    expect(first.ok).toBe(false);
    expect(first.page).toContain("<h1>Set a new password</h1>");
    const events = await t.testDb.db.query<{ operation_type: string; resource_type: string; representation: object }>(
      "SELECT operation_type, resource_type, representation FROM identity_admin_events WHERE resource_path = $1",
      [`users/${res.body.id}`],
    );
    expect(events.rows).toEqual([expect.objectContaining({ operation_type: "CREATE", resource_type: "USER" })]);
    expect(JSON.stringify(events.rows)).not.toContain("Temp-Password-42");
  });

  it("refuses duplicates, bad names, weak passwords and unknown groups without writing anything", async () => {
    const before = (await list("size=200")).body.total;
    const cases: Array<[object, number, RegExp]> = [
      [{ username: "ann", firstName: "A", password: "Temp-Password-42" }, 409, /A user named ann already exists/],
      [{ username: "Ann Lee", firstName: "A", password: "Temp-Password-42" }, 400, /body\.username: Username must be/],
      [{ username: "eve", firstName: "", password: "Temp-Password-42" }, 400, /First name is required/],
      [{ username: "eve", firstName: "Eve", password: "short" }, 400, /at least 12 characters/],
      [{ username: "eve", firstName: "Eve", email: "nope", password: "Temp-Password-42" }, 400, /valid e-mail/],
      [
        { username: "eve", firstName: "Eve", email: "ANN.LEE@corp.example", password: "Temp-Password-42" },
        409,
        /already used by another user/,
      ],
      [
        { username: "eve", firstName: "Eve", password: "Temp-Password-42", groups: ["nope"] },
        400,
        /Group nope does not exist/,
      ],
      [{ username: "eve", firstName: "Eve", password: "Temp-Password-42", role: "admin" }, 400, /body/],
    ];
    for (const [body, status, message] of cases) {
      const res = await api(t.app, admin, "POST", "/users", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toMatch(message);
    }
    expect((await list("size=200")).body.total).toBe(before);
  });

  it("disables a user, whose next API call is refused, and enables them again", async () => {
    const token = await tokenFor(t.app, "ann", USER_PASSWORD);
    const me = () => t.app.inject({ method: "GET", url: "/admin-api/api/v1/me", headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    const off = await api(t.app, admin, "PUT", `/users/${ids.ann}/status`, { enabled: false });
    expect(off).toEqual({ status: 200, body: { message: "User ann disabled." } });
    const refused = await me();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe("Your account is disabled. Contact an administrator.");
    expect((await signIn(t.app, "ann", USER_PASSWORD)).ok).toBe(false);
    const on = await api(t.app, admin, "PUT", `/users/${ids.ann}/status`, { enabled: true });
    expect(on.body.message).toBe("User ann enabled.");
    // The disable ended her sessions for good: she signs in again.
    expect((await me()).json().error).toBe("Your session has ended. Please sign in again.");
    expect((await signIn(t.app, "ann", USER_PASSWORD)).ok).toBe(true);
  });

  it("does not let an administrator disable their own account", async () => {
    const adminId = (await t.testDb.db.query<{ id: string }>("SELECT id FROM users WHERE username = 'admin'")).rows[0]!
      .id;
    const res = await api(t.app, admin, "PUT", `/users/${adminId}/status`, { enabled: false });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("You cannot disable your own account.");
  });

  it("answers 404 for an unknown user and 400 for a malformed id", async () => {
    expect(
      (await api(t.app, admin, "PUT", `/users/00000000-0000-4000-8000-000000000000/status`, { enabled: true })).status,
    ).toBe(404);
    expect((await api(t.app, admin, "PUT", `/users/not-an-id/status`, { enabled: true })).status).toBe(400);
    expect((await api(t.app, admin, "PUT", `/users/${ids.ann}/status`, { enabled: "yes" })).status).toBe(400);
  });

  it("changes a user's groups and records each membership change", async () => {
    const res = await api(t.app, admin, "PUT", `/users/${ids.bob}/groups`, {
      groupsToAssign: ["sales", "empty-group"],
      groupsToRemove: ["analysts"],
    });
    expect(res).toEqual({ status: 200, body: { message: "Groups of bob updated." } });
    expect((await list("searchQuery=bob")).body.items[0].groups).toEqual(["empty-group", "sales"]);
    const events = await t.testDb.db.query<{ operation_type: string }>(
      "SELECT operation_type FROM identity_admin_events WHERE resource_type = 'GROUP_MEMBERSHIP' AND resource_path LIKE $1 ORDER BY id",
      [`users/${ids.bob}/groups/%`],
    );
    expect(events.rows.map((r) => r.operation_type)).toEqual(["CREATE", "CREATE", "DELETE"]);
  });

  it("refuses a group change that names an unknown group, both sides, or nothing", async () => {
    const put = (body: object) => api(t.app, admin, "PUT", `/users/${ids.bob}/groups`, body);
    expect((await put({ groupsToAssign: ["ghosts"] })).body.error).toBe("Group ghosts does not exist.");
    expect((await put({ groupsToAssign: ["sales"], groupsToRemove: ["sales"] })).body.error).toBe(
      "sales cannot be both assigned and removed.",
    );
    expect((await put({})).status).toBe(400);
  });

  it("lists groups with their first members, searches and pages them", async () => {
    const res = await api(t.app, admin, "GET", "/groups?search=SAL&size=10");
    expect(res.body).toEqual({
      total: 1,
      items: [
        expect.objectContaining({ name: "sales", userCount: 3, users: ["Ann Tester", "Dina Moss", "Zed Alpha"] }),
      ],
    });
    const desc = await api(t.app, admin, "GET", "/groups?sortOrder=desc&size=2");
    expect(desc.body.items.map((g: { name: string }) => g.name)).toEqual(["sales", "empty-group"]);
    expect(desc.body.total).toBe(4);
  });

  it("creates a group, changes its members and deletes it", async () => {
    const created = await api(t.app, admin, "POST", "/groups", { name: "data eng" });
    expect(created.status).toBe(201);
    expect((await api(t.app, admin, "POST", "/groups", { name: "Data Eng" })).body.error).toBe(
      "A group named data eng already exists.",
    );
    expect((await api(t.app, admin, "POST", "/groups", { name: "bad:name" })).body.error).toMatch(/Group name must be/);
    const id = created.body.id as string;
    const put = await api(t.app, admin, "PUT", `/groups/${id}/users`, { usersToAssign: ["ANN", "bob"] });
    expect(put.body.message).toBe("Users of data eng updated.");
    expect((await api(t.app, admin, "GET", `/groups/${id}/users`)).body).toEqual(["ann", "bob"]);
    expect((await api(t.app, admin, "PUT", `/groups/${id}/users`, { usersToAssign: ["nobody"] })).body.error).toBe(
      "User nobody does not exist.",
    );
    await api(t.app, admin, "PUT", `/groups/${id}/users`, { usersToRemove: ["bob"] });
    expect((await api(t.app, admin, "GET", `/groups/${id}/users`)).body).toEqual(["ann"]);
    expect((await api(t.app, admin, "DELETE", `/groups/${id}`)).body.message).toBe("Group data eng deleted.");
    expect((await api(t.app, admin, "GET", `/groups/${id}/users`)).status).toBe(404);
    expect((await list("searchQuery=ann")).body.items[0].groups).not.toContain("data eng");
  });

  it("keeps the administrators' group", async () => {
    const { rows } = await t.testDb.db.query<{ id: string }>("SELECT id FROM groups WHERE name = 'console-admins'");
    const res = await api(t.app, admin, "DELETE", `/groups/${rows[0]!.id}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/console-admins group cannot be deleted/);
  });

  it("resets a password to a temporary one and unlocks the user", async () => {
    await t.testDb.db.query("UPDATE users SET failed_logins = 3 WHERE username = 'bob'");
    const weak = await api(t.app, admin, "POST", `/users/${ids.bob}/reset-password`, { password: "bob-password-1" });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe("Password must not contain the username.");
    const res = await api(t.app, admin, "POST", `/users/${ids.bob}/reset-password`, { password: "Fresh-Temp-Pass-9" });
    expect(res.body.message).toMatch(/Temporary password set for bob/);
    expect((await signIn(t.app, "bob", USER_PASSWORD)).ok).toBe(false);
    const again = await signIn(t.app, "bob", "Fresh-Temp-Pass-9");
    expect(again.page).toContain("<h1>Set a new password</h1>");
    const row = (
      await t.testDb.db.query<{ failed_logins: number }>("SELECT failed_logins FROM users WHERE username = 'bob'")
    ).rows[0]!;
    expect(row.failed_logins).toBe(0);
  });

  it("keeps the identity admin events append-only", async () => {
    await expect(t.testDb.db.query("DELETE FROM identity_admin_events")).rejects.toThrow(/append-only/);
  });
});

describe("users with an external identity provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp("pglite", { OIDC_ISSUER: "https://keycloak.test/realms/platform" });
    // Keycloak's tokens are not available here: the signed-in administrator is stood in for.
    t.services.auth.authenticate = async () => ({
      userId: null,
      username: "kc-admin",
      name: "Keycloak Admin",
      email: "",
      groups: ["console-admins"],
      token: "stand-in",
      expiresAt: Date.now() + 60_000,
    });
  });
  afterAll(() => t.close());

  it("leaves accounts and passwords to the identity provider", async () => {
    const created = await api(t.app, "stand-in", "POST", "/users", {
      username: "kim",
      firstName: "Kim",
      password: "Temp-Password-42",
    });
    expect(created.status).toBe(400);
    expect(created.body.error).toBe(
      "People sign in through https://keycloak.test/realms/platform; add users and set passwords there (or sync them from LDAP).",
    );
    const admin = (await t.testDb.db.query<{ id: string }>("SELECT id FROM users WHERE username = 'admin'")).rows[0]!;
    const reset = await api(t.app, "stand-in", "POST", `/users/${admin.id}/reset-password`, {
      password: "Temp-Password-42",
    });
    expect(reset.status).toBe(400);
    expect((await api(t.app, "stand-in", "GET", "/sync/status")).body.localAccounts).toBe(false);
    // Groups and memberships are still the console's to manage.
    expect((await api(t.app, "stand-in", "POST", "/groups", { name: "kc-team" })).status).toBe(201);
  });
});
