import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_REVIEWS_PATH, REVIEW_AUDIT_SOURCE } from "@console/contracts";
import type { Db } from "../src/platform/db/index.js";
import { ReviewService } from "../src/modules/access-reviews/service.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser, USER_PASSWORD } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, tablePolicy } from "./policies-support.js";
import { readTable } from "./reviews-support.js";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** The access reviews' audit events, oldest first (their own source: the Access Reviews tab). */
async function policyAudit(db: Db, action?: string) {
  const { rows } = await db.query<{ action: string; details: Record<string, unknown> }>(
    `SELECT action, details FROM audit_events WHERE source = $1 ${action ? "AND action = $2" : ""} ORDER BY seq`,
    action ? [REVIEW_AUDIT_SOURCE, action] : [REVIEW_AUDIT_SOURCE],
  );
  return rows;
}
const plainPolicy = (over: Record<string, unknown>) => tablePolicy({ columnDetails: [], rowFilters: [], ...over });

describe.each(DB_KINDS)("access reviews (%s)", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof caller>;
  let rita: ReturnType<typeof caller>;
  let plain: ReturnType<typeof caller>;
  let review: Json;
  let ordersPolicy = 0;
  const itemOf = (items: Json[], user: string, table: string) =>
    items.find((i) => i.username === user && i.table === table)!;

  beforeAll(async () => {
    t = await makeApp(kind);
    const db = t.testDb.db;
    await seedUser(db, "ann", { groups: ["analysts"] });
    await seedUser(db, "cara", { groups: ["analysts"] });
    await seedUser(db, "ben");
    await seedUser(db, "rita");
    await seedUser(db, "plain");
    admin = caller(t.app, await adminToken(t.app));
    rita = caller(t.app, await tokenFor(t.app, "rita", USER_PASSWORD));
    plain = caller(t.app, await tokenFor(t.app, "plain", USER_PASSWORD));
    expect((await admin("POST", `${ACL}/add`, plainPolicy({ policyName: "analysts customers" }))).status).toBe(201);
    const orders = await admin(
      "POST",
      `${ACL}/add`,
      plainPolicy({ policyName: "orders", tables: ["orders"], assignToGroups: [], assignToUsers: ["ben", "cara"] }),
    );
    expect(orders.status, orders.raw).toBe(201);
    ordersPolicy = orders.body!.id as number;
    const everyone = plainPolicy({ policyName: "products", tables: ["products"], assignToGroups: [".*"] });
    expect((await admin("POST", `${ACL}/add`, everyone)).status).toBe(201);
    expect((await admin("PUT", `${ACL}/sync`)).status).toBe(200);
    await readTable(db, "ben", "hive", "sales", "orders");
    await readTable(db, "cara", "hive", "sales", "customers");
  }, 180_000);
  afterAll(() => t.close());

  const start = (over: Record<string, unknown> = {}) =>
    admin("POST", ACCESS_REVIEWS_PATH, {
      name: "Sales Q4",
      scope: { catalogs: ["hive"] },
      reviewers: { users: ["rita"] },
      dueDate: day(7),
      unanswered: "revoke",
      ...over,
    });

  it("starts a review with one item per person's own access in scope, with its evidence", async () => {
    const res = await start();
    expect(res.status, res.raw).toBe(201);
    review = res.body!;
    expect(review).toMatchObject({ status: "open", unanswered: "revoke", counts: { total: 4, open: 4 } });
    const items = ((await admin("GET", `${ACCESS_REVIEWS_PATH}/${review.id}/items`)).body as Json).items as Json[];
    expect(items.map((i) => `${i.username} ${i.table}`).sort()).toEqual([
      "ann customers",
      "ben orders",
      "cara customers",
      "cara orders",
    ]);
    // Access given to everyone (products) is reviewed as its policy, not per person.
    const ben = itemOf(items, "ben", "orders");
    expect(ben).toMatchObject({ reviewer: "rita", grantedBy: "admin", queries30: 1, queries90: 1, decision: null });
    expect(ben.paths).toEqual([expect.objectContaining({ policyId: ordersPolicy, via: "user", group: null })]);
    expect(itemOf(items, "ann", "customers").paths).toEqual([
      expect.objectContaining({ policyName: "analysts customers", via: "group", group: "analysts" }),
    ]);
    expect((await policyAudit(t.testDb.db, "Access Review Started")).length).toBe(1);
  });

  it("refuses a due date in the past, an unknown reviewer and an empty scope, naming the field", async () => {
    const past = await start({ dueDate: day(-1) });
    expect([past.status, past.body!.error]).toEqual([400, expect.stringMatching(/body\.dueDate/)]);
    const nobody = await start({ reviewers: { users: ["nobody"] } });
    expect([nobody.status, nobody.body!.error]).toEqual([400, expect.stringMatching(/body\.reviewers\.users/)]);
    const empty = await start({ scope: {} });
    expect([empty.status, empty.body!.error]).toEqual([400, expect.stringMatching(/body\.scope/)]);
    expect(((await admin("GET", ACCESS_REVIEWS_PATH)).body as Json).items).toHaveLength(1);
  });

  it("reminds the reviewers with open items on each reminder day, once", async () => {
    const reviews = new ReviewService(t.testDb.db, t.services.bus, {
      isAdmin: async () => false,
      sync: async () => undefined,
    });
    // Due in 7 days, reminders 7 and 1 days before: the first is due now, the second 6 days on.
    expect(await reviews.check()).toMatchObject({ closed: [], reminded: 1 });
    expect(await reviews.check()).toMatchObject({ reminded: 0 });
    const [reminder] = await policyAudit(t.testDb.db, "Access Review Reminder");
    expect(reminder!.details.reviewers).toEqual([{ reviewer: "rita", open: 4 }]);
    expect(await reviews.check(Date.now() + 6 * DAY)).toMatchObject({ closed: [], reminded: 1 });
    expect((await policyAudit(t.testDb.db, "Access Review Reminder")).length).toBe(2);
  });

  it("shows a reviewer without any menu their own items and count, and nothing else", async () => {
    const mine = (await rita("GET", `${ACCESS_REVIEWS_PATH}/mine/items`)).body as Json;
    expect(mine.total).toBe(4);
    expect(((await rita("GET", `${ACCESS_REVIEWS_PATH}/mine/count`)).body as Json).count).toBe(4);
    expect(((await plain("GET", `${ACCESS_REVIEWS_PATH}/mine/count`)).body as Json).count).toBe(0);
    expect(((await plain("GET", `${ACCESS_REVIEWS_PATH}/mine/items`)).body as Json).items).toEqual([]);
    for (const who of [rita, plain]) {
      expect((await who("GET", ACCESS_REVIEWS_PATH)).status).toBe(403);
      expect((await who("GET", `${ACCESS_REVIEWS_PATH}/${review.id}`)).status).toBe(403);
      expect((await who("GET", `${ACCESS_REVIEWS_PATH}/${review.id}/items`)).status).toBe(403);
      expect((await who("POST", `${ACCESS_REVIEWS_PATH}/${review.id}/close`)).status).toBe(403);
      expect((await who("GET", `${ACCESS_REVIEWS_PATH}/${review.id}/report.csv`)).status).toBe(403);
      expect((await who("POST", ACCESS_REVIEWS_PATH, { name: "x" })).status).toBe(403);
    }
  });

  it("lets the reviewer decide (keep, revoke, end on a date) with a comment, and nobody else", async () => {
    const items = ((await rita("GET", `${ACCESS_REVIEWS_PATH}/mine/items`)).body as Json).items as Json[];
    const decide = (who: typeof rita, item: Json, body: object) =>
      who("PUT", `${ACCESS_REVIEWS_PATH}/items/${item.id}/decision`, body);
    const ann = itemOf(items, "ann", "customers");
    expect((await decide(plain, ann, { decision: "keep" })).status).toBe(403);
    const noDate = await decide(rita, ann, { decision: "end" });
    expect([noDate.status, noDate.body!.error]).toEqual([400, expect.stringMatching(/body\.endDate/)]);
    expect((await decide(rita, ann, { decision: "keep", comment: "works on sales" })).status).toBe(200);
    const ben = itemOf(items, "ben", "orders");
    expect((await decide(rita, ben, { decision: "revoke", comment: "left the team" })).status).toBe(200);
    const cara = itemOf(items, "cara", "orders");
    expect((await decide(admin, cara, { decision: "end", endDate: day(1), comment: "project ends" })).status).toBe(200);
    expect(((await rita("GET", `${ACCESS_REVIEWS_PATH}/mine/count`)).body as Json).count).toBe(1);
    const decisions = await policyAudit(t.testDb.db, "Access Review Decision");
    expect(decisions.map((d) => [d.details.username, d.details.decision, d.details.comment])).toEqual([
      ["ann", "keep", "works on sales"],
      ["ben", "revoke", "left the team"],
      ["cara", "end", "project ends"],
    ]);
  });

  it("at the due date takes the default for undecided items and carries the revocations out as one change set", async () => {
    const reviews = new ReviewService(t.testDb.db, t.services.bus, {
      isAdmin: async () => false,
      sync: async () => undefined,
    });
    const checked = await reviews.check(Date.now() + 8 * DAY);
    expect(checked).toMatchObject({ closed: [review.id], ended: 1 });
    const after = (await admin("GET", `${ACCESS_REVIEWS_PATH}/${review.id}`)).body as Json;
    expect(after).toMatchObject({
      status: "closed",
      closedBy: "system",
      counts: { open: 0, keep: 1, revoke: 2, end: 1 },
    });
    const items = ((await admin("GET", `${ACCESS_REVIEWS_PATH}/${review.id}/items`)).body as Json).items as Json[];
    expect(itemOf(items, "cara", "customers")).toMatchObject({ decision: "revoke", byDefault: true });
    expect(itemOf(items, "cara", "customers").revocation).toEqual([
      { kind: "remove-from-group", detail: "cara out of group analysts" },
    ]);
    expect(itemOf(items, "ann", "customers").revocation).toBeNull();
    // ben and cara (ended) out of the orders policy: it waits for Sync; the policy keeps nobody, so it is disabled.
    const orders = (await admin("GET", `${ACL}/${ordersPolicy}`)).body as Json;
    expect(orders).toMatchObject({ assignToUsers: [], state: "disabled", synced: false });
    expect((await policyAudit(t.testDb.db, "Access Review Revocations")).length).toBe(2);
    // The impact preview shows ben losing the table he read; Sync publishes it.
    const impact = (await admin("GET", `${ACL}/impact?window=30`)).body as Json;
    expect(impact.byUser.map((g: Json) => g.key)).toContain("ben");
    expect((await admin("PUT", `${ACL}/sync`)).status).toBe(200);
    const ben = await admin("GET", `${ACL}/evaluate?username=ben&catalog=hive&schema=sales&table=orders`);
    expect((ben.body as Json).canSelect).toBe(false);
    const annStill = await admin("GET", `${ACL}/evaluate?username=ann&catalog=hive&schema=sales&table=customers`);
    expect((annStill.body as Json).canSelect).toBe(true);
    const rows = await policyAudit(t.testDb.db);
    expect(rows.map((r) => r.action)).toContain("Access Review Due");
  });

  it("shows the review's events in the audits screen's Access Reviews tab, decisions with their comments", async () => {
    const res = await admin("GET", `${ACCESS_REVIEWS_PATH}/audit?action=Access%20Review%20Decision`);
    expect(res.status, res.raw).toBe(200);
    const rows = (res.body as Json).items as Json[];
    expect(
      rows.map((r) => [r.username, r.decision.username, r.decision.decision, r.decision.comment]).reverse(),
    ).toEqual([
      ["rita", "ann", "keep", "works on sales"],
      ["rita", "ben", "revoke", "left the team"],
      ["admin", "cara", "end", "project ends"],
    ]);
    expect(rows.every((r) => r.reviewName === "Sales Q4")).toBe(true);
    // Guarded by the audits menu, as every audit tab.
    expect((await plain("GET", `${ACCESS_REVIEWS_PATH}/audit`)).status).toBe(403);
  });

  it("refuses a decision on a closed review", async () => {
    const items = ((await admin("GET", `${ACCESS_REVIEWS_PATH}/${review.id}/items`)).body as Json).items as Json[];
    const res = await admin("PUT", `${ACCESS_REVIEWS_PATH}/items/${items[0]!.id}/decision`, { decision: "keep" });
    expect(res.status).toBe(409);
  });

  it("downloads the report: who decided what, when and why, and what changed", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `${ACCESS_REVIEWS_PATH}/${review.id}/report.csv`,
      headers: { authorization: `Bearer ${await adminToken(t.app)}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.trim().split("\r\n");
    expect(lines).toHaveLength(5);
    const ben = lines.find((l) => l.includes(",ben,"))!;
    expect(ben).toContain("revoke,,left the team,rita,");
    expect(ben).toContain("narrow-assignment: ben out of policy orders");
    const byDefault = lines.find((l) => l.includes(",cara,") && l.includes("customers"))!;
    expect(byDefault).toMatch(/,revoke,,,system,[^,]+,true,remove-from-group: cara out of group analysts$/);
  });
});
