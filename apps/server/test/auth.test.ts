import type { webcrypto } from "node:crypto";
import { generateKeyPair, importJWK, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Authenticator } from "../src/platform/auth.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";

const ISSUER = "http://console.test/oidc";
const AUDIENCE = "http://console.test/admin-api";

describe("bearer tokens", () => {
  let t: TestApp;
  let signingKey: webcrypto.CryptoKey;
  let kid: string;
  beforeAll(async () => {
    t = await makeApp("pglite");
    const jwk = t.services.idp!.keys.jwks.keys[0] as JWK;
    kid = jwk.kid!;
    signingKey = (await importJWK(jwk, "RS256")) as webcrypto.CryptoKey;
  });
  afterAll(() => t.close());

  const mint = (
    claims: Record<string, unknown>,
    opts: { key?: webcrypto.CryptoKey; exp?: number; iss?: string; aud?: string } = {},
  ) =>
    new SignJWT({ preferred_username: "admin", ...claims })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(opts.iss ?? ISSUER)
      .setAudience(opts.aud ?? AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 300)
      .sign(opts.key ?? signingKey);

  const menu = (headers: Record<string, string>) =>
    t.app.inject({ method: "GET", url: "/admin-api/api/v1/menu", headers });

  it("accepts a token the provider issued", async () => {
    expect((await menu(bearer(await adminToken(t.app)))).statusCode).toBe(200);
  });

  it("accepts a token signed with the provider's key for this API", async () => {
    expect((await menu(bearer(await mint({})))).statusCode).toBe(200);
  });

  it("refuses a request without a token", async () => {
    const res = await menu({});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Sign-in required.", error_description: "missing bearer token" });
    expect(res.headers["www-authenticate"]).toContain("Bearer");
  });

  it("refuses an expired token", async () => {
    const res = await menu(bearer(await mint({}, { exp: Math.floor(Date.now() / 1000) - 60 })));
    expect(res.statusCode).toBe(401);
    expect(res.json().error_description).toBe("token expired");
  });

  it("refuses a tampered token", async () => {
    const [h, p, s] = (await adminToken(t.app)).split(".");
    const payload = JSON.parse(Buffer.from(p!, "base64url").toString());
    payload.preferred_username = "someone-else";
    const forged = [h, Buffer.from(JSON.stringify(payload)).toString("base64url"), s].join(".");
    const res = await menu(bearer(forged));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: "Invalid access token." });
  });

  it("refuses a token signed by another key", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const res = await menu(bearer(await mint({}, { key: privateKey as webcrypto.CryptoKey })));
    expect(res.statusCode).toBe(401);
  });

  it("refuses a token from another issuer or for another audience", async () => {
    expect((await menu(bearer(await mint({}, { iss: "http://evil.test/oidc" })))).statusCode).toBe(401);
    const res = await menu(bearer(await mint({}, { aud: "some-other-api" })));
    expect(res.statusCode).toBe(401);
    expect(res.json().error_description).toContain("aud");
  });

  it("refuses garbage in the header", async () => {
    expect((await menu({ authorization: "Bearer not-a-jwt" })).statusCode).toBe(401);
    expect((await menu({ authorization: "Basic YWRtaW46YWRtaW4=" })).statusCode).toBe(401);
  });

  it("refuses the next call of a user who was disabled", async () => {
    const token = await adminToken(t.app);
    await t.testDb.db.query("UPDATE users SET enabled = false WHERE username = 'admin'");
    await t.services.bus.publish("users");
    const res = await menu(bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toContain("disabled");
    await t.testDb.db.query("UPDATE users SET enabled = true WHERE username = 'admin'");
    await t.services.bus.publish("users");
  });

  it("checks a new token's signature once when many calls bring it at once, and a refused one again", async () => {
    // verifySignature is private: spied through the prototype the app's instance calls.
    const check = vi.spyOn(Authenticator.prototype as unknown as { verifySignature: () => unknown }, "verifySignature");
    try {
      const token = await mint({ jti: "many-at-once" });
      const answers = await Promise.all(Array.from({ length: 30 }, () => menu(bearer(token))));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
      expect(check).toHaveBeenCalledTimes(1);

      check.mockClear();
      const [h, p] = token.split(".");
      const forged = `${h}.${p}.${Buffer.from("not the signature").toString("base64url")}`;
      const refused = await Promise.all(Array.from({ length: 5 }, () => menu(bearer(forged))));
      expect(refused.map((r) => r.statusCode)).toEqual(Array(5).fill(401));
      expect(check).toHaveBeenCalledTimes(1);
      // A refusal is not remembered as an answer: the next call checks again.
      expect((await menu(bearer(forged))).statusCode).toBe(401);
      expect(check).toHaveBeenCalledTimes(2);
    } finally {
      check.mockRestore();
    }
  });
});
