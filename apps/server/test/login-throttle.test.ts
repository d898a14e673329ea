import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AddressThrottle } from "../src/idp/throttle.js";
import { ADMIN_PASSWORD, makeApp, type TestApp } from "./support/app.js";
import { signIn } from "./support/auth.js";

describe("sign-in attempts from one address across accounts (password spraying)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp("pglite", { LOGIN_MAX_IP_FAILURES: "3", LOGIN_MAX_FAILURES: "5" });
  });
  afterAll(() => t.close());

  it("refuses the address after too many failures, even with a right password", async () => {
    for (const user of ["alice", "bob", "carol"]) {
      const r = await signIn(t.app, user, "Wrong-Password-1");
      expect(r.status).toBe(401);
    }
    const refused = await signIn(t.app, "admin", ADMIN_PASSWORD);
    expect(refused.ok).toBe(false);
    expect(refused.status).toBe(429);
    expect(refused.page).toContain("Too many failed sign-in attempts from this address");
    expect(refused.page).not.toContain(ADMIN_PASSWORD);
  });
});

describe("the address throttle", () => {
  it("counts each address apart, delays more past half the allowance, and forgets after the lock", () => {
    let now = 1_000_000;
    const throttle = new AddressThrottle(6, 60_000, 600, 15 * 60_000, () => now);
    const delays = [1, 2, 3, 4, 5].map(() => throttle.fail("10.0.0.1"));
    expect(delays).toEqual([600, 600, 600, 1200, 2400]);
    expect(throttle.blockedFor("10.0.0.1")).toBe(0);
    throttle.fail("10.0.0.1");
    expect(throttle.blockedFor("10.0.0.1")).toBe(60_000);
    expect(throttle.blockedFor("10.0.0.2")).toBe(0);
    now += 60_001;
    expect(throttle.blockedFor("10.0.0.1")).toBe(0);
    throttle.succeed("10.0.0.1");
    expect(throttle.fail("10.0.0.1")).toBe(600);
  });
});
