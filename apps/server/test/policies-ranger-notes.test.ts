import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, startMetadata } from "./policies-support.js";

const CODE = `${ACL}/code`;
const res = (catalog: string, schema: string, table: string, column?: string) => ({
  catalog: { values: [catalog] },
  schema: { values: [schema] },
  table: { values: [table] },
  ...(column ? { column: { values: [column] } } : {}),
});
const select = [{ type: "select", isAllowed: true }];

/**
 * Ranger policies whose masks and filters the import used to drop without a word, in the order
 * that filed the filter's note under the grant (policies.4's under policies.0).
 */
const EXPORT = {
  policies: [
    {
      name: "sales readers",
      serviceType: "trino",
      resources: res("hive", "sales", "*", "*"),
      policyItems: [{ groups: ["analysts", "finance"], accesses: select }],
    },
    {
      name: "ghost masks",
      serviceType: "trino",
      policyType: 1,
      resources: res("hive", "sales", "ghost", "email"),
      dataMaskPolicyItems: [{ groups: ["public"], accesses: select, dataMaskInfo: { dataMaskType: "MASK_HASH" } }],
    },
    {
      name: "email for analysts",
      serviceType: "trino",
      policyType: 1,
      resources: res("hive", "sales", "customers", "email"),
      dataMaskPolicyItems: [
        { groups: ["analysts"], accesses: select, dataMaskInfo: { dataMaskType: "MASK_NONE" } },
        { groups: ["public"], accesses: select, dataMaskInfo: { dataMaskType: "MASK_HASH" } },
      ],
    },
    {
      name: "payroll for hr",
      serviceType: "trino",
      resources: res("hive", "hr", "payroll", "*"),
      policyItems: [{ groups: ["hr"], accesses: select }],
    },
    {
      name: "eu orders this half",
      serviceType: "trino",
      policyType: 2,
      resources: res("hive", "sales", "orders"),
      validitySchedules: [{ startTime: "2026/01/01 00:00:00", endTime: "2026/06/30 23:59:59", timeZone: "UTC" }],
      rowFilterPolicyItems: [{ groups: ["finance"], accesses: select, rowFilterInfo: { filterExpr: "region = 'EU'" } }],
    },
    {
      name: "gross hidden",
      serviceType: "trino",
      policyType: 1,
      resources: res("hive", "hr", "payroll", "gross"),
      dataMaskPolicyItems: [{ groups: ["hr"], accesses: select, dataMaskInfo: { dataMaskType: "MASK_NULL" } }],
    },
    {
      name: "no payroll",
      serviceType: "trino",
      resources: res("hive", "hr", "payroll", "*"),
      denyPolicyItems: [{ groups: ["hr"], accesses: select }],
    },
    {
      name: "no leads for contractors",
      serviceType: "trino",
      resources: res("hive", "marketing", "leads", "*"),
      denyPolicyItems: [{ groups: ["contractors"], accesses: select }],
    },
  ],
};

type Note = { source: string; policies: string[]; messages: string[] };

describe.each(DB_KINDS)("Ranger import accounts for every item under its own policy (%s)", (db) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(db, {}, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "alice", { groups: ["analysts"] });
    await seedUser(t.testDb.db, "bob", { groups: ["finance"] });
    await seedUser(t.testDb.db, "erin", { groups: ["hr"] });
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  const plan = async () => {
    const res = await call("POST", `${CODE}/plan`, { document: JSON.stringify(EXPORT) });
    expect(res.status).toBe(200);
    const notes = res.body!.notes as Note[];
    const of = (i: number) => notes.find((n) => n.source.startsWith(`policies.${i} `));
    return { body: res.body!, notes, of };
  };

  it("notes a mask on a table Trino does not have, under the mask's policy, and plans the rest", async () => {
    const { body, of } = await plan();
    expect(body).toMatchObject({ source: "ranger", valid: true, problems: [] });
    expect(of(1)!.policies).toEqual([]);
    expect(of(1)!.messages).toEqual([
      "Trino has no table hive.sales.ghost: nothing there to mask or filter for the users of sales readers, so not imported (import again once it exists)",
    ]);
    const names = (body.creates as Array<{ name: string }>).map((c) => c.name);
    expect(names).not.toContain("sales readers ghost");
  });

  it("notes a row filter's validity schedule under the filter's policy, never under the grant's", async () => {
    const { of } = await plan();
    expect(of(4)!.messages).toEqual([
      "the validity schedule (2026/01/01 00:00:00 to 2026/06/30 23:59:59 UTC) has no counterpart for a row filter: its row filters apply always, also outside it",
      "the row filter of sales.orders applies to every user of sales readers, though Ranger's items name only some of them",
    ]);
    expect(of(4)!.policies).toEqual(["sales readers orders"]);
    // The grant's own entry says nothing of a filter that is not its own.
    expect(of(0)!.messages.filter((m) => /row filter/.test(m))).toEqual([]);
    expect(of(0)!.policies).toEqual(expect.arrayContaining(["sales readers", "sales readers orders"]));
  });

  it("notes a MASK_NONE item that a group's mask overrides for the grant's users", async () => {
    const { body, of } = await plan();
    expect(of(2)!.messages).toContain(
      "mask item 1 (MASK_NONE) shows sales.customers.email unmasked to group analysts, but the users of sales readers also meet a mask of a later item: it was imported for all of them, these included",
    );
    expect(of(2)!.policies).toEqual(["sales readers customers"]);
    const customers = (
      body.creates as Array<{ name: string; policy: { columnDetails: Array<{ mask: string }> } }>
    ).find((c) => c.name === "sales readers customers")!;
    expect(customers.policy.columnDetails).toEqual([expect.objectContaining({ name: "email", mask: "hash" })]);
  });

  it("notes the masks of a table whose grant a deny took away, what each deny took, and leaves no Ranger policy without a word", async () => {
    const { notes, of } = await plan();
    expect(of(3)!.messages).toEqual([
      "SELECT on hive.hr.payroll removed for all its users: Ranger policy no payroll denies it, and the console has no deny",
    ]);
    expect(of(5)!.messages).toEqual([
      "a deny took all access of payroll for hr to hive.hr.payroll (noted under payroll for hr): nothing of it left to restrict, so not imported for its users",
    ]);
    // The deny says what it took, under its own policy; one that takes nothing says so too.
    expect(of(6)!.messages).toEqual([
      "deny item 1 took SELECT on hive.hr.payroll from every user of payroll for hr, which it may reach",
    ]);
    expect(of(7)!.messages).toEqual([
      "deny item 1 takes nothing away from the access imported from this export: nothing to deny",
    ]);
    // Every Ranger policy has its entry: the console policies made of it, or why none.
    expect(notes.map((n) => n.source)).toEqual(EXPORT.policies.map((p, i) => `policies.${i} (${p.name})`));
    for (const n of notes) expect(n.policies.length + n.messages.length, n.source).toBeGreaterThan(0);
  });
});
