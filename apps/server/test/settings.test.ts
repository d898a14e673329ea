import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { api, auditsAfter, lastAuditSeq } from "./support/users.js";

describe.each(DB_KINDS)("general settings (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeApp(kind);
    await seedUser(t.testDb.db, "ivy", { groups: ["analysts"] });
    await seedUser(t.testDb.db, "olaf", { groups: ["data-admins"] });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const preferences = () => api(t.app, admin, "GET", "/analytics/preferences");
  const save = (body: unknown) => api(t.app, admin, "POST", "/analytics/preferences", body);

  it("starts with scheduled refresh off, every minute, nothing excluded", async () => {
    expect(await preferences()).toEqual({
      status: 200,
      body: { is_scheduled: false, schedule_interval: 60, users_to_exclude: "", admin_groups: "" },
    });
  });

  it("saves the insights preference with |-joined lists, and audits what changed", async () => {
    const seq = await lastAuditSeq(t.testDb.db);
    const res = await save({
      is_scheduled: true,
      schedule_interval: 900,
      users_to_exclude: "olaf|IVY| ",
      admin_groups: "data-admins",
    });
    expect(res).toEqual({ status: 200, body: { message: "Insights preferences updated successfully." } });
    expect((await preferences()).body).toEqual({
      is_scheduled: true,
      schedule_interval: 900,
      users_to_exclude: "ivy|olaf",
      admin_groups: "data-admins",
    });
    const events = await auditsAfter(t.testDb.db, seq);
    expect(events).toMatchObject([
      {
        source: "settings-general",
        action: "Update Insights Preference",
        details: {
          changeSet: [
            { column: "is_scheduled", oldVal: false, newVal: true },
            { column: "schedule_interval", oldVal: 60, newVal: 900 },
            { column: "users_to_exclude", oldVal: [], newVal: ["ivy", "olaf"] },
            { column: "admin_groups", oldVal: [], newVal: ["data-admins"] },
          ],
        },
      },
    ]);
    // Saving the same values again changes nothing and writes no event.
    const again = await save({
      is_scheduled: true,
      schedule_interval: 900,
      users_to_exclude: "ivy|olaf",
      admin_groups: "data-admins",
    });
    expect(again.status).toBe(200);
    expect(await auditsAfter(t.testDb.db, events.at(-1)!.seq)).toEqual([]);
  });

  it.each([
    [{ is_scheduled: true, schedule_interval: 120 }, "body.schedule_interval", /one of 60, 300, 900, 1800, 3600/],
    [{ is_scheduled: "yes", schedule_interval: 60 }, "body.is_scheduled", /true or false/],
    [
      { is_scheduled: true, schedule_interval: 60, users_to_exclude: "nobody" },
      "body.users_to_exclude",
      /User nobody does not exist/,
    ],
    [
      { is_scheduled: true, schedule_interval: 60, admin_groups: "ghosts" },
      "body.admin_groups",
      /Group ghosts does not exist/,
    ],
    [{ is_scheduled: true, schedule_interval: 60, extra: 1 }, "body.extra", /unknown field/],
  ])("refuses %j, naming the field, and keeps what was saved", async (body, field, message) => {
    const seq = await lastAuditSeq(t.testDb.db);
    const res = await save(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toMatch(message);
    expect((await preferences()).body.schedule_interval).toBe(900);
    expect(await auditsAfter(t.testDb.db, seq)).toEqual([]);
  });

  it("lets insights users read the preference but only settings users change it", async () => {
    await seedUser(t.testDb.db, "nina");
    await assignMenus(t.testDb.db, "nina", ["insights"]);
    await t.services.bus.publish("access");
    const nina = await tokenFor(t.app, "nina", USER_PASSWORD);
    expect((await api(t.app, nina, "GET", "/analytics/preferences")).status).toBe(200);
    expect(
      (await api(t.app, nina, "POST", "/analytics/preferences", { is_scheduled: false, schedule_interval: 60 })).status,
    ).toBe(403);
  });

  it("clears the Trino metadata and insights caches that modules register, with an audit event each", async () => {
    let lookups = 0;
    let insights = 0;
    t.services.caches.register("trino-metadata", "policy lookups", () => void lookups++);
    t.services.caches.register("insights", "insights figures", async () => void insights++);
    t.services.caches.register("insights", "broken", () => {
      throw new Error("boom");
    });
    const seq = await lastAuditSeq(t.testDb.db);
    expect(await api(t.app, admin, "GET", "/cache/clear")).toEqual({
      status: 200,
      body: { message: "Trino metadata cache cleared." },
    });
    expect(lookups).toBe(1);
    // A recompute that fails is not swallowed: the call says so, and the others still ran.
    expect(await api(t.app, admin, "GET", "/analytics/flush-cache")).toEqual({
      status: 503,
      body: { error: "Insights could not be refreshed: broken: boom", error_description: "recompute_failed" },
    });
    expect(insights).toBe(1);
    t.services.caches.register("insights", "broken", () => undefined);
    expect(await api(t.app, admin, "GET", "/analytics/flush-cache")).toEqual({
      status: 200,
      body: { message: "Insights cache cleared." },
    });
    expect(insights).toBe(2);
    expect(await auditsAfter(t.testDb.db, seq)).toMatchObject([
      {
        source: "settings-general",
        action: "Clear Cache",
        subject_name: "Trino metadata",
        status: "success",
        details: { cleared: ["policy lookups"] },
      },
      {
        source: "settings-general",
        action: "Clear Cache",
        subject_name: "Insights",
        status: "failure",
        details: { cleared: ["insights figures"], failed: ["broken"] },
      },
      {
        source: "settings-general",
        action: "Clear Cache",
        subject_name: "Insights",
        status: "success",
        details: { cleared: ["insights figures", "broken"] },
      },
    ]);
  });

  it("runs a cache's clearing when another replica asks for it", async () => {
    let cleared = 0;
    t.services.caches.register("trino-metadata", "catalogs", () => void cleared++);
    // What another replica's request arrives as: a notification on the cache channel.
    await t.testDb.db.notify("console_cache", "other-replica:trino-metadata");
    await expect.poll(() => cleared).toBe(1);
  });

  it("clears the user and group caches with their own messages", async () => {
    expect((await api(t.app, admin, "GET", "/cache/clearUsers")).body).toEqual({ message: "User cache cleared." });
    expect((await api(t.app, admin, "GET", "/cache/clearGroups")).body).toEqual({ message: "Group cache cleared." });
  });
});
