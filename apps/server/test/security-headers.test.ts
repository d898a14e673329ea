import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, PUBLIC_URL, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";

describe("security headers", () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-web-"));
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Console</title>");
    t = await makeApp("pglite", {}, { webDir });
  });
  afterAll(() => t.close());

  it("lets the web app's pages be framed only by the console and load only its own scripts", async () => {
    const page = await t.app.inject({ method: "GET", url: "/home" });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    // Plain http (this test's address): no HSTS.
    expect(page.headers["strict-transport-security"]).toBeUndefined();
  });

  it("gives API answers a policy that allows nothing and no content sniffing", async () => {
    const token = await adminToken(t.app);
    for (const headers of [bearer(token), {}]) {
      const res = await t.app.inject({ method: "GET", url: "/admin-api/api/v1/users", headers });
      expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("same-origin");
    }
  });

  it("keeps the sign-in page's own policy with its nonce", async () => {
    const auth = await t.app.inject({
      method: "GET",
      url: `/oidc/auth?client_id=platform-console&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(`${PUBLIC_URL}/login/callback`)}&code_challenge=${"a".repeat(43)}&code_challenge_method=S256`,
    });
    const interaction = new URL(String(auth.headers.location), PUBLIC_URL);
    const page = await t.app.inject({
      method: "GET",
      url: interaction.pathname,
      headers: {
        cookie: [auth.headers["set-cookie"]]
          .flat()
          .map((c) => String(c).split(";")[0])
          .join("; "),
      },
    });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers["content-security-policy"])).toMatch(/script-src 'nonce-[^']+'.*frame-ancestors 'self'/);
  });
});

describe("the sign-in service never puts a token in a URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp("pglite");
  });
  afterAll(() => t.close());

  const authorize = (extra: Record<string, string>) =>
    t.app.inject({
      method: "GET",
      url: `/oidc/auth?${new URLSearchParams({
        client_id: "platform-console",
        redirect_uri: `${PUBLIC_URL}/login/callback`,
        scope: "openid",
        state: "s",
        nonce: "n",
        ...extra,
      })}`,
    });

  it.each([
    ["the implicit flow", { response_type: "token", code_challenge: "a".repeat(43), code_challenge_method: "S256" }],
    ["an ID token in the fragment", { response_type: "id_token token" }],
    ["a code without PKCE", { response_type: "code" }],
  ])("refuses %s", async (_what, extra) => {
    const res = await authorize(extra);
    const location = String(res.headers.location ?? "");
    expect(location).not.toMatch(/access_token|id_token=/);
    if (res.statusCode === 303) {
      expect(location).toMatch(/error=(unsupported_response_type|invalid_request|unauthorized_client)/);
      expect(location).not.toContain("/interaction/");
    } else expect(res.statusCode).toBe(400);
  });
});

describe("security headers behind an https address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp("pglite", { PUBLIC_URL: "https://console.example.com", TRUST_PROXY: "1" });
  });
  afterAll(() => t.close());

  it("tells browsers to use https only", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000");
  });
});
