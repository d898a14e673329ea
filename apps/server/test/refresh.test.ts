import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { bearer, signIn } from "./support/auth.js";
import { seedUser, USER_PASSWORD } from "./support/seed.js";

const refresh = (t: TestApp, token: string) =>
  t.app.inject({
    method: "POST",
    url: "/oidc/token",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: token,
      client_id: "platform-console",
    }).toString(),
  });

describe("token renewal", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp("pglite");
  });
  afterAll(() => t.close());

  it("renews the access token with the refresh token, which rotates", async () => {
    await seedUser(t.testDb.db, "rita");
    const first = await signIn(t.app, "rita", USER_PASSWORD);
    const res = await refresh(t, first.tokens!.refresh_token!);
    expect(res.statusCode).toBe(200);
    const renewed = res.json();
    expect(renewed.access_token).not.toBe(first.tokens!.access_token);
    expect(renewed.refresh_token).not.toBe(first.tokens!.refresh_token);
    const me = await t.app.inject({
      method: "GET",
      url: "/admin-api/api/v1/me",
      headers: bearer(renewed.access_token),
    });
    expect(me.json().username).toBe("rita");
    // A used refresh token cannot be used again.
    expect((await refresh(t, first.tokens!.refresh_token!)).statusCode).toBe(400);
  });

  it("stops renewing for a user who was disabled", async () => {
    await seedUser(t.testDb.db, "ivan");
    const first = await signIn(t.app, "ivan", USER_PASSWORD);
    await t.testDb.db.query("UPDATE users SET enabled = false WHERE username = 'ivan'");
    const res = await refresh(t, first.tokens!.refresh_token!);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("invalid_grant");
  });
});
