import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { bearer, tokenFor } from "./support/auth.js";
import { seedUser, USER_PASSWORD } from "./support/seed.js";

/** Routes that need no sign-in, each for a stated reason. */
const PUBLIC_ROUTES: Array<[RegExp, string]> = [
  [/^\/healthz$|^\/readyz$/, "health probes"],
  [/^\/oidc(\/\*)?$/, "the sign-in service"],
  [/^\/interaction\//, "the sign-in pages"],
  [/^\/api\/config$/, "what the web app needs before sign-in"],
  [/^\/api\/openapi\.json$|^\/api\/docs/, "the API description"],
  [/^\/admin-api\/api\/v1\/ingest\/(trino|minio)$/, "audit ingest, checked with its own shared token"],
  [
    /^\/trino\/(rules\.json|group\.txt)$/,
    "Trino's rules and group file (the rules token, generated or TRINO_RULES_TOKEN)",
  ],
  [/^\/metrics$/, "Prometheus figures: METRICS_TOKEN (bearer) or not served at all"],
];

describe("every route is guarded", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp("pglite");
  });
  afterAll(() => t.close());

  const all = () =>
    t.services.routes.flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({
        method,
        url: r.url,
        access: (r.config as { access?: unknown } | undefined)?.access,
      })),
    );

  it("declares an access rule on every route, and public only where allowed", () => {
    expect(all().length).toBeGreaterThan(10);
    expect(
      all()
        .filter((r) => r.access === undefined)
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual([]);
    const wronglyPublic = all()
      .filter((r) => r.access === "public" && !PUBLIC_ROUTES.some(([re]) => re.test(r.url)))
      .map((r) => `${r.method} ${r.url}`);
    expect(wronglyPublic).toEqual([]);
  });

  it("refuses every guarded route without a token", async () => {
    const guarded = all().filter((r) => r.access !== "public");
    expect(guarded.length).toBeGreaterThan(3);
    for (const r of guarded) {
      const url = r.url.replace(/:([A-Za-z_]+)/g, "x").replace("*", "x");
      const res = await t.app.inject({ method: r.method as "GET", url });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it("refuses with 403 every menu-guarded route to a signed-in user without that menu", async () => {
    await seedUser(t.testDb.db, "no-menu-user");
    const token = await tokenFor(t.app, "no-menu-user", USER_PASSWORD);
    const guarded = all().filter((r) => typeof r.access === "object");
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      const url = r.url.replace(/:([A-Za-z_]+)/g, "x").replace("*", "x");
      const res = await t.app.inject({ method: r.method as "GET", url, headers: bearer(token) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      // HEAD (added by Fastify beside each GET) answers without a body.
      if (r.method !== "HEAD") expect(res.json()).toMatchObject({ error: "You are not authorized to do this." });
    }
  });

  it("answers an unknown API path with a 404 body of the usual shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/admin-api/api/v1/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: "Not found." });
  });
});
