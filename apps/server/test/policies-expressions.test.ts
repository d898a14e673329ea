import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, startMetadata, tablePolicy } from "./policies-support.js";

const CODE = `${ACL}/code`;

const orders = (over: Record<string, unknown> = {}) =>
  tablePolicy({
    policyName: "alice EU orders",
    tables: ["orders"],
    assignToGroups: [],
    assignToUsers: ["alice"],
    columnDetails: [],
    rowFilters: [
      { table: "orders", columnName: "region", columnDataType: "varchar(8)", filterCondition: "=", value: "EU" },
    ],
    ...over,
  });

/** Masks, row filters and the values around them read as Trino and YAML readers read them (issue 30, point 8). */
describe.each(DB_KINDS)("expressions and values read as their readers read them (%s)", (db) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(db, {}, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "alice", { groups: ["analysts"] });
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("exports values a YAML 1.1 reader would misread quoted, and reads them back as written", async () => {
    const values = ["no", "0o17", "2026-01-01", "0755", "12:30", "1_000", "on"];
    const policy = orders({
      policyName: "yes",
      rowFilters: values.map((value) => ({
        table: "orders",
        columnName: "status",
        columnDataType: "varchar(16)",
        filterCondition: "=",
        value,
      })),
    });
    const created = await call("POST", `${ACL}/add`, policy);
    expect(created.status).toBe(201);
    const res = await t.app.inject({ url: `${CODE}/export?format=yaml`, headers: bearer(await adminToken(t.app)) });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    expect(text).toContain(`filterCondition: "="`);
    expect(text).not.toMatch(/: =$/m);
    expect(text).toContain(`policyName: "yes"`);
    for (const v of values) expect(text).toContain(`value: "${v}"`);
    // Read as a YAML 1.1 reader and as a 1.2 one: the same strings.
    for (const version of ["1.1", "1.2"] as const) {
      const doc = parseYaml(text, { version }) as { policies: Array<Record<string, unknown>> };
      const back = doc.policies.find((p) => p.policyName === "yes")!;
      expect((back.rowFilters as Array<{ value: unknown; filterCondition: unknown }>).map((f) => f.value)).toEqual(
        values,
      );
      expect((back.rowFilters as Array<{ filterCondition: unknown }>)[0]!.filterCondition).toBe("=");
    }
    // The console plans its own export back as unchanged.
    const plan = await call("POST", `${CODE}/plan`, { document: text });
    expect(plan.body).toMatchObject({ valid: true, creates: [], updates: [] });
    expect(plan.body!.unchanged).toContain("yes");
  });
});
