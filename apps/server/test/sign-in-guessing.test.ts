import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeFlow } from "../../../scripts/lib/sign-in.mjs";
import { ADMIN_PASSWORD, makeApp, PUBLIC_URL, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser, USER_PASSWORD } from "./support/seed.js";
import { api } from "./support/users.js";

/**
 * The login form posted from a given client address (the app trusts the proxy here, so the
 * address comes from X-Forwarded-For as a load balancer would send it).
 */
async function tryPassword(app: FastifyInstance, ip: string, username: string, password: string) {
  const headers = { "x-forwarded-for": ip };
  const flow = codeFlow(PUBLIC_URL, { state: "s" });
  const auth = await app.inject({ method: "GET", url: `/oidc/auth?${flow.authorize}`, headers });
  const cookie = ([] as string[])
    .concat(auth.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0])
    .join("; ");
  const interaction = new URL(auth.headers.location as string, PUBLIC_URL).pathname;
  const login = await app.inject({
    method: "POST",
    url: `${interaction}/login`,
    headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  const message = /role="alert">([^<]*)</.exec(login.body)?.[1] ?? null;
  return { status: login.statusCode, message };
}

describe.each(DB_KINDS)("guessing passwords (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp(kind, { TRUST_PROXY: "1", LOGIN_MAX_FAILURES: "3" });
  });
  afterAll(() => t.close());

  it("cannot lock the administrator out of another address", async () => {
    for (let i = 0; i < 3; i++)
      expect((await tryPassword(t.app, "203.0.113.66", "admin", `Guess-${i}-x`)).status).toBe(401);
    // The guessing address is locked for that name, even with the right password...
    expect((await tryPassword(t.app, "203.0.113.66", "admin", ADMIN_PASSWORD)).status).toBe(429);
    // ...while the administrator, from an address that has not failed, signs in.
    expect((await tryPassword(t.app, "198.51.100.10", "admin", ADMIN_PASSWORD)).status).toBe(303);
  });

  it("counts a client under the address the proxy saw, not one it put first in X-Forwarded-For", async () => {
    for (let i = 0; i < 3; i++)
      expect((await tryPassword(t.app, "203.0.113.7", "admin", `Guess-${i}-y`)).status).toBe(401);
    // What an appending proxy forwards when the locked client forged the first entry.
    const forged = await tryPassword(t.app, "198.51.100.9, 203.0.113.7", "admin", ADMIN_PASSWORD);
    expect(forged.status).toBe(429);
    expect(forged.message).toMatch(/Too many failed sign-in attempts/);
    const { rows } = await t.testDb.db.query<{ ip_address: string }>(
      "SELECT ip_address FROM login_events WHERE username = 'admin' AND type = 'LOGIN_ERROR' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]?.ip_address).toBe("203.0.113.7");
  });

  it("answers a disabled account's wrong password exactly as any wrong password", async () => {
    await seedUser(t.testDb.db, "dee", { enabled: false });
    await seedUser(t.testDb.db, "eli");
    const disabled = await tryPassword(t.app, "192.0.2.21", "dee", "Not-Her-Pass-1");
    const enabled = await tryPassword(t.app, "192.0.2.21", "eli", "Not-His-Pass-1");
    expect(disabled).toEqual(enabled);
    expect(disabled).toEqual({ status: 401, message: "Invalid username or password." });
    // Only the right password learns that the account is disabled.
    expect((await tryPassword(t.app, "192.0.2.21", "dee", USER_PASSWORD)).status).toBe(403);
  });

  it("refuses a common password for a new or reset password, naming the field", async () => {
    const admin = await adminToken(t.app);
    const id = await seedUser(t.testDb.db, "fay");
    for (const password of ["Qwerty123456", "Password123!"]) {
      const reset = await api(t.app, admin, "POST", `/users/${id}/reset-password`, { password });
      expect(reset.status).toBe(400);
      expect(reset.body).toMatchObject({ field: "body.password" });
      expect(reset.body.error).toMatch(/too common/);
    }
    const created = await api(t.app, admin, "POST", "/users", {
      username: "gus",
      firstName: "Gus",
      lastName: "Tester",
      email: "gus@example.com",
      password: "Football1234",
      groups: [],
    });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatch(/too common/);
  });
});

describe.each(DB_KINDS)("guessing from one address across accounts, behind a proxy named by address (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The requests reach the app from 127.0.0.1: the proxy, trusted by its address.
    t = await makeApp(kind, { TRUST_PROXY: "127.0.0.1/32, 10.0.0.0/8", LOGIN_MAX_IP_FAILURES: "2" });
  });
  afterAll(() => t.close());

  it("keeps refusing a sprayed address whatever it writes first in X-Forwarded-For", async () => {
    expect((await tryPassword(t.app, "192.0.2.50", "nobody-a", "Spray-Pass-001")).status).toBe(401);
    expect((await tryPassword(t.app, "192.0.2.50", "nobody-b", "Spray-Pass-002")).status).toBe(401);
    expect((await tryPassword(t.app, "192.0.2.50", "admin", ADMIN_PASSWORD)).status).toBe(429);
    const forged = await tryPassword(t.app, "198.51.100.77, 192.0.2.50", "admin", ADMIN_PASSWORD);
    expect(forged.status).toBe(429);
    expect(forged.message).toMatch(/from this address/);
    // Another client behind the same proxy signs in.
    expect((await tryPassword(t.app, "192.0.2.51", "admin", ADMIN_PASSWORD)).status).toBe(303);
  });
});
