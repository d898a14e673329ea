import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml, stringify as toYaml } from "yaml";
import { policyDocumentJsonSchema } from "@console/contracts";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, policyAudit, startMetadata, tablePolicy } from "./policies-support.js";
import { RANGER_EXPORT } from "./ranger-support.js";

const CODE = `${ACL}/code`;
type Doc = { kind: string; version: number; policies: Array<Record<string, unknown>> };

/** The export's text (YAML is not JSON, so not through the JSON caller). */
async function exported(app: TestApp["app"], query = "format=yaml") {
  const res = await app.inject({
    method: "GET",
    url: `${CODE}/export?${query}`,
    headers: bearer(await adminToken(app)),
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="policies-\d{8}-\d{6}\.(yaml|json)"$/);
  return res.body;
}

describe.each(DB_KINDS)("policies as code (%s)", (kind) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(kind, {}, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "alice", { groups: ["analysts"] });
    await seedUser(t.testDb.db, "bob", { groups: ["finance"] });
    await seedUser(t.testDb.db, "carol", { groups: ["analysts"] });
    await assignMenus(t.testDb.db, "carol", ["user-management"]);
    expect((await call("POST", `${ACL}/add`, tablePolicy())).status).toBe(201);
    const orders = tablePolicy({
      policyName: "finance orders",
      tables: ["orders"],
      tablePrivileges: ["SELECT", "INSERT"],
      columnDetails: [],
      rowFilters: [],
      customRowFilter: "status <> 'cancelled'",
      assignToGroups: [],
      assignToUsers: ["bob"],
      tnc: { startDate: null, endDate: "2030-01-01T00:00:00.000Z", description: "Quarter close" },
    });
    const created = await call("POST", `${ACL}/add`, orders);
    expect(created.status).toBe(201);
    expect((await call("PUT", `${ACL}/${created.body!.id as number}/disable`)).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("exports every field of every policy by name, as YAML or JSON, and audits it", async () => {
    const doc = parseYaml(await exported(t.app)) as Doc;
    expect(doc).toMatchObject({ kind: "PolicySet", version: 1 });
    expect(doc.policies.map((p) => p.policyName)).toEqual(["sales analysts", "finance orders"]);
    expect(doc.policies[1]).toMatchObject({
      priority: 2,
      state: "disabled",
      tablePrivileges: ["SELECT", "INSERT"],
      customRowFilter: "status <> 'cancelled'",
      assignToUsers: ["bob"],
      tnc: { endDate: "2030-01-01T00:00:00.000Z", description: "Quarter close" },
    });
    expect(doc.policies[0]!.columnDetails).toHaveLength(2);
    const json = JSON.parse(await exported(t.app, "format=json&search=finance")) as Doc;
    expect(json.policies.map((p) => p.policyName)).toEqual(["finance orders"]);
    expect((await policyAudit(t.testDb.db, "Export as document")).length).toBe(2);
    expect((await call("GET", `${CODE}/export?format=xml`)).body).toMatchObject({ field: "query.format" });
  });

  it("serves the document's JSON Schema with its version", async () => {
    const res = await call("GET", `${CODE}/schema`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(policyDocumentJsonSchema());
    // docs/ keeps the same schema (node scripts/policies/schema.mjs writes it).
    expect(res.body).toEqual(
      JSON.parse(readFileSync(new URL("../../../docs/policy-document.schema.json", import.meta.url), "utf8")),
    );
    expect(res.body).toMatchObject({ properties: { version: { const: 1 } } });
  });

  it("plans nothing for its own export, and field-by-field updates, creates and (replace) deletes", async () => {
    const doc = parseYaml(await exported(t.app)) as Doc;
    const same = await call("POST", `${CODE}/plan`, { document: toYaml(doc) });
    expect(same.body).toMatchObject({ valid: true, creates: [], updates: [], deletes: [], problems: [] });
    expect(same.body!.unchanged).toEqual(["sales analysts", "finance orders"]);

    doc.policies[0]!.tables = ["customers", "orders"];
    doc.policies[1]!.state = "enabled";
    const merged = await call("POST", `${CODE}/plan`, {
      document: toYaml({
        ...doc,
        policies: [doc.policies[0], { ...doc.policies[0], policyName: "new one", priority: 9 }],
      }),
    });
    expect(merged.body).toMatchObject({ valid: true, mode: "merge", deletes: [] });
    expect(merged.body!.creates).toMatchObject([{ name: "new one" }]);
    expect(merged.body!.updates).toEqual([
      {
        id: expect.any(Number),
        name: "sales analysts",
        changes: [{ column: "tables", oldVal: "customers", newVal: "customers|orders" }],
      },
    ]);
    const replaced = await call("POST", `${CODE}/plan`, {
      document: JSON.stringify({ ...doc, policies: [doc.policies[1]] }),
      mode: "replace",
    });
    expect(replaced.body!.deletes).toMatchObject([{ name: "sales analysts" }]);
    expect(replaced.body!.updates).toMatchObject([
      { name: "finance orders", changes: [{ column: "state", oldVal: "disabled", newVal: "enabled" }] },
    ]);
  });

  it("refuses the whole document naming every problem by path, and apply writes nothing", async () => {
    const doc = parseYaml(await exported(t.app)) as Doc;
    const bad = (over: Record<string, unknown>) => ({ ...doc.policies[0], ...over });
    const policies = [
      bad({ policyName: "p unknown user", assignToUsers: ["nobody"], assignToGroups: ["ghosts"] }),
      bad({ policyName: "p unknown table", tables: ["customers", "no_such_table"], columnDetails: [], rowFilters: [] }),
      bad({
        policyName: "p bad mask",
        columnDetails: [
          { table: "customers", name: "vip", columnDataType: "boolean", type: "predefine", mask: "hash" },
        ],
      }),
      bad({ policyName: "p bad filter", customRowFilter: "country = 'AE' OR" }),
      bad({ policyName: "P BAD FILTER" }),
      bad({ policyName: "p bad privilege", tablePrivileges: ["READ"] }),
    ];
    const before = await policyAudit(t.testDb.db);
    const body = { document: toYaml({ ...doc, policies }) };
    const plan = await call("POST", `${CODE}/plan`, body);
    expect(plan.status).toBe(200);
    expect(plan.body!.valid).toBe(false);
    const paths = (plan.body!.problems as Array<{ path: string; message: string }>).map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "policies.0.assignToUsers.0",
        "policies.0.assignToGroups.0",
        "policies.1.tables.1",
        "policies.2.columnDetails.0.mask",
        "policies.3.customRowFilter",
        "policies.4.policyName",
        "policies.5.tablePrivileges.0",
      ]),
    );
    const apply = await call("POST", `${CODE}/apply`, body);
    expect(apply.status).toBe(400);
    expect(Object.keys(apply.body!.fields as object)).toEqual(expect.arrayContaining(["policies.0.assignToUsers.0"]));
    expect(await policyAudit(t.testDb.db)).toHaveLength(before.length);
    const listed = (await call("GET", `${ACL}?size=200`)).body!.items as Array<{ systemPolicy: boolean }>;
    expect(listed.filter((p) => !p.systemPolicy)).toHaveLength(2);
  });

  it("answers bad uploads with a 400 naming the problem", async () => {
    const cases: Array<[object, string]> = [
      [{ document: "policies: [unclosed" }, "document"],
      [{ document: "just text" }, "document"],
      [{ document: toYaml({ kind: "PolicySet", version: 2, policies: [] }) }, "document.version"],
      [{ document: toYaml({ kind: "Other", version: 1, policies: [] }) }, "document.kind"],
      [{ document: "x".repeat(900_001) }, "body.document"],
      [{ document: toYaml({ kind: "PolicySet", version: 1, policies: [] }), mode: "wipe" }, "body.mode"],
    ];
    for (const [body, field] of cases) {
      const res = await call("POST", `${CODE}/plan`, body);
      expect(res.status, field).toBe(400);
      expect(res.body!.field, field).toBe(field);
    }
  });

  it("applies in one transaction with one audit event per policy changed, and does not sync", async () => {
    const doc = parseYaml(await exported(t.app)) as Doc;
    doc.policies[0]!.assignToUsers = ["alice"];
    doc.policies.push({ ...doc.policies[1], policyName: "imported copy", priority: 7 });
    const before = (await policyAudit(t.testDb.db)).length;
    const res = await call("POST", `${CODE}/apply`, { document: toYaml(doc) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 1, updated: 1, deleted: 0 });
    const events = (await policyAudit(t.testDb.db)).slice(before);
    expect(events.map((e) => [e.action, e.subject_name])).toEqual([
      ["Create", "imported copy"],
      ["Update", "sales analysts"],
    ]);
    expect(events[1]!.details).toMatchObject({
      imported: "console",
      changeSet: [{ column: "assignToUsers", oldVal: "", newVal: "alice" }],
    });
    const list = (await call("GET", `${ACL}?size=50`)).body!.items as Array<Record<string, unknown>>;
    expect(list.find((p) => p.policyName === "imported copy")).toMatchObject({
      state: "disabled",
      priority: 7,
      synced: false,
    });
    expect((await call("GET", `${ACL}/publications`)).body).toEqual({ items: [] });

    // Replace: what the document leaves out is deleted, one event each.
    const replace = await call("POST", `${CODE}/apply`, {
      document: toYaml({ ...doc, policies: doc.policies.slice(0, 2) }),
      mode: "replace",
    });
    expect(replace.body).toMatchObject({ created: 0, updated: 0, deleted: 1 });
    expect((await policyAudit(t.testDb.db, "Delete")).map((e) => e.subject_name)).toEqual(["imported copy"]);
  });

  it("round trip: export, import into an empty console, export again gives the same document", async () => {
    const first = await exported(t.app);
    const empty = await makeApp(kind, {}, { sandbox: { urls: meta.urls } });
    try {
      await seedUser(empty.testDb.db, "alice", { groups: ["analysts"] });
      await seedUser(empty.testDb.db, "bob", { groups: ["finance"] });
      const other = caller(empty.app, await adminToken(empty.app));
      const applied = await other("POST", `${CODE}/apply`, { document: first });
      expect(applied.body).toMatchObject({ created: 2, updated: 0, deleted: 0 });
      expect(await exported(empty.app)).toBe(first);
      const json = await exported(t.app, "format=json");
      expect(await exported(empty.app, "format=json")).toBe(json);
    } finally {
      await empty.close();
    }
  }, 180_000); // a second console starts here, its migrations included: slow on a busy machine

  it("plans and applies a Ranger export, listing what could not be mapped, and re-plans it unchanged", async () => {
    const missing = await call("POST", `${CODE}/plan`, { document: RANGER_EXPORT });
    expect(missing.body).toMatchObject({ source: "ranger", valid: false });
    expect(missing.body!.problems).toEqual(
      expect.arrayContaining([
        { path: "policies.14 (hr employees) → hr employees.assignToGroups.0", message: "no group is named hr" },
      ]),
    );
    await seedUser(t.testDb.db, "dave");
    await seedUser(t.testDb.db, "erin", { groups: ["hr"] });
    await seedUser(t.testDb.db, "frank", { groups: ["auditors", "contractors", "finance"] });
    const plan = await call("POST", `${CODE}/plan`, { document: RANGER_EXPORT });
    expect(plan.body).toMatchObject({ source: "ranger", valid: true, problems: [], updates: [], deletes: [] });
    const names = (plan.body!.creates as Array<{ name: string }>).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(["sales team customers", "finance tables", "retired returns"]));
    const notes = plan.body!.notes as Array<{ source: string; messages: string[] }>;
    expect(notes.find((n) => n.source === "policies.11 (pii tag)")!.messages).toEqual([
      "tag-based policies are refused: the console has no tag service of Ranger's kind",
    ]);
    const masked = (
      plan.body!.creates as Array<{ name: string; policy: { columnDetails: Array<Record<string, string>> } }>
    ).find((c) => c.name === "sales team customers")!.policy.columnDetails;
    expect(masked.find((m) => m.name === "birth_date")).toMatchObject({
      columnDataType: "date",
      mask: "dateTruncYear",
    });

    const before = (await policyAudit(t.testDb.db, "Create")).length;
    const applied = await call("POST", `${CODE}/apply`, { document: RANGER_EXPORT });
    expect(applied.body).toMatchObject({ created: names.length, updated: 0, deleted: 0 });
    const created = (await policyAudit(t.testDb.db, "Create")).slice(before);
    expect(created.map((e) => e.subject_name)).toEqual(names);
    expect(created[0]!.details).toMatchObject({ imported: "ranger" });
    const again = await call("POST", `${CODE}/plan`, { document: RANGER_EXPORT });
    expect(again.body).toMatchObject({ valid: true, creates: [], updates: [] });
    expect(again.body!.unchanged).toEqual(names);
  });

  it("is the policy-management menu's: 403 for a user without it", async () => {
    const other = caller(t.app, await tokenFor(t.app, "carol", USER_PASSWORD));
    const body = { document: toYaml({ kind: "PolicySet", version: 1, policies: [] }) };
    expect((await other("POST", `${CODE}/plan`, body)).status).toBe(403);
    expect((await other("POST", `${CODE}/apply`, body)).status).toBe(403);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `${CODE}/export`,
          headers: bearer(await tokenFor(t.app, "carol", USER_PASSWORD)),
        })
      ).statusCode,
    ).toBe(403);
    expect((await other("GET", `${CODE}/schema`)).status).toBe(403);
  });
});
