import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";

describe("the API description of user management", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp("pglite");
  });
  afterAll(() => t.close());

  it("describes the users, groups, sync, permission and audit routes", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as object);
    for (const p of [
      "/admin-api/api/v1/users",
      "/admin-api/api/v1/users/{id}/groups",
      "/admin-api/api/v1/groups/{id}/users",
      "/admin-api/api/v1/sync/now",
      "/admin-api/api/v1/menu/{id}",
      "/admin-api/api/v1/component/permissions",
      "/admin-api/api/v1/cache/clearUsers",
      "/admin-api/api/v1/audit/verify",
    ])
      expect(paths, p).toContain(p);
    const put = res.json().paths["/admin-api/api/v1/menu/{id}"].put;
    expect(put.requestBody.content["application/json"].schema).toBeDefined();
  });
});
