import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp, type BuiltApp } from "../src/app.js";
import { openPostgres } from "../src/platform/db/postgres.js";
import type { Db } from "../src/platform/db/index.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, signIn, type SignInResult } from "./support/auth.js";
import { testLogger } from "./support/log-scan.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { meStatus, refresh, signOut } from "./support/sessions.js";
import { api } from "./support/users.js";

/** The promise: a replica that did not end the session refuses its tokens within 5 s. */
const WITHIN_5_S = { timeout: 5_000, interval: 50 };

describe("a session ended on one replica, on the other", () => {
  let a: TestApp;
  let b: BuiltApp;
  let bDb: Db;
  let admin: string;
  beforeAll(async () => {
    a = await makeApp("postgres");
    // A second replica: its own memory and caches, the same database, the cache bus between them.
    bDb = await openPostgres(a.testDb.url!, 5);
    b = await buildApp(a.config, { logger: testLogger(), webDir: "/nonexistent", db: bDb });
    await b.app.ready();
    admin = await adminToken(a.app);
  });
  afterAll(async () => {
    await b?.app.close();
    await bDb?.close();
    await a?.close();
  });

  /** Signed in on A; B has already checked (and cached) the token. */
  async function signedIn(username: string): Promise<SignInResult & { id: string }> {
    const id = await seedUser(a.testDb.db, username);
    await assignMenus(a.testDb.db, username, ["audits"]);
    const r = await signIn(a.app, username, USER_PASSWORD);
    expect(await meStatus(b.app, r.tokens!.access_token)).toBe(200);
    return { ...r, id };
  }

  async function expectEndedOnB(r: SignInResult) {
    await vi.waitFor(async () => expect(await meStatus(b.app, r.tokens!.access_token)).toBe(401), WITHIN_5_S);
    expect((await refresh(b.app, r.tokens!.refresh_token!)).statusCode).toBe(400);
  }

  it("refuses the tokens of a user who signed out on A", async () => {
    const r = await signedIn("sam");
    await signOut(a.app, r);
    await expectEndedOnB(r);
  });

  it("refuses the tokens of a grant revoked on A because its code was redeemed twice", async () => {
    const r = await signedIn("cod");
    expect((await r.redeemCodeAgain!(a.app)).statusCode).toBe(400);
    await expectEndedOnB(r);
  });

  it("refuses on A the tokens of a grant revoked on B because a used refresh token came back", async () => {
    const r = await signedIn("rey");
    const renewed = await refresh(a.app, r.tokens!.refresh_token!);
    expect(renewed.statusCode).toBe(200);
    const next = renewed.json() as { access_token: string };
    expect(await meStatus(a.app, next.access_token)).toBe(200);
    expect((await refresh(b.app, r.tokens!.refresh_token!)).statusCode).toBe(400);
    await vi.waitFor(async () => expect(await meStatus(a.app, next.access_token)).toBe(401), WITHIN_5_S);
    expect(await meStatus(a.app, r.tokens!.access_token)).toBe(401);
  });

  it("refuses the tokens of a user whose password was reset on A", async () => {
    const r = await signedIn("ros");
    expect(
      (await api(a.app, admin, "POST", `/users/${r.id}/reset-password`, { password: "Reset-On-A-Pass-5" })).status,
    ).toBe(200);
    await expectEndedOnB(r);
  });
});
