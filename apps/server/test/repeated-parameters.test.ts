import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { schemasOf } from "./support/fuzz.js";

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/** Every route's query parameters, as its schema declares them: what it reads of the query. */
function queryParameters(routes: RouteOptions[]) {
  const out: Array<{ method: Method; url: string; name: string }> = [];
  for (const r of routes) {
    const shape = (schemasOf(r).query as { shape?: Record<string, unknown> } | undefined)?.shape;
    for (const method of [r.method].flat() as string[])
      if (method !== "HEAD")
        for (const name of Object.keys(shape ?? {})) out.push({ method: method as Method, url: r.url, name });
  }
  return out;
}

describe.each(DB_KINDS)("a query parameter given twice (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeApp(kind, { TRINO_RULES_TOKEN: "rules-token-of-sixteen+" });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  it("is a 400 naming it on every route that reads it, before anything else is done", async () => {
    const params = queryParameters(t.services.routes);
    // Trino's rules and group file take their token in the query; they are among them.
    expect(params).toEqual(
      expect.arrayContaining([
        { method: "GET", url: "/trino/rules.json", name: "token" },
        { method: "GET", url: "/trino/group.txt", name: "token" },
      ]),
    );
    expect(new Set(params.map((p) => `${p.method} ${p.url}`)).size).toBeGreaterThan(20);
    const answers = new Map<string, number>();
    for (const p of params) {
      // Path parameters get a plain value; the query check comes before the route's own.
      const url = `${p.url.replace(/:[A-Za-z_]+/g, "1").replace("*", "x")}?${p.name}=a&${p.name}=b`;
      const res = await t.app.inject({ method: p.method, url, headers: bearer(admin) });
      const where = `${p.method} ${url}`;
      answers.set(where, res.statusCode);
      expect(res.statusCode, where).toBe(400);
      expect(res.json(), where).toEqual({
        error: `query.${p.name}: must be given once`,
        error_description: "repeated_parameter",
        field: `query.${p.name}`,
      });
    }
    expect(answers.size).toBe(params.length);
  });

  it("is a 400 too for a name the route does not read, even one of Object.prototype's own", async () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const url = `/admin-api/api/v1/users?${name}=a&${name}=b`;
      const res = await t.app.inject({ method: "GET", url, headers: bearer(admin) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ field: `query.${name}`, error_description: "repeated_parameter" });
    }
  });

  it("answers Trino's rules URL and group file with 400 signed in or not, never hashing a list", async () => {
    for (const path of ["/trino/rules.json", "/trino/group.txt"])
      for (const token of ["a&token=b", "rules-token-of-sixteen%2B&token=rules-token-of-sixteen%2B"]) {
        const res = await t.app.inject({ method: "GET", url: `${path}?token=${token}` });
        expect(res.statusCode, `${path} ${token}`).toBe(400);
        expect(res.json()).toMatchObject({ field: "query.token", error_description: "repeated_parameter" });
      }
    // Given once, the token still opens them.
    const once = await t.app.inject({ method: "GET", url: "/trino/group.txt?token=rules-token-of-sixteen%2B" });
    expect(once.statusCode).toBe(200);
  });

  it("is refused by the sign-in service as OAuth requires (RFC 6749 §3.1)", async () => {
    const auth = await t.app.inject({
      method: "GET",
      url: "/oidc/auth?client_id=platform-console&client_id=platform-console&response_type=code&scope=openid",
    });
    expect(auth.statusCode).toBe(400);
    expect(auth.body).toContain("client_id");
    const token = await t.app.inject({
      method: "POST",
      url: "/oidc/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "grant_type=refresh_token&grant_type=refresh_token&refresh_token=x&client_id=platform-console",
    });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toMatchObject({ error: "invalid_request" });
  });
});
