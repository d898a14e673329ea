import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, startMetadata, tablePolicy } from "./policies-support.js";

const AE = `("country" = 'AE')`;
const EMAIL_HASH = 'CAST(to_hex(sha256(to_utf8("email"))) AS varchar(255))';
const country = (value: string) => [
  { table: "customers", columnName: "country", columnDataType: "char(2)", filterCondition: "=", value },
];
const evaluateAt = (user: string, table = "customers") =>
  `${ACL}/evaluate?username=${user}&catalog=hive&schema=sales&table=${table}`;

describe.each(DB_KINDS)("published rules mean what the administrator set (%s)", (kind) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(kind, {}, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "alice", { groups: ["analysts"] });
    await seedUser(t.testDb.db, "bob", { groups: ["finance"] });
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("a catalog-wide grant keeps the group's row filter and mask; an ended policy no longer counts", async () => {
    const group = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: "analysts AE",
        rowFilters: country("AE"),
        columnDetails: [
          { table: "customers", name: "email", columnDataType: "varchar(255)", type: "predefine", mask: "hash" },
        ],
      }),
    );
    expect(group.status).toBe(201);
    const grant = await call("POST", `${ACL}/add`, {
      policyName: "alice hive",
      category: "catalog",
      catalogName: "hive",
      config: { allow: "all", owner: false },
      assignToUsers: ["alice"],
    });
    expect(grant.status).toBe(201);
    // Ended yesterday, and first in priority: while it was in force its filter decided.
    const ended = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: "alice SA, ended",
        priority: 1,
        assignToGroups: [],
        assignToUsers: ["alice"],
        rowFilters: country("SA"),
        columnDetails: [],
        tnc: { startDate: null, endDate: new Date(Date.now() - 86_400_000).toISOString() },
      }),
    );
    expect(ended.status).toBe(201);

    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    const served = (await t.app.inject({ url: `/trino/rules.json?token=${t.generatedTrinoRulesToken}` })).json();
    expect(served.tables[0]).toMatchObject({
      user: "alice",
      table: "customers",
      filter: AE,
      columns: [{ name: "email", mask: EMAIL_HASH }],
    });
    const seen = await call("GET", evaluateAt("alice"));
    // The catalog grant's writes set no filter: they are left out where the group's filter applies.
    expect(seen.body).toMatchObject({ privileges: ["SELECT"], filter: AE });
    const email = (seen.body!.columns as Array<{ name: string; mask: string | null }>).find((c) => c.name === "email");
    expect(email).toMatchObject({ mask: EMAIL_HASH });
    // Elsewhere in the catalog the grant applies unrestricted.
    expect((await call("GET", evaluateAt("alice", "orders"))).body).toMatchObject({ filter: null, canSelect: true });
  });

  it("refuses a custom row filter or mask naming a column one of its tables lacks, naming table and column", async () => {
    const before = (await call("GET", ACL)).body!.total;
    const vip = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({ policyName: "vip only", tables: ["customers", "orders"], customRowFilter: "vip = true" }),
    );
    expect(vip).toMatchObject({ status: 400, body: { field: "customRowFilter" } });
    expect(vip.body!.error).toMatch(/column vip, which table hive\.sales\.orders does not have/);
    const mask = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: "vip mask",
        tables: ["customers", "orders"],
        rowFilters: [],
        columnDetails: [
          {
            table: "orders",
            name: "total_amount",
            columnDataType: "decimal(12,2)",
            type: "custom",
            mask: `CASE WHEN "VIP" THEN 0 ELSE total_amount END`,
          },
        ],
      }),
    );
    expect(mask).toMatchObject({ status: 400, body: { field: "columnDetails.0.mask" } });
    expect(mask.body!.error).toMatch(/names column vip, which table hive\.sales\.orders does not have/);
    expect((await call("GET", ACL)).body!.total).toBe(before);
    // The wizard asks the same before saving.
    const checked = await call(
      "POST",
      `${ACL}/check`,
      tablePolicy({ policyName: "vip only", tables: ["customers", "orders"], customRowFilter: "vip = true" }),
    );
    expect(checked.body).toEqual({
      problems: [
        {
          field: "customRowFilter",
          message: "the custom row filter names column vip, which table hive.sales.orders does not have",
        },
      ],
    });
    const fine = tablePolicy({ policyName: "vip customers", customRowFilter: "vip = true AND lower(email) <> ''" });
    const ok = await call("POST", `${ACL}/add`, fine);
    expect(ok.status).toBe(201);
    expect((await call("PUT", `${ACL}/${ok.body!.id}/disable`)).status).toBe(200);
  });

  it("saves while Trino is unreachable, then Sync checks again and refuses, listing the errors", async () => {
    const current = (await t.app.inject({ url: `/trino/rules.json?token=${t.generatedTrinoRulesToken}` })).headers[
      "x-publication"
    ];
    meta.trino.setFailure(503);
    expect((await call("GET", "/admin-api/api/v1/lookups?refresh=true")).status).toBe(503);
    const saved = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({ policyName: "vip offline", tables: ["customers", "orders"], customRowFilter: "vip = true" }),
    );
    expect(saved.status).toBe(201);
    // Sync cannot check either while Trino is down: it refuses, and nothing changes.
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(503);
    meta.trino.setFailure(null);

    const preview = await call("GET", `${ACL}/sync/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body!.errors).toEqual([
      {
        policyId: saved.body!.id,
        policyName: "vip offline",
        field: "customRowFilter",
        message: "the custom row filter names column vip, which table hive.sales.orders does not have",
      },
    ]);
    const refused = await call("PUT", `${ACL}/sync`);
    expect(refused).toMatchObject({ status: 400, body: { field: "customRowFilter" } });
    expect(refused.body!.error).toMatch(/Policy "vip offline" .* hive\.sales\.orders does not have/);
    expect(
      (await t.app.inject({ url: `/trino/rules.json?token=${t.generatedTrinoRulesToken}` })).headers["x-publication"],
    ).toBe(current);

    expect((await call("PUT", `${ACL}/${saved.body!.id}/disable`)).status).toBe(200);
    expect((await call("GET", `${ACL}/sync/preview`)).body!.errors).toEqual([]);
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
  });

  it("refuses assignees and Trino objects that do not exist, naming them", async () => {
    const before = (await call("GET", ACL)).body!.total;
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ assignToUsers: ["alice", "nobody"] }, "assignToUsers.1", /^No user is named nobody$/],
      [{ assignToGroups: ["ghosts"] }, "assignToGroups.0", /^No group is named ghosts$/],
      [{ catalogName: "nocat" }, "catalogName", /^Catalog nocat does not exist$/],
      [{ schemaName: ["nosuch"] }, "schemaName.0", /^Schema hive\.nosuch does not exist$/],
      [{ tables: ["customers", "gone"] }, "tables.1", /^Table hive\.sales\.gone does not exist$/],
      [
        {
          columnDetails: [
            { table: "customers", name: "nope", columnDataType: "varchar", type: "predefine", mask: "hash" },
          ],
        },
        "columnDetails.0.name",
        /^Column nope does not exist in hive\.sales\.customers$/,
      ],
      [
        {
          rowFilters: [
            { table: "customers", columnName: "region", columnDataType: "varchar", filterCondition: "=", value: "EU" },
          ],
        },
        "rowFilters.0.columnName",
        /names column region, which table hive\.sales\.customers does not have/,
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await call("POST", `${ACL}/add`, tablePolicy({ policyName: "names", ...over }));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body, JSON.stringify(over)).toMatchObject({ field, error: expect.stringMatching(message) });
    }
    expect((await call("GET", ACL)).body!.total).toBe(before);
    const everyone = await call("POST", `${ACL}/add`, tablePolicy({ policyName: "everyone", assignToGroups: [".*"] }));
    expect(everyone.status).toBe(201);
    expect((await call("DELETE", `${ACL}/${everyone.body!.id}`)).status).toBe(200);
  });

  it("warns at Sync about restrictions that never apply and tables that no longer exist, and still publishes", async () => {
    const shadowed = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({ policyName: "analysts SA", rowFilters: country("SA") }),
    );
    expect(shadowed.status).toBe(201);
    const onOrders = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: "orders",
        tables: ["orders"],
        columnDetails: [],
        rowFilters: [],
        assignToUsers: ["bob"],
        assignToGroups: [],
      }),
    );
    expect(onOrders.status).toBe(201);
    const at = meta.trino.tables.findIndex((x) => x.catalog === "hive" && x.schema === "sales" && x.name === "orders");
    const [orders] = meta.trino.tables.splice(at, 1);
    try {
      expect((await call("GET", "/admin-api/api/v1/lookups?refresh=true")).status).toBe(200);
      const preview = await call("GET", `${ACL}/sync/preview`);
      expect(preview.body!.errors).toEqual([]);
      const warnings = preview.body!.warnings as Array<{ policyName: string; message: string }>;
      const of = (name: string) => warnings.filter((w) => w.policyName === name).map((w) => w.message);
      // Its mask of email is the same hash as the earlier policy's, so it holds in effect: no warning for it.
      expect(of("analysts SA")).toEqual([
        'its row filter on hive.sales.customers never applies: policy "analysts AE" filters it first for all of its users',
      ]);
      expect(of("orders")).toEqual([
        "table hive.sales.orders does not exist: this part of the policy applies to nothing",
      ]);
      expect(of("analysts AE")).toEqual([]);
      // Alice's catalog grant set no filter: its writes do not reach the rows the group's filter publishes.
      expect(of("alice hive")).toEqual([
        'its INSERT, DELETE, UPDATE, OWNERSHIP on hive.sales.customers are left out for alice: the rows or columns published there are those of "analysts AE", "analysts SA", and a privilege goes only with the filter and masks of a policy that grants it',
      ]);
      const sync = await call("PUT", `${ACL}/sync`);
      expect(sync.status).toBe(200);
      expect(sync.body!.warnings).toEqual(warnings);
    } finally {
      meta.trino.tables.splice(at, 0, orders!);
      await call("GET", "/admin-api/api/v1/lookups?refresh=true");
    }
  });
});
