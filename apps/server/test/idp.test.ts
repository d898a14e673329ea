import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer, signIn } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser, USER_PASSWORD } from "./support/seed.js";
import { api } from "./support/users.js";

describe.each(DB_KINDS)("embedded sign-in (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp(kind, { LOGIN_MAX_FAILURES: "3" });
  });
  afterAll(() => t.close());

  it("serves the provider's discovery document under /oidc", async () => {
    const res = await t.app.inject({ method: "GET", url: "/oidc/.well-known/openid-configuration" });
    expect(res.statusCode).toBe(200);
    expect(res.json().issuer).toBe("http://console.test/oidc");
    expect(res.json().code_challenge_methods_supported).toEqual(["S256"]);
  });

  it("shows a login page with Username, Password and Sign in", async () => {
    const auth = await t.app.inject({
      method: "GET",
      url: "/oidc/auth?client_id=platform-console&response_type=code&redirect_uri=http%3A%2F%2Fconsole.test%2Flogin%2Fcallback&scope=openid&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256",
    });
    expect(auth.statusCode).toBe(303);
    const cookie = (auth.headers["set-cookie"] as string[]).map((c) => c.split(";")[0]).join("; ");
    const page = await t.app.inject({ method: "GET", url: auth.headers.location as string, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="username">Username</label>');
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).toContain(">Sign in</button>");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
  });

  it("signs the admin in and the token opens the API", async () => {
    const r = await signIn(t.app, "admin", ADMIN_PASSWORD);
    expect(r.ok).toBe(true);
    const me = await t.app.inject({
      method: "GET",
      url: "/admin-api/api/v1/me",
      headers: bearer(r.tokens!.access_token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: "admin", groups: ["console-admins"] });
    expect(r.tokens!.refresh_token).toBeTruthy();
  });

  it("records sign-ins and failed sign-ins as login events", async () => {
    await seedUser(t.testDb.db, "eve");
    await signIn(t.app, "eve", "wrong-password-1");
    await signIn(t.app, "eve", USER_PASSWORD);
    const { rows } = await t.testDb.db.query<{ type: string; error: string | null; client_id: string }>(
      "SELECT type, error, client_id FROM login_events WHERE username = 'eve' ORDER BY id",
    );
    expect(rows).toEqual([
      { type: "LOGIN_ERROR", error: "invalid_user_credentials", client_id: "platform-console" },
      { type: "LOGIN", error: null, client_id: "platform-console" },
    ]);
  });

  it("has the sign-out in the login events before it answers the sign-out", async () => {
    await seedUser(t.testDb.db, "lou");
    const r = await signIn(t.app, "lou", USER_PASSWORD);
    const ask = await t.app.inject({
      method: "GET",
      url: `/oidc/session/end?${new URLSearchParams({ id_token_hint: r.tokens!.id_token, client_id: "platform-console" })}`,
      headers: { cookie: r.cookie! },
    });
    expect(ask.statusCode).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(ask.body)?.[1];
    expect(xsrf).toBeTruthy();
    const confirm = await t.app.inject({
      method: "POST",
      url: "/oidc/session/end/confirm",
      headers: { cookie: r.cookie!, "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ xsrf: xsrf!, logout: "yes" }).toString(),
    });
    expect(confirm.statusCode).toBe(303);
    const { rows } = await t.testDb.db.query<{ type: string }>(
      "SELECT type FROM login_events WHERE username = 'lou' ORDER BY id",
    );
    expect(rows.map((e) => e.type)).toEqual(["LOGIN", "LOGOUT"]);
    const done = await t.app.inject({ method: "GET", url: new URL(confirm.headers.location as string).pathname });
    expect(done.body).toContain("You have signed out.");
  });

  it("answers a wrong password with a clear message", async () => {
    await seedUser(t.testDb.db, "bob");
    const r = await signIn(t.app, "bob", "not-the-password");
    expect(r.ok).toBe(false);
    expect(r.status).toBe(401);
    expect(r.page).toContain("Invalid username or password.");
  });

  it("locks a user out after repeated failures, even with the right password", async () => {
    await seedUser(t.testDb.db, "mallory");
    for (let i = 0; i < 3; i++) expect((await signIn(t.app, "mallory", `guess-${i}`)).status).toBe(401);
    const locked = await signIn(t.app, "mallory", USER_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.page).toContain("Too many failed sign-in attempts");
  });

  it("slows guessing of names that do not exist the same way", async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(t.app, "nobody", `guess-${i}`)).status).toBe(401);
    expect((await signIn(t.app, "nobody", "guess-x")).status).toBe(429);
  });

  it("refuses a disabled user", async () => {
    await seedUser(t.testDb.db, "dora", { enabled: false });
    const r = await signIn(t.app, "dora", USER_PASSWORD);
    expect(r.status).toBe(403);
    expect(r.page).toContain("Your account is disabled");
  });

  it("makes a user with a temporary password choose a new one first", async () => {
    await seedUser(t.testDb.db, "tim", { mustChange: true });
    const r = await signIn(t.app, "tim", USER_PASSWORD);
    expect(r.ok).toBe(false);
    expect(r.status).toBe(200);
    expect(r.page).toContain("Set a new password");
  });

  it("refuses the temporary password as the new one, and the current one at a reset", async () => {
    const admin = await adminToken(t.app);
    const id = await seedUser(t.testDb.db, "tia");
    const TEMPORARY = "Chosen-By-Admin-42";
    const reset = (password: string) => api(t.app, admin, "POST", `/users/${id}/reset-password`, { password });
    expect((await reset(TEMPORARY)).status).toBe(200);
    // A second reset to the password the user has now changes nothing: refused, naming the field.
    const same = await reset(TEMPORARY);
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({
      error: "The new password must differ from the current password of tia.",
      field: "body.password",
    });

    const change = await signIn(t.app, "tia", TEMPORARY);
    expect(change.page).toContain("Set a new password");
    const choose = (password: string) =>
      t.app.inject({
        method: "POST",
        url: `${change.interaction}/password`,
        headers: { cookie: change.cookie!, "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ password, confirm: password }).toString(),
      });
    const kept = await choose(TEMPORARY);
    expect(kept.statusCode).toBe(400);
    expect(kept.body).toContain("Choose a new password: it must differ from the temporary one.");
    const { rows } = await t.testDb.db.query<{ password_must_change: boolean }>(
      "SELECT password_must_change FROM users WHERE id = $1",
      [id],
    );
    expect(rows[0]!.password_must_change).toBe(true);
    // Her own password is taken, and is hers from then on.
    expect((await choose("Her-Own-Secret-77")).statusCode).toBe(303);
    expect((await signIn(t.app, "tia", "Her-Own-Secret-77")).ok).toBe(true);
    expect((await signIn(t.app, "tia", TEMPORARY)).ok).toBe(false);
  });
});
