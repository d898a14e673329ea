import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";

const PUBLIC = "https://console.example.com";
const DISCOVERY = "/oidc/.well-known/openid-configuration";

describe("the provider behind a trusted proxy answers for PUBLIC_URL only", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp("pglite", { PUBLIC_URL: PUBLIC, TRUST_PROXY: "1" });
  });
  afterAll(() => t.close());

  const discovery = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: DISCOVERY, headers });

  it.each([
    ["a forged Host", { host: "evil.example" }],
    ["a forged X-Forwarded-Host", { host: "console.example.com", "x-forwarded-host": "evil.example" }],
    [
      "a forged scheme and host",
      { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
    ],
  ])("builds every endpoint from PUBLIC_URL despite %s", async (_what, headers) => {
    const res = await discovery(headers);
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Record<string, unknown>;
    expect(doc.issuer).toBe(`${PUBLIC}/oidc`);
    const urls = Object.entries(doc).filter(
      ([k, v]) => k.endsWith("_endpoint") || k === "jwks_uri" || (typeof v === "string" && v.startsWith("http")),
    );
    expect(urls.length).toBeGreaterThanOrEqual(5);
    for (const [key, url] of urls) expect(`${key}: ${String(url)}`).toMatch(new RegExp(`^${key}: ${PUBLIC}/oidc(/|$)`));
    expect(res.body).not.toContain("evil.example");
  });

  it("redirects a sign-in to the public address despite a forged X-Forwarded-Host", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/oidc/auth?${new URLSearchParams({
        client_id: "platform-console",
        response_type: "code",
        redirect_uri: `${PUBLIC}/login/callback`,
        scope: "openid",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      })}`,
      headers: { host: "console.example.com", "x-forwarded-host": "evil.example" },
    });
    expect(res.statusCode).toBe(303);
    expect(new URL(res.headers.location as string, PUBLIC).origin).toBe(PUBLIC);
  });

  it.each([DISCOVERY, "/oidc/jwks"])(
    "answers %s with the console's security headers and a cache lifetime",
    async (url) => {
      const res = await t.app.inject({ method: "GET", url, headers: { host: "console.example.com" } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["referrer-policy"]).toBe("same-origin");
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(res.headers["cache-control"]).toMatch(/max-age=[1-9]\d*/);
    },
  );

  it("allows cross-origin calls from the console's own origin only", async () => {
    const own = await discovery({ origin: PUBLIC });
    expect(own.headers["access-control-allow-origin"]).toBe(PUBLIC);
    const foreign = await discovery({ origin: "https://evil.example" });
    expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/oidc/token",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    expect(preflight.statusCode).toBe(403);
    const token = await t.app.inject({
      method: "POST",
      url: "/oidc/token",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      payload: "grant_type=refresh_token&refresh_token=x&client_id=platform-console",
    });
    expect(token.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
