import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateVendorKeys } from "../src/modules/licences/format.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, policyAudit, startMetadata, tablePolicy } from "./policies-support.js";

describe.each(DB_KINDS)("policies (%s)", (kind) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;
  /** Trino's URL, with the rules token generated at first start. */
  let rulesUrl: string;

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(kind, {}, { sandbox: { urls: meta.urls } });
    rulesUrl = `/trino/rules.json?token=${t.generatedTrinoRulesToken}`;
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "alice", { groups: ["analysts"] });
    await seedUser(t.testDb.db, "bob", { groups: ["finance"] });
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("creates a table policy, audits it with its assignment, and finds its name taken", async () => {
    const res = await call("POST", `${ACL}/add`, tablePolicy());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      policyName: "sales analysts",
      state: "enabled",
      syncStatus: "readyToSync",
      priority: 1,
    });
    expect((await call("GET", `${ACL}/Sales%20Analysts/exists`)).body).toEqual({ exists: true });
    expect((await call("GET", `${ACL}/nobody/exists`)).body).toEqual({ exists: false });
    const dup = await call("POST", `${ACL}/add`, tablePolicy({ policyName: "SALES analysts" }));
    expect(dup).toMatchObject({ status: 409, body: { error: "already existing policy name", field: "policyName" } });
    const [created] = await policyAudit(t.testDb.db, "Create");
    expect(created).toMatchObject({
      subject_name: "sales analysts",
      details: { assignment: { usersAssigned: [], groupsAssigned: ["analysts"] } },
    });
  });

  it("refuses bad input with a 400 naming the field, writing nothing", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ policyName: "x".repeat(51) }, "body.policyName"],
      [{ policyName: "" }, "body.policyName"],
      [{ tables: [] }, "tables"],
      [{ tablePrivileges: [] }, "tablePrivileges"],
      [{ catalogName: "dataproducts" }, "catalogName"],
      [{ assignToGroups: [] }, "assignToUsers"],
      [{ tnc: { startDate: "2020-01-01T00:00:00Z", endDate: null } }, "tnc.startDate"],
      [
        {
          rowFilters: [
            { table: "customers", columnName: "id", columnDataType: "bigint", filterCondition: "=", value: "1 OR 1=1" },
          ],
        },
        "rowFilters.0.value",
      ],
      [
        {
          rowFilters: [
            { table: "customers", columnName: "id", columnDataType: "bigint", filterCondition: "LIKE", value: "1" },
          ],
        },
        "rowFilters.0.filterCondition",
      ],
      [{ customRowFilter: "1=1) OR (1=1" }, "customRowFilter"],
      [{ customRowFilter: "country = 'AE'; DROP TABLE x" }, "customRowFilter"],
      [
        {
          columnDetails: [
            { table: "customers", name: "vip", columnDataType: "boolean", type: "predefine", mask: "showLast4" },
          ],
        },
        "columnDetails.0.mask",
      ],
      [
        {
          columnDetails: [{ table: "customers", name: "email", columnDataType: "varchar", type: "custom", mask: "x'" }],
        },
        "columnDetails.0.mask",
      ],
    ];
    const before = (await call("GET", ACL)).body!.total;
    for (const [over, field] of cases) {
      const res = await call("POST", `${ACL}/add`, tablePolicy({ policyName: "bad one", ...over }));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body!.field, JSON.stringify(over)).toBe(field);
    }
    const dupFilter = tablePolicy({
      policyName: "bad one",
      rowFilters: [
        { table: "customers", columnName: "country", columnDataType: "char(2)", filterCondition: "=", value: "AE" },
        { table: "customers", columnName: "country", columnDataType: "char(2)", filterCondition: "=", value: "AE" },
      ],
    });
    expect((await call("POST", `${ACL}/add`, dupFilter)).body).toMatchObject({
      error: "The row filter has already been added",
    });
    expect((await call("GET", ACL)).body!.total).toBe(before);
  });

  it("updates with a change set, and follows the state rules", async () => {
    const id = ((await call("GET", ACL)).body!.items as Array<{ id: number }>)[0]!.id as number;
    const res = await call(
      "PUT",
      `${ACL}/${id}`,
      tablePolicy({ tables: ["customers", "orders"], assignToUsers: ["bob"] }),
    );
    expect(res.status).toBe(200);
    const [update] = await policyAudit(t.testDb.db, "Update");
    const changes = update!.details.changeSet as Array<{ column: string; oldVal: string; newVal: string }>;
    expect(changes).toContainEqual({ column: "tables", oldVal: "customers", newVal: "customers|orders" });
    expect(changes).toContainEqual({ column: "assignToUsers", oldVal: "", newVal: "bob" });
    expect((await call("PUT", `${ACL}/${id}/enable`)).status).toBe(409);
    expect((await call("PUT", `${ACL}/${id}/disable`)).body).toEqual({ message: "Policy sales analysts disabled." });
    expect((await call("PUT", `${ACL}/${id}/enable`)).status).toBe(200);
    expect((await call("GET", `${ACL}/999999`)).status).toBe(404);
  });

  it("publishes rules Trino can read, serves them with an ETag, and answers 304 when unchanged", async () => {
    expect((await t.app.inject({ url: rulesUrl })).statusCode).toBe(404);
    const sync = await call("PUT", `${ACL}/sync`);
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({ publication: { number: 1, current: true } });
    const res = await t.app.inject({ url: rulesUrl });
    expect(res.statusCode).toBe(200);
    const rules = res.json();
    // The console's defaults for the other sections: everyone runs queries, administrators see and
    // kill every query and read system information; the sections equal to Trino's defaults are left out.
    expect(Object.keys(rules).sort()).toEqual(["catalogs", "queries", "schemas", "system_information", "tables"]);
    expect(rules.queries).toEqual([
      { user: "admin", queryOwner: ".*", allow: ["view", "kill"] },
      { allow: ["execute"] },
    ]);
    expect(rules.system_information).toEqual([{ user: "admin", allow: ["read"] }]);
    expect(rules.tables).toContainEqual({
      user: "alice",
      catalog: "hive",
      schema: "sales",
      table: "customers",
      privileges: ["SELECT"],
      columns: [
        { name: "email", mask: 'CAST(to_hex(sha256(to_utf8("email"))) AS varchar(255))' },
        { name: "national_id", allow: false },
      ],
      filter: "(\"country\" IN ('AE', 'SA'))",
    });
    expect(rules.catalogs).toContainEqual({ user: "alice", catalog: "hive", allow: "read-only" });
    const again = await t.app.inject({
      url: rulesUrl,
      headers: { "if-none-match": res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(((await call("GET", ACL)).body!.items as Array<{ syncStatus: string }>)[0]!.syncStatus).toBe("synced");
    expect((await policyAudit(t.testDb.db, "Sync")).length).toBe(1);
  });

  it("shows what a user can see under the current publication", async () => {
    const v = await call("GET", `${ACL}/evaluate?username=alice&catalog=hive&schema=sales&table=customers`);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({
      groups: ["analysts"],
      privileges: ["SELECT"],
      canSelect: true,
      metadataAvailable: true,
    });
    const cols = v.body!.columns as Array<{ name: string; visible: boolean; mask: string | null; dataType: string }>;
    expect(cols.find((c) => c.name === "national_id")).toMatchObject({ visible: false });
    expect(cols.find((c) => c.name === "email")).toMatchObject({
      visible: true,
      mask: 'CAST(to_hex(sha256(to_utf8("email"))) AS varchar(255))',
    });
    expect(cols.find((c) => c.name === "vip")).toMatchObject({ visible: true, mask: null, dataType: "boolean" });
    const other = await call("GET", `${ACL}/evaluate?username=carol&catalog=hive&schema=sales&table=customers`);
    expect(other.body).toMatchObject({ canSelect: false, privileges: [], catalogAccess: "none" });
  });

  it("resolves tag policies through the data catalogue and compares and restores publications", async () => {
    const tags = await call(
      "GET",
      "/admin-api/api/v1/lookups/tags?tag_type=columnTags&catalog_name=hive&schema_name=hr",
    );
    expect(tags.body!.data).toContainEqual({ name: "Sensitive", tables: ["employees", "payroll"] });
    const created = await call("POST", `${ACL}/add`, {
      policyName: "finance sensitive",
      category: "columnTags",
      catalogName: "hive",
      schemaName: ["hr"],
      tags: ["Sensitive"],
      tablePrivileges: ["SELECT"],
      assignToUsers: ["bob"],
      columnDetails: [
        { table: "payroll", name: "gross", columnDataType: "decimal(12,2)", type: "predefine", mask: "round" },
      ],
    });
    expect(created.status).toBe(201);
    expect((await call("PUT", `${ACL}/sync`)).body).toMatchObject({ publication: { number: 2 } });
    const diff = await call("GET", `${ACL}/publications/compare?from=1&to=2`);
    const tables = (diff.body!.sections as Array<{ section: string; added: string[] }>).find(
      (s) => s.section === "tables",
    )!;
    expect(tables.added.some((l) => l.includes('"table":"employees"') && l.includes('"user":"bob"'))).toBe(true);
    expect(tables.added.some((l) => l.includes('round(\\"gross\\")'))).toBe(true);
    const restored = await call("POST", `${ACL}/publications/1/restore`);
    expect(restored.body).toMatchObject({ publication: { number: 3, restoredFrom: 1 } });
    const served = await t.app.inject({ url: rulesUrl });
    expect(served.headers["x-publication"]).toBe("3");
    expect(served.json()).toEqual((await call("GET", `${ACL}/publications/1`)).body!.rules);
  });

  it("refuses a publication when the data catalogue is down, keeping the current one", async () => {
    await meta.notebook.stop();
    const res = await call("PUT", `${ACL}/sync`);
    expect(res.status).toBe(503);
    expect(res.body!.error).toMatch(/notebook service is unavailable/);
    expect((await t.app.inject({ url: rulesUrl })).headers["x-publication"]).toBe("3");
  });

  it("lists catalogs from Trino without the data-product catalog, and columns with types", async () => {
    const l = await call("GET", "/admin-api/api/v1/lookups");
    const names = (l.body!.catalogs as Array<{ name: string }>).map((c) => c.name);
    expect(names).toEqual(["hive", "iceberg", "postgresql"]);
    const cols = await call("GET", "/admin-api/api/v1/lookups/columns?catalog=hive&schema=sales&tables=orders");
    expect((cols.body!.tables as Array<{ columns: unknown[] }>)[0]!.columns).toContainEqual({
      name: "total_amount",
      dataType: "decimal(12,2)",
    });
    // Cached: asking again does not query Trino; a refresh reads the catalogue again.
    const asked = meta.trino.statements.length;
    await call("GET", "/admin-api/api/v1/lookups");
    expect(meta.trino.statements.length).toBe(asked);
    const again = await call("GET", "/admin-api/api/v1/lookups?refresh=true");
    expect(again.status).toBe(200);
    expect(meta.trino.statements.length).toBeGreaterThan(asked);
    expect(t.services.caches.names("trino-metadata")).toContain("policy lookups");
    meta.trino.setFailure(503);
    const down = await call("GET", "/admin-api/api/v1/lookups?refresh=true");
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ error: expect.stringContaining("Trino is unavailable") });
    meta.trino.setFailure(null);
  });

  it("takes a table access request pending approval, then approves it with a change set", async () => {
    const token = await adminToken(t.app);
    const req = await t.app.inject({
      method: "POST",
      url: `${ACL}/requests`,
      headers: bearer(token),
      payload: { catalogName: "iceberg", schemaName: "finance", tableName: "ledger" },
    });
    expect(req.statusCode).toBe(201);
    const p = req.json();
    expect(p).toMatchObject({ approvalStatus: "PENDING_APPROVAL", syncStatus: "pendingApproval" });
    expect((await call("PUT", `${ACL}/${p.id}`, tablePolicy({ policyName: "edit" }))).status).toBe(409);
    const ok = await call("PUT", `${ACL}/${p.id}/approve`, {
      rowFilters: [
        { table: "ledger", columnName: "posted", columnDataType: "boolean", filterCondition: "=", value: "true" },
      ],
    });
    expect(ok.status).toBe(200);
    const [approve] = await policyAudit(t.testDb.db, "Approve");
    expect((approve!.details.changeSet as Array<{ column: string }>).map((c) => c.column)).toEqual(
      expect.arrayContaining(["approvalStatus", "rowFilters"]),
    );
    expect((await call("GET", `${ACL}/${p.id}`)).body).toMatchObject({
      approvalStatus: "APPROVED",
      syncStatus: "approved",
    });
  });

  it("exports CSV named with a timestamp, and deletes with an audit", async () => {
    const res = await t.app.inject({ url: `${ACL}/export`, headers: bearer(await adminToken(t.app)) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="policies-\d{8}-\d{6}\.csv"$/);
    expect(res.body.split("\r\n")[0]).toMatch(/^id,priority,policyName,category/);
    const id = ((await call("GET", ACL)).body!.items as Array<{ id: number }>)[0]!.id;
    expect((await call("DELETE", `${ACL}/${id}`)).status).toBe(200);
    expect((await call("DELETE", `${ACL}/${id}`)).status).toBe(409);
    expect((await policyAudit(t.testDb.db, "Export as CSV")).length).toBe(1);
  });
});

describe("policy editing needs a valid licence", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Licensing on, no licence installed.
    t = await makeApp("pglite", { LICENSING_ENABLED: "true", LICENSE_PUBLIC_KEY: generateVendorKeys().publicKey });
  });
  afterAll(() => t.close());
  it("refuses to create without one", async () => {
    const call = caller(t.app, await adminToken(t.app));
    const res = await call("POST", `${ACL}/add`, tablePolicy({ assignToGroups: [".*"] }));
    expect(res).toMatchObject({ status: 403, body: { error: "Editing policies needs a valid licence." } });
  });
});
