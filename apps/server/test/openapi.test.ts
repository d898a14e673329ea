import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";

describe("the API description", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp("pglite");
  });
  afterAll(() => t.close());

  it("is generated from the contracts", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    const menu = doc.paths["/admin-api/api/v1/menu"].get;
    expect(menu.security).toEqual([{ bearer: [] }]);
    expect(menu.responses["200"].content["application/json"].schema).toBeDefined();
    expect(menu.responses["401"]).toBeDefined();
    // The sign-in service and static files are not part of the API.
    expect(Object.keys(doc.paths).some((p) => p.startsWith("/oidc"))).toBe(false);
  });

  it("is browsable", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
  });

  it("names the request id in every answer", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "abc-123" } });
    expect(res.headers["x-request-id"]).toBe("abc-123");
    const other = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(other.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
