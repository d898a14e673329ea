import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { ImpactPreview } from "@console/contracts";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { trinoCompleted } from "./audit-payloads.js";
import { caller } from "./connectors-support.js";
import { ACL, startMetadata, tablePolicy } from "./policies-support.js";

const TRINO_TOKEN = "trino-ingest-token-for-expressions";
const CODE = `${ACL}/code`;
const BROKEN = "1=1) OR (1=1";

/** A finished query of alice's reading these columns of hive.sales.orders a minute ago. */
function readOrders(id: string, columns: string[]) {
  const e = trinoCompleted(id, { user: "alice", at: new Date(Date.now() - 60_000).toISOString() });
  e.ioMetadata.inputs = [
    {
      catalogName: "hive",
      schema: "sales",
      table: "orders",
      columns: columns.map((column) => ({ column })),
      physicalInputBytes: 0,
      physicalInputRows: 10,
    },
  ];
  return e;
}

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
    t = await makeApp(db, { TRINO_INGEST_TOKEN: TRINO_TOKEN }, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "alice", { groups: ["analysts"] });
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("refuses a custom row filter or mask that does not parse at the wizard's step check, naming the field, and at Save in words", async () => {
    const custom = (mask: string) => ({
      table: "customers",
      name: "email",
      columnDataType: "varchar(255)",
      type: "custom",
      mask,
    });
    const body = tablePolicy({
      policyName: "broken expressions",
      columnDetails: [
        { table: "customers", name: "phone", columnDataType: "varchar(32)", type: "predefine", mask: "showLast4" },
        custom(BROKEN),
      ],
      customRowFilter: BROKEN,
    });
    const checked = await call("POST", `${ACL}/check`, body);
    expect(checked.status).toBe(200);
    expect(checked.body!.problems).toEqual([
      { field: "customRowFilter", message: "the custom row filter is refused: it is not a valid SQL expression" },
      {
        field: "columnDetails.1.mask",
        message: "the mask of customers.email is refused: it is not a valid SQL expression",
      },
    ]);
    // What parses passes the step.
    const fine = await call(
      "POST",
      `${ACL}/check`,
      tablePolicy({ columnDetails: [custom(`substr("email", 1, 1) || '***'`)], customRowFilter: "vip = true" }),
    );
    expect(fine.body).toEqual({ problems: [] });

    const saved = await call("POST", `${ACL}/add`, { ...body, customRowFilter: "" });
    expect(saved.status).toBe(400);
    expect(saved.body).toMatchObject({
      field: "columnDetails.1.mask",
      error: "The mask of customers.email is refused: it is not a valid SQL expression",
    });
  });

  it("counts no change in the impact preview or a publication's compare where a filter is only spelt otherwise", async () => {
    const created = await call("POST", `${ACL}/add`, orders());
    expect(created.status).toBe(201);
    const id = created.body!.id as number;
    const first = await call("PUT", `${ACL}/sync`);
    expect(first.status).toBe(200);
    const ingested = await t.app.inject({
      method: "POST",
      url: "/admin-api/api/v1/ingest/trino",
      headers: { "content-type": "application/json", "X-Trino-Ingest-Token": TRINO_TOKEN },
      payload: JSON.stringify([readOrders("q_expr_1", ["region", "status"])]),
    });
    expect(ingested.statusCode).toBe(200);
    const seen = await call("GET", `${ACL}/evaluate?username=alice&catalog=hive&schema=sales&table=orders`);
    expect(seen.body!.filter).toBe(`("region" = 'EU')`);

    const preview = async (customRowFilter: string) => {
      const res = await call("POST", `${ACL}/impact`, {
        policyId: id,
        policy: orders({ rowFilters: [], customRowFilter }),
      });
      expect(res.status).toBe(200);
      return (res.body as unknown as ImpactPreview).byUser.flatMap((g) => g.changes).map((c) => c.kind);
    };
    // `(region = 'EU')` is the same filter as `("region" = 'EU')`; another value is not.
    expect(await preview("region = 'EU'")).toEqual([]);
    expect(await preview("REGION='EU'")).toEqual([]);
    expect(await preview("region = 'eu'")).toEqual(["filterChanged"]);

    expect(
      (await call("PUT", `${ACL}/${id}`, orders({ rowFilters: [], customRowFilter: "region = 'EU'" }))).status,
    ).toBe(200);
    const second = await call("PUT", `${ACL}/sync`);
    expect(second.status).toBe(200);
    const from = (first.body!.publication as { number: number }).number;
    const to = (second.body!.publication as { number: number }).number;
    const rules = await call("GET", `${ACL}/publications/${to}`);
    expect(JSON.stringify(rules.body!.rules)).toContain(`(region = 'EU')`);
    const diff = await call("GET", `${ACL}/publications/compare?from=${from}&to=${to}`);
    const tables = (diff.body!.sections as Array<{ section: string; added: string[]; removed: string[] }>).find(
      (s) => s.section === "tables",
    )!;
    expect(tables).toMatchObject({ added: [], removed: [] });
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
