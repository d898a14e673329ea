import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endSessions } from "../src/platform/sessions.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, signIn, type SignInResult } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { meStatus, refresh, revoke, signOut } from "./support/sessions.js";
import { api } from "./support/users.js";

const form = { "content-type": "application/x-www-form-urlencoded" };

describe.each(DB_KINDS)("what ends a session (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeApp(kind);
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  /** A user with one menu, signed in, whose tokens work before the test ends them. */
  async function signedIn(username: string, menus = ["audits"]): Promise<SignInResult & { id: string }> {
    const id = await seedUser(t.testDb.db, username);
    await assignMenus(t.testDb.db, username, menus);
    const r = await signIn(t.app, username, USER_PASSWORD);
    expect(r.ok).toBe(true);
    expect(await meStatus(t.app, r.tokens!.access_token)).toBe(200);
    return { ...r, id };
  }

  async function expectEnded(r: SignInResult) {
    expect(await meStatus(t.app, r.tokens!.access_token)).toBe(401);
    const renewed = await refresh(t.app, r.tokens!.refresh_token!);
    expect(renewed.statusCode).toBe(400);
    expect(renewed.json().error).toBe("invalid_grant");
  }

  it("signing out ends the access token and the refresh token at once, and a new sign-in works", async () => {
    const r = await signedIn("sol");
    const other = await signIn(t.app, "sol", USER_PASSWORD);
    await signOut(t.app, r);
    await expectEnded(r);
    // Every session of the user ends, not only the one that signed out.
    await expectEnded(other);
    const again = await signIn(t.app, "sol", USER_PASSWORD);
    expect(await meStatus(t.app, again.tokens!.access_token)).toBe(200);
    expect((await refresh(t.app, again.tokens!.refresh_token!)).statusCode).toBe(200);
  });

  it("an authorization code redeemed twice ends the tokens its first redemption gave, and only those", async () => {
    const r = await signedIn("cody");
    const otherSession = await signIn(t.app, "cody", USER_PASSWORD);
    const again = await r.redeemCodeAgain!();
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("invalid_grant");
    await expectEnded(r);
    // The grant was stolen, not the account: the user's other sign-in goes on.
    expect(await meStatus(t.app, otherSession.tokens!.access_token)).toBe(200);
  });

  it("a used refresh token that comes back ends every token of its grant", async () => {
    const r = await signedIn("rory");
    const renewed = await refresh(t.app, r.tokens!.refresh_token!);
    expect(renewed.statusCode).toBe(200);
    const next = renewed.json() as { access_token: string; refresh_token: string };
    expect(await meStatus(t.app, next.access_token)).toBe(200);
    // The old refresh token, used once already, comes back: whoever holds either is not trusted.
    const replayed = await refresh(t.app, r.tokens!.refresh_token!);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toBe("invalid_grant");
    expect(await meStatus(t.app, r.tokens!.access_token)).toBe(401);
    expect(await meStatus(t.app, next.access_token)).toBe(401);
    expect((await refresh(t.app, next.refresh_token)).statusCode).toBe(400);
  });

  it("a password reset by an administrator ends the old access and refresh tokens", async () => {
    const r = await signedIn("rex");
    const res = await api(t.app, admin, "POST", `/users/${r.id}/reset-password`, { password: "Fresh-Temp-Pass-77" });
    expect(res.status).toBe(200);
    await expectEnded(r);
  });

  it("the user's own password change on the sign-in page ends the sessions from before it", async () => {
    const r = await signedIn("pam");
    await t.testDb.db.query("UPDATE users SET password_must_change = true WHERE id = $1", [r.id]);
    const change = await signIn(t.app, "pam", USER_PASSWORD);
    expect(change.page).toContain("Set a new password");
    const done = await t.app.inject({
      method: "POST",
      url: `${change.interaction}/password`,
      headers: { cookie: change.cookie!, ...form },
      payload: new URLSearchParams({ password: "Chosen-Secret-31", confirm: "Chosen-Secret-31" }).toString(),
    });
    expect(done.statusCode).toBe(303);
    await expectEnded(r);
    const fresh = await signIn(t.app, "pam", "Chosen-Secret-31");
    expect(await meStatus(t.app, fresh.tokens!.access_token)).toBe(200);
  });

  it("a disable ends them, and enabling the user again does not bring them back", async () => {
    const r = await signedIn("dax");
    expect((await api(t.app, admin, "PUT", `/users/${r.id}/status`, { enabled: false })).status).toBe(200);
    await expectEnded(r);
    expect((await api(t.app, admin, "PUT", `/users/${r.id}/status`, { enabled: true })).status).toBe(200);
    await expectEnded(r);
  });

  it("taking the user's last menu ends them; taking one of two does not", async () => {
    const keep = await signedIn("kim", ["audits", "insights"]);
    const lose = await signedIn("lea", ["audits"]);
    const { rows } = await t.testDb.db.query<{ id: number }>(
      "SELECT id FROM menu_permissions WHERE menu_key = 'audits'",
    );
    const menuId = rows[0]!.id;
    const res = await api(t.app, admin, "PUT", `/menu/${menuId}`, { usersToAssign: [] });
    expect(res.status).toBe(200);
    await expectEnded(lose);
    expect(await meStatus(t.app, keep.tokens!.access_token)).toBe(200);
    expect((await refresh(t.app, keep.tokens!.refresh_token!)).statusCode).toBe(200);
  });

  it("leaving the group that gave the user's only menu ends them", async () => {
    const id = await seedUser(t.testDb.db, "gil", { groups: ["gil-team"] });
    const { rows } = await t.testDb.db.query<{ id: number }>(
      "SELECT id FROM menu_permissions WHERE menu_key = 'client-configuration'",
    );
    expect(
      (await api(t.app, admin, "PUT", `/menu/${rows[0]!.id}`, { groupsToAssign: ["console-admins", "gil-team"] }))
        .status,
    ).toBe(200);
    const r = await signIn(t.app, "gil", USER_PASSWORD);
    expect(await meStatus(t.app, r.tokens!.access_token)).toBe(200);
    const change = { groupsToAssign: [], groupsToRemove: ["gil-team"] };
    expect((await api(t.app, admin, "PUT", `/users/${id}/groups`, change)).status).toBe(200);
    await expectEnded(r);
  });

  it("a revoked access token is refused, with its grant's refresh token", async () => {
    const r = await signedIn("ray");
    const other = await signIn(t.app, "ray", USER_PASSWORD);
    const res = await revoke(t.app, r.tokens!.access_token, "access_token");
    expect(res.statusCode).toBe(200);
    await expectEnded(r);
    // Another sign-in of the same user is another grant: it goes on.
    expect(await meStatus(t.app, other.tokens!.access_token)).toBe(200);
  });

  it("a revoked refresh token is refused, with the access tokens of its grant", async () => {
    const r = await signedIn("rob");
    const res = await revoke(t.app, r.tokens!.refresh_token!, "refresh_token");
    expect(res.statusCode).toBe(200);
    await expectEnded(r);
  });

  it("sessions ended by another replica's write are refused once the per-user check lapses", async () => {
    const quick = await makeApp(kind, { SESSION_CHECK_SECONDS: "1" });
    try {
      const id = await seedUser(quick.testDb.db, "vic");
      await assignMenus(quick.testDb.db, "vic", ["audits"]);
      const r = await signIn(quick.app, "vic", USER_PASSWORD);
      expect(await meStatus(quick.app, r.tokens!.access_token)).toBe(200);
      // Written straight to the database, as a replica whose message never arrived would.
      await quick.testDb.db.tx((q) => endSessions(q, [id]));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await meStatus(quick.app, r.tokens!.access_token)).toBe(401);
    } finally {
      await quick.close();
    }
    // It starts a console of its own, which takes a while on a busy machine.
  }, 240_000);
});
