import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PolicyImportPlan, TrinoRules } from "@console/contracts";
import { differences, universeOf } from "../src/modules/policies/code/trino-equivalence.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, policyAudit, startMetadata } from "./policies-support.js";

const CODE = `${ACL}/code`;
const RULES_TOKEN = "trino-import-rules-token-0123456789";

/** A team's hand-written rules file: every section, regular expressions, roles, masks, filters, $1. */
const FILE = {
  catalogs: [
    { group: "admins", allow: "all" },
    { user: "svc_.*", catalog: "(hive|iceberg)", allow: "read-only" },
    { role: "auditor", catalog: "hive", allow: "read-only" },
    { catalog: "hive", allow: "read-only" },
    { catalog: "system", allow: "read-only" },
  ],
  schemas: [
    { group: "admins", owner: true },
    { user: "carol", schema: "sandbox", owner: true },
  ],
  tables: [
    { group: "admins", privileges: ["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP"] },
    {
      group: "analysts",
      catalog: "hive",
      schema: "sales",
      table: "customers",
      privileges: ["SELECT"],
      columns: [
        { name: "email", mask: "'***'" },
        { name: "national_id", allow: false },
      ],
      filter: "country = 'AE'",
      filter_environment: { user: "trino" },
    },
    { user: "svc_.*", catalog: "hive", schema: "sales", privileges: ["SELECT"] },
    { catalog: "hive", schema: "marketing", table: "(campaigns|leads)", privileges: ["SELECT"] },
  ],
  queries: [
    { group: "admins", allow: ["execute", "kill", "view"] },
    { user: "alice", queryOwner: "carol|bob", allow: ["view"] },
    { allow: ["execute"] },
  ],
  impersonation: [
    { original_user: "superset", new_user: "alice|bob", allow: true },
    { original_user: "airflow", new_user: "(?!admin).*", allow: true },
    { original_user: "(.*)_svc", new_user: "$1", allow: true },
  ],
  system_information: [
    { user: "dave", allow: ["read", "write"] },
    { user: "alice", allow: ["read"] },
  ],
  system_session_properties: [{ group: "analysts", property: "query_max_memory", allow: false }, { allow: true }],
  catalog_session_properties: [{ catalog: "hive", property: "bucket_.*", allow: false }, { allow: true }],
  functions: [
    { catalog: "system", schema: "builtin", privileges: ["EXECUTE", "GRANT_EXECUTE"] },
    { group: "analysts", catalog: "hive", schema: "udf", function: "mask_email", privileges: ["EXECUTE"] },
  ],
  procedures: [
    { user: "dave", catalog: "hive", schema: "system", procedure: "sync_partition_metadata", privileges: ["EXECUTE"] },
  ],
  authorization: [{ original_group: "admins", new_user: ".*", allow: true }],
};

describe.each(DB_KINDS)("moving in from a hand-written Trino rules file (%s)", (db) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;
  const members = new Map([
    ["admins", ["dave"]],
    ["analysts", ["alice", "carol"]],
    ["etl", ["airflow", "superset", "svc_load"]],
  ]);

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(db, { TRINO_RULES_TOKEN: RULES_TOKEN }, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    for (const u of ["alice", "bob", "carol", "dave", "airflow", "superset", "svc_load", "report_svc"])
      await seedUser(t.testDb.db, u, { groups: [...members].filter(([, m]) => m.includes(u)).map(([g]) => g) });
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("plans each rule as a policy, says which are kept verbatim and why, and turns the console's defaults off", async () => {
    const res = await call("POST", `${CODE}/plan`, { document: JSON.stringify(FILE), mode: "replace" });
    expect(res.status).toBe(200);
    const plan = res.body as unknown as PolicyImportPlan;
    expect(plan).toMatchObject({ source: "trino", valid: true, problems: [] });
    const rules = Object.values(FILE).reduce((n, l) => n + l.length, 0);
    expect(plan.creates).toHaveLength(rules);
    const byName = new Map(plan.creates.map((c) => [c.name, c.policy]));
    // What the forms say exactly becomes a policy of its kind.
    expect(byName.get("impersonation 1 (superset)")).toMatchObject({
      category: "impersonation",
      assignToUsers: ["superset"],
      access: { targetUsers: ["alice", "bob"], allow: true },
    });
    expect(byName.get("system_information 2 (alice)")).toMatchObject({
      category: "systemInformation",
      access: { systemInformation: ["read"] },
    });
    // The rest stays as written, in its place.
    expect(byName.get("impersonation 3 ((.*)_svc)")).toMatchObject({
      category: "trinoRule",
      access: { section: "impersonation", rule: FILE.impersonation[2] },
    });
    const why = (source: string) => plan.notes.find((n) => n.source === source)?.messages;
    expect(why("impersonation.2")).toEqual(["kept verbatim, in its place: a regular expression over users"]);
    expect(why("catalogs.2")).toEqual([
      "kept verbatim, in its place: catalog, schema and table rules of a file are kept as written (first match)",
    ]);
    expect(why("the console's defaults")).toEqual([
      "turned off: the file decides these sections itself, or leaves them to Trino's default",
    ]);
    expect(plan.updates.map((u) => u.changes)).toContainEqual([
      { column: "state", oldVal: "enabled", newVal: "disabled" },
    ]);
  });

  it("after apply and Sync, decides exactly as the file did, for every identity, resource and operation", async () => {
    const applied = await call("POST", `${CODE}/apply`, { document: JSON.stringify(FILE), mode: "replace" });
    expect(applied.status).toBe(200);
    expect((await policyAudit(t.testDb.db, "Disable")).length).toBeGreaterThan(0);
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    const served = (await t.app.inject({ url: `/trino/rules.json?token=${RULES_TOKEN}` })).json<TrinoRules>();
    const users = [...new Set([...members.values()].flat()), "bob", "report_svc"].map((user) => ({
      user,
      groups: [...members].filter(([, m]) => m.includes(user)).map(([g]) => g),
    }));
    const universe = universeOf(FILE, users);
    const { asked, differ } = differences(FILE, served, universe, 20);
    expect(differ.map((d) => `${d.input.action.operation} ${JSON.stringify(d.input)}`)).toEqual([]);
    expect(asked).toBeGreaterThan(5_000);
    // The same questions find a rule gone: the comparison can fail.
    const without = { ...served, impersonation: served.impersonation!.slice(0, -1) };
    const missing = differences(FILE, without, universe, 5).differ;
    expect(missing[0]).toMatchObject({
      before: true,
      after: false,
      input: { action: { operation: "ImpersonateUser" } },
    });
  });

  it("refuses a file Trino would not load, naming the path", async () => {
    const bad = { ...FILE, tables: [{ privileges: ["READ"] }], querys: [] };
    const res = await call("POST", `${CODE}/plan`, { document: JSON.stringify(bad) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: "trino", valid: false });
    expect((res.body as unknown as PolicyImportPlan).problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(["tables.0.privileges.0"]),
    );
  });
});
