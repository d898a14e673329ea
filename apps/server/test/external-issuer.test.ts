import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type BuiltApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openPglite } from "../src/platform/db/pglite.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer, signIn } from "./support/auth.js";

/**
 * The console against an external OpenID Connect issuer, by configuration alone: a second
 * console plays the issuer (as Keycloak would), reached over HTTP for discovery and keys.
 */
describe("an external issuer", () => {
  let issuer: TestApp;
  let issuerUrl: string;
  let consoleApp: BuiltApp;
  beforeAll(async () => {
    issuer = await makeApp("pglite");
    await issuer.app.listen({ port: 0, host: "127.0.0.1" });
    issuerUrl = `http://127.0.0.1:${(issuer.app.server.address() as AddressInfo).port}`;
    const config = loadConfig({
      PUBLIC_URL: "http://console-b.test",
      // The issuer's identifier is its configured public URL; its documents are served on the port above.
      OIDC_ISSUER: "http://console.test/oidc",
      OIDC_AUDIENCE: "http://console.test/admin-api",
      ADMIN_PASSWORD: "Another-Admin-Pass-1",
      LOG_LEVEL: "silent",
    });
    consoleApp = await buildApp(config, { db: await openPglite(null), logger: false, webDir: "/nonexistent" });
    await consoleApp.app.ready();
  });
  afterAll(async () => {
    await consoleApp.app.close();
    await consoleApp.services.db.close();
    await issuer.close();
  });

  it("does not mount its own sign-in service", async () => {
    expect(
      (await consoleApp.app.inject({ method: "GET", url: "/oidc/.well-known/openid-configuration" })).statusCode,
    ).toBe(404);
    expect((await consoleApp.app.inject({ method: "GET", url: "/api/config" })).json().oidc.authority).toBe(
      "http://console.test/oidc",
    );
  });

  it("answers 503 while the issuer cannot be reached", async () => {
    const res = await consoleApp.app.inject({
      method: "GET",
      url: "/admin-api/api/v1/me",
      headers: bearer(await adminToken(issuer.app)),
    });
    // console.test does not resolve: discovery fails, and the console says which system failed.
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toContain("identity provider");
  });

  it("accepts the issuer's tokens once discovery works, and refuses others", async () => {
    // Point discovery at the running issuer (as DNS would for a real Keycloak).
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) =>
      realFetch(
        String(input instanceof Request ? input.url : input).replace("http://console.test", issuerUrl),
        init,
      )) as typeof fetch;
    try {
      const r = await signIn(issuer.app, "admin", "Admin-Test-Pass-1");
      const me = await consoleApp.app.inject({
        method: "GET",
        url: "/admin-api/api/v1/me",
        headers: bearer(r.tokens!.access_token),
      });
      expect(me.statusCode).toBe(200);
      // The issuer's admin is the console's admin too: same username, the console's own groups.
      expect(me.json()).toMatchObject({ username: "admin", groups: ["console-admins"] });
      const forged = r.tokens!.access_token.slice(0, -4) + "AAAA";
      expect(
        (await consoleApp.app.inject({ method: "GET", url: "/admin-api/api/v1/me", headers: bearer(forged) }))
          .statusCode,
      ).toBe(401);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
