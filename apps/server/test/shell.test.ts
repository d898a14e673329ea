import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";

describe.each(DB_KINDS)("menus and components (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp(kind, { RESTRICTED_MENUS: "client-configuration" });
    await seedUser(t.testDb.db, "ann");
    await assignMenus(t.testDb.db, "ann", ["audits", "insights"]);
    await seedUser(t.testDb.db, "gus", { groups: ["analysts"] });
    await t.testDb.db.query(
      "INSERT INTO menu_groups (menu_id, group_id) SELECT p.id, g.id FROM menu_permissions p, groups g WHERE p.menu_key = 'policy-management' AND g.name = 'analysts'",
    );
    await seedUser(t.testDb.db, "nora");
    await t.services.bus.publish("access");
  });
  afterAll(() => t.close());

  const menuOf = async (token: string) =>
    (await t.app.inject({ method: "GET", url: "/admin-api/api/v1/menu", headers: bearer(token) })).json() as Array<{
      menuLabel: string;
    }>;

  it("gives the admin every menu but the restricted ones (and discovery hub without its URL)", async () => {
    const labels = (await menuOf(await adminToken(t.app))).map((m) => m.menuLabel);
    expect(labels).toEqual([
      "home",
      "components",
      "audits",
      "user-management",
      "policy-management",
      "insights",
      "settings",
    ]);
  });

  it("gives a user exactly the menus assigned to them, plus home", async () => {
    const menus = await menuOf(await tokenFor(t.app, "ann", USER_PASSWORD));
    expect(menus).toEqual([
      { menuLabel: "home", menuName: "Home" },
      { menuLabel: "audits", menuName: "Audits" },
      { menuLabel: "insights", menuName: "Insights" },
    ]);
  });

  it("gives menus through group membership", async () => {
    expect((await menuOf(await tokenFor(t.app, "gus", USER_PASSWORD))).map((m) => m.menuLabel)).toEqual([
      "home",
      "policy-management",
    ]);
  });

  it("gives a user without assignments no menu at all", async () => {
    expect(await menuOf(await tokenFor(t.app, "nora", USER_PASSWORD))).toEqual([]);
  });

  it("takes a change of assignment into account at the next request", async () => {
    const token = await tokenFor(t.app, "nora", USER_PASSWORD);
    await assignMenus(t.testDb.db, "nora", ["audits"]);
    await t.services.bus.publish("access");
    expect((await menuOf(token)).map((m) => m.menuLabel)).toEqual(["home", "audits"]);
  });

  it("describes the components with their availability", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/admin-api/api/v1/componentList",
      headers: bearer(await adminToken(t.app)),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sections.map((s: { name: string }) => s.name)).toContain("Query");
    expect(body.marketPlaceComponents).toEqual(["superset"]);
    expect(body.enabledComponents).toEqual(["admin-ui"]);
    expect(body.permittedComponents).toContain("trino");
    // Without a cluster nothing is reported active: never an "all healthy" picture.
    expect(body.platformReachable).toBe(false);
    expect(body.activeComponents).toEqual([]);
  });

  it("serves the public configuration without sign-in", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      oidc: { authority: "http://console.test/oidc", clientId: "platform-console" },
      restrictedMenus: ["client-configuration"],
      licensingEnabled: false,
    });
  });
});
