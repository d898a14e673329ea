import { createHash, randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, makeApp, type TestApp } from "./support/app.js";

const PUBLIC = "https://console.example.com";

const cookiesOf = (res: LightMyRequestResponse): string[] => {
  const raw = res.headers["set-cookie"];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
};
const cookieHeader = (lines: string[]) => lines.map((l) => l.split(";")[0]).join("; ");

/** The sign-in as a browser does it through the proxy; `headers` are what the proxy adds. */
async function signInThroughProxy(t: TestApp, headers: Record<string, string>) {
  const verifier = randomBytes(32).toString("base64url");
  const auth = await t.app.inject({
    method: "GET",
    url: `/oidc/auth?${new URLSearchParams({
      client_id: "platform-console",
      response_type: "code",
      redirect_uri: `${PUBLIC}/login/callback`,
      scope: "openid profile email",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      state: "s1",
    })}`,
    headers,
  });
  const jar = cookiesOf(auth);
  const interaction = new URL(auth.headers.location as string, PUBLIC);
  const login = await t.app.inject({
    method: "POST",
    url: `${interaction.pathname}/login`,
    headers: { ...headers, cookie: cookieHeader(jar), "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ username: "admin", password: ADMIN_PASSWORD }).toString(),
  });
  jar.push(...cookiesOf(login));
  const resumeUrl = new URL(login.headers.location as string);
  const resume = await t.app.inject({
    method: "GET",
    url: resumeUrl.pathname + resumeUrl.search,
    headers: { ...headers, cookie: cookieHeader(jar) },
  });
  jar.push(...cookiesOf(resume));
  return { auth, login, resume, cookies: jar };
}

describe("behind a TLS-terminating proxy that is trusted (TRUST_PROXY=1, one hop)", () => {
  let t: TestApp;
  const proxied = { host: "console.example.com", "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7" };
  beforeAll(async () => {
    t = await makeApp("pglite", { PUBLIC_URL: PUBLIC, TRUST_PROXY: "1" });
  });
  afterAll(() => t.close());

  it("publishes the https issuer and https endpoints in the discovery document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/oidc/.well-known/openid-configuration", headers: proxied });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe(`${PUBLIC}/oidc`);
    expect(doc.authorization_endpoint).toBe(`${PUBLIC}/oidc/auth`);
    expect(doc.token_endpoint).toBe(`${PUBLIC}/oidc/token`);
    expect(doc.jwks_uri).toBe(`${PUBLIC}/oidc/jwks`);
  });

  it("redirects to https addresses and sets only Secure cookies through the whole sign-in", async () => {
    const flow = await signInThroughProxy(t, proxied);
    expect(flow.auth.statusCode).toBe(303);
    expect(flow.login.statusCode).toBe(303);
    expect(flow.login.headers.location).toMatch(/^https:\/\/console\.example\.com\/oidc\/auth\//);
    expect(flow.resume.statusCode).toBe(303);
    const callback = new URL(flow.resume.headers.location as string);
    expect(callback.origin).toBe(PUBLIC);
    expect(callback.pathname).toBe("/login/callback");
    expect(callback.searchParams.get("code")).toBeTruthy();
    expect(flow.cookies.length).toBeGreaterThan(0);
    for (const c of flow.cookies) expect(c.toLowerCase()).toContain("; secure");
  });

  it("records the client's address the trusted proxy forwarded", async () => {
    const { rows } = await t.testDb.db.query<{ ip_address: string }>(
      "SELECT ip_address FROM login_events WHERE username = 'admin' AND type = 'LOGIN' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]?.ip_address).toBe("203.0.113.7");
  });

  it("falls back to PUBLIC_URL's scheme when the proxy does not say", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/oidc/.well-known/openid-configuration",
      headers: { host: "console.example.com" },
    });
    expect(res.json().authorization_endpoint).toBe(`${PUBLIC}/oidc/auth`);
  });
});

describe("behind a proxy that is not trusted (TRUST_PROXY=false) with an https PUBLIC_URL", () => {
  let t: TestApp;
  const spoofed = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" };
  beforeAll(async () => {
    t = await makeApp("pglite", { PUBLIC_URL: PUBLIC });
  });
  afterAll(() => t.close());

  it("builds every provider address from PUBLIC_URL, not from the client's headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/oidc/.well-known/openid-configuration", headers: spoofed });
    expect(res.json().issuer).toBe(`${PUBLIC}/oidc`);
    expect(res.json().authorization_endpoint).toBe(`${PUBLIC}/oidc/auth`);
  });

  it("still signs in with Secure cookies and https redirects, and ignores a forged client address", async () => {
    const flow = await signInThroughProxy(t, { ...spoofed, "x-forwarded-for": "198.51.100.9" });
    expect(flow.login.statusCode).toBe(303);
    expect(flow.login.headers.location).toMatch(/^https:\/\/console\.example\.com\//);
    expect(new URL(flow.resume.headers.location as string).origin).toBe(PUBLIC);
    for (const c of flow.cookies) expect(c.toLowerCase()).toContain("; secure");
    const { rows } = await t.testDb.db.query<{ ip_address: string }>(
      "SELECT ip_address FROM login_events WHERE username = 'admin' AND type = 'LOGIN' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]?.ip_address).not.toBe("198.51.100.9");
  });
});

describe("plain http PUBLIC_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp("pglite", { PUBLIC_URL: "http://console.internal:8080" });
  });
  afterAll(() => t.close());

  it("does not mark cookies Secure", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/oidc/auth?${new URLSearchParams({
        client_id: "platform-console",
        response_type: "code",
        redirect_uri: "http://console.internal:8080/login/callback",
        scope: "openid",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      })}`,
    });
    expect(res.statusCode).toBe(303);
    const cookies = cookiesOf(res);
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c.toLowerCase()).not.toContain("; secure");
  });
});
