import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, startMetadata, tablePolicy } from "./policies-support.js";

const CHECK = `${ACL}/rules/check`;
const who = (user: string, groups: string[] = []) => ({ identity: { user, groups } });
const table = (catalogName: string, schemaName: string, tableName: string, columns?: string[]) => ({
  table: { catalogName, schemaName, tableName, ...(columns ? { columns } : {}) },
});

/** A hand-written document, as a team running Trino's file-based access control keeps one. */
const DOCUMENT = {
  catalogs: [
    { group: "admins", allow: "all" },
    { catalog: "hive", allow: "read-only" },
  ],
  tables: [
    {
      group: "analysts",
      catalog: "hive",
      schema: "sales",
      table: "customers",
      privileges: ["SELECT"],
      columns: [
        { name: "email", mask: "'***'" },
        { name: "ssn", allow: false },
      ],
      filter: "country = 'AE'",
    },
    { user: "svc_.*", catalog: "hive", privileges: ["SELECT"] },
  ],
  impersonation: [{ original_user: "superset", new_user: "(?!admin).*", allow: true }],
};

describe.each(DB_KINDS)("the rules checker (%s)", (db) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(db, {}, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "alice", { groups: ["analysts"] });
    await seedUser(t.testDb.db, "superset");
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("decides OPA-shaped inputs under a given document: single checks, batches, row filters and masks", async () => {
    const inputs = [
      {
        context: who("alice", ["analysts"]),
        action: { operation: "SelectFromColumns", resource: table("hive", "sales", "customers", ["id", "email"]) },
      },
      {
        context: who("alice", ["analysts"]),
        action: { operation: "SelectFromColumns", resource: table("hive", "sales", "customers", ["ssn"]) },
      },
      {
        context: who("alice", ["analysts"]),
        action: { operation: "InsertIntoTable", resource: table("hive", "sales", "customers") },
      },
      {
        context: who("svc_etl"),
        action: {
          operation: "FilterTables",
          filterResources: [
            table("hive", "sales", "orders"),
            table("iceberg", "x", "y"),
            table("hive", "hr", "employees"),
          ],
        },
      },
      {
        context: who("alice", ["analysts"]),
        action: { operation: "GetRowFilters", resource: table("hive", "sales", "customers") },
      },
      {
        context: who("alice", ["analysts"]),
        action: {
          operation: "GetColumnMask",
          resource: {
            column: {
              catalogName: "hive",
              schemaName: "sales",
              tableName: "customers",
              columnName: "email",
              columnType: "varchar",
            },
          },
        },
      },
      { context: who("superset"), action: { operation: "ImpersonateUser", resource: { user: { user: "alice" } } } },
      { context: who("superset"), action: { operation: "ImpersonateUser", resource: { user: { user: "admin" } } } },
      { context: who("alice"), action: { operation: "ReadSystemInformation" } },
    ];
    const res = await call("POST", CHECK, { rules: DOCUMENT, inputs });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: "document", publication: null });
    expect(res.body!.results).toEqual([
      true,
      false,
      false,
      [0, 2],
      [{ expression: "country = 'AE'" }],
      { expression: "'***'" },
      true,
      false,
      false,
    ]);
  });

  it("names the rule that decided, its section and position, or the default", async () => {
    const res = await call("POST", CHECK, {
      rules: DOCUMENT,
      explain: true,
      inputs: [
        {
          context: who("alice", ["analysts"]),
          action: { operation: "SelectFromColumns", resource: table("hive", "sales", "customers", ["id"]) },
        },
        { context: who("alice"), action: { operation: "ReadSystemInformation" } },
      ],
    });
    expect(res.status).toBe(200);
    const [first, second] = res.body!.explanations as Array<{ decidedBy: unknown[]; reason: string }>;
    expect(first!.decidedBy).toEqual(
      expect.arrayContaining([
        { section: "catalogs", index: 1, rule: DOCUMENT.catalogs[1] },
        { section: "tables", index: 0, rule: DOCUMENT.tables[0] },
      ]),
    );
    expect(second!.decidedBy).toEqual([{ section: "system_information", default: "absent" }]);
    expect(second!.reason).toEqual(expect.any(String));
  });

  it("answers a malformed document or input with a 400 naming its path", async () => {
    const badRules = await call("POST", CHECK, {
      rules: { tables: [{ privileges: ["SELECT", "READ"] }], querys: [] },
      inputs: [{ context: who("alice"), action: { operation: "ReadSystemInformation" } }],
    });
    expect(badRules.status).toBe(400);
    expect(Object.keys(badRules.body!.fields as object)).toEqual(
      expect.arrayContaining(["body.rules.tables.0.privileges.1", expect.stringMatching(/^body\.rules(\.querys)?$/)]),
    );
    const badInput = await call("POST", CHECK, {
      rules: DOCUMENT,
      inputs: [
        {
          context: who("alice"),
          action: { operation: "SelectFromColumns", resource: { table: { catalogName: "hive" } } },
        },
      ],
    });
    expect(badInput.status).toBe(400);
    expect(badInput.body!.field).toMatch(/^body\.inputs\.0\.action\.resource\.table\./);
    const noOp = await call("POST", CHECK, {
      rules: DOCUMENT,
      inputs: [{ context: who("a"), action: { operation: "Fly" } }],
    });
    expect(noOp).toMatchObject({ status: 400, body: { field: "body.inputs.0.action.operation" } });
  });

  it("checks the publication in force, or Sync's candidate, and names the policies behind the deciding rule", async () => {
    const before = await call("POST", CHECK, {
      inputs: [{ context: who("alice"), action: { operation: "ExecuteQuery" } }],
    });
    expect(before).toMatchObject({ status: 409, body: { error_description: "no_publication" } });
    const impersonation = await call("POST", `${ACL}/add`, {
      policyName: "superset acts as alice",
      category: "impersonation",
      assignToUsers: ["superset"],
      access: { targetUsers: ["alice"] },
    });
    expect(impersonation.status).toBe(201);
    const asAlice = {
      context: who("superset"),
      action: { operation: "ImpersonateUser", resource: { user: { user: "alice" } } },
    };
    const candidate = await call("POST", CHECK, { candidate: true, explain: true, inputs: [asAlice] });
    expect(candidate.body).toMatchObject({ source: "candidate", results: [true] });
    expect((candidate.body!.explanations as Array<{ policies: unknown[] }>)[0]!.policies).toEqual([
      { id: impersonation.body!.id, name: "superset acts as alice", system: false },
    ]);
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    expect(
      (
        await call(
          "POST",
          `${ACL}/add`,
          tablePolicy({ policyName: "unsynced", assignToUsers: ["alice"], assignToGroups: [] }),
        )
      ).status,
    ).toBe(201);
    const current = await call("POST", CHECK, {
      inputs: [
        asAlice,
        { context: who("alice"), action: { operation: "ExecuteQuery" } },
        {
          context: who("alice"),
          action: { operation: "SelectFromColumns", resource: table("hive", "sales", "customers", ["id"]) },
        },
      ],
    });
    // Everyone runs queries by the console's defaults; the table policy is not synced yet.
    expect(current.body).toMatchObject({ source: "publication", publication: 1, results: [true, true, false] });
    const identity = await call("GET", `${ACL}/rules/identity/alice`);
    expect(identity.body).toEqual({ user: "alice", groups: ["analysts"], exists: true });
  });

  it("is the policy-management menu's: 403 for a user without it", async () => {
    await seedUser(t.testDb.db, "auditor");
    await assignMenus(t.testDb.db, "auditor", ["audits"]);
    const auditor = caller(t.app, await tokenFor(t.app, "auditor", USER_PASSWORD));
    const body = { rules: DOCUMENT, inputs: [{ context: who("a"), action: { operation: "ExecuteQuery" } }] };
    expect((await auditor("POST", CHECK, body)).status).toBe(403);
    expect((await auditor("GET", `${ACL}/rules/identity/alice`)).status).toBe(403);
  });
});
