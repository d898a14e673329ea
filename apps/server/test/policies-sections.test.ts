import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, policyAudit, startMetadata } from "./policies-support.js";

const RULES_TOKEN = "sections-rules-token-0123456789";

/** A policy of one of the rules-file kinds: `access` holds the kind's own fields. */
const kind = (category: string, over: Record<string, unknown> = {}) => ({
  policyName: `${category} policy`,
  category,
  assignToGroups: ["etl"],
  ...over,
});

describe.each(DB_KINDS)("policies for every section of the rules (%s)", (db) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;
  const rules = async () => {
    const res = await t.app.inject({ url: `/trino/rules.json?token=${RULES_TOKEN}` });
    expect(res.statusCode).toBe(200);
    return res.json() as Record<string, Array<Record<string, unknown>>>;
  };

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(db, { TRINO_RULES_TOKEN: RULES_TOKEN }, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "airflow", { groups: ["etl"] });
    await seedUser(t.testDb.db, "superset", { groups: ["etl"] });
    await seedUser(t.testDb.db, "ops1", { groups: ["ops"] });
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("publishes each kind into its own section, first match in priority order, the defaults last", async () => {
    const created = [
      kind("impersonation", { access: { targetUsers: [".*"] } }),
      kind("queries", {
        policyName: "ops watch etl",
        assignToGroups: ["ops"],
        access: { queryAccess: ["view", "kill"], queryOwners: ["airflow", "superset"] },
      }),
      kind("queries", { policyName: "etl may not run", access: { queryAccess: [] } }),
      kind("systemInformation", { assignToGroups: ["ops"], access: { systemInformation: ["read", "write"] } }),
      kind("systemSessionProperties", { access: { properties: ["query_max_memory"], allow: false } }),
      kind("catalogSessionProperties", { catalogName: "hive", access: { properties: [".*"], allow: false } }),
      kind("functions", {
        catalogName: "hive",
        schemaName: ["udf"],
        access: { routines: ["mask_email"], routinePrivileges: ["EXECUTE"] },
      }),
      kind("procedures", {
        catalogName: "hive",
        schemaName: ["system"],
        access: { routines: ["sync_partition_metadata"], routinePrivileges: ["EXECUTE"] },
      }),
      kind("authorization", { assignToUsers: ["ops1"], assignToGroups: [], access: { targetRoles: ["admin"] } }),
    ];
    for (const p of created) expect((await call("POST", `${ACL}/add`, p)).status, p.policyName).toBe(201);
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    const r = await rules();
    expect(r.impersonation).toEqual([{ original_user: "airflow|superset", new_user: ".*", allow: true }]);
    // Owners' rules come first, so that a rule about running never decides who sees whose queries.
    expect(r.queries).toEqual([
      { user: "ops1", queryOwner: "airflow|superset", allow: ["view", "kill"] },
      { user: "admin", queryOwner: ".*", allow: ["view", "kill"] },
      { user: "airflow|superset", allow: [] },
      { allow: ["execute"] },
    ]);
    expect(r.system_information).toEqual([
      { user: "ops1", allow: ["read", "write"] },
      { user: "admin", allow: ["read"] },
    ]);
    expect(r.system_session_properties).toEqual([
      { user: "airflow|superset", property: "query_max_memory", allow: false },
      { allow: true },
    ]);
    expect(r.catalog_session_properties).toEqual([
      { user: "airflow|superset", catalog: "hive", allow: false },
      { allow: true },
    ]);
    expect(r.functions).toEqual([
      { user: "airflow|superset", catalog: "hive", schema: "udf", function: "mask_email", privileges: ["EXECUTE"] },
      { catalog: "system", schema: "builtin", privileges: ["EXECUTE", "GRANT_EXECUTE"] },
    ]);
    expect(r.procedures).toEqual([
      {
        user: "airflow|superset",
        catalog: "hive",
        schema: "system",
        procedure: "sync_partition_metadata",
        privileges: ["EXECUTE"],
      },
      { catalog: "system", schema: "builtin", privileges: ["EXECUTE", "GRANT_EXECUTE"] },
    ]);
    expect(r.authorization).toEqual([{ original_user: "ops1", new_role: "admin", allow: true }]);
    const audit = (await policyAudit(t.testDb.db, "Create")).map((e) => e.subject_name);
    expect(audit).toEqual(expect.arrayContaining(created.map((p) => p.policyName)));
  });

  it("refuses what a kind cannot hold, naming the field", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [kind("queries", { policyName: "q1", access: { queryAccess: ["view"] } }), "access.queryOwners"],
      [kind("impersonation", { policyName: "i1", access: { targetUsers: [] } }), "access.targetUsers"],
      [kind("impersonation", { policyName: "i2", catalogName: "hive", access: { targetUsers: ["x"] } }), "catalogName"],
      [kind("impersonation", { policyName: "i3", access: { targetUsers: ["x"], routines: ["f"] } }), "access.routines"],
      [kind("functions", { policyName: "f1", access: { routines: ["f"] } }), "catalogName"],
      [
        kind("procedures", {
          policyName: "p1",
          catalogName: "hive",
          access: { routines: ["p"], routinePrivileges: ["OWNERSHIP"] },
        }),
        "access.routinePrivileges",
      ],
      [kind("systemSessionProperties", { policyName: "s1", access: { properties: [] } }), "access.properties"],
      [kind("authorization", { policyName: "a1", access: {} }), "access.targetUsers"],
      [
        kind("queries", { policyName: "q2", assignToGroups: [], access: { queryAccess: ["execute"] } }),
        "assignToUsers",
      ],
      [kind("queries", { policyName: "q3", tables: ["t"], access: { queryAccess: ["execute"] } }), "tables"],
      [kind("systemSessionProperties", { policyName: "s2", access: { properties: [".*", "x"] } }), "access.properties"],
      [
        {
          policyName: "t1",
          category: "tables",
          catalogName: "hive",
          schemaName: ["sales"],
          tables: ["customers"],
          tablePrivileges: ["SELECT"],
          assignToGroups: ["etl"],
          access: { allow: false },
        },
        "access.allow",
      ],
    ];
    for (const [body, field] of cases) {
      const res = await call("POST", `${ACL}/add`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body!.field, JSON.stringify(body)).toBe(field);
    }
  });

  it("records what a kind's change changes in the Update event's change set", async () => {
    const created = await call(
      "POST",
      `${ACL}/add`,
      kind("impersonation", { policyName: "i-changes", access: { targetUsers: ["alice"] } }),
    );
    expect(created.status).toBe(201);
    const updated = await call(
      "PUT",
      `${ACL}/${created.body!.id}`,
      kind("impersonation", { policyName: "i-changes", access: { targetUsers: ["alice", "bob"] } }),
    );
    expect(updated.status).toBe(200);
    const event = (await policyAudit(t.testDb.db, "Update")).find((e) => e.subject_name === "i-changes")!;
    const change = (event.details.changeSet as Array<{ column: string; oldVal: string; newVal: string }>).find(
      (c) => c.column === "access",
    )!;
    expect(JSON.parse(change.oldVal)).toMatchObject({ targetUsers: ["alice"] });
    expect(JSON.parse(change.newVal)).toMatchObject({ targetUsers: ["alice", "bob"] });
  });

  it("keeps the console's defaults out of reach: no change, no clone, no delete", async () => {
    const list = (await call("GET", `${ACL}?size=200`)).body!.items as Array<{
      id: number;
      systemPolicy: boolean;
      policyName: string;
    }>;
    const def = list.find((p) => p.systemPolicy && p.policyName === "Everyone runs queries")!;
    expect(def).toBeDefined();
    expect((await call("PUT", `${ACL}/${def.id}/disable`)).status).toBe(403);
    expect((await call("DELETE", `${ACL}/${def.id}`)).status).toBe(403);
    expect((await call("POST", `${ACL}/${def.id}/clone`)).status).toBe(403);
  });

  it("answers 403 to a user without the policy-management menu", async () => {
    await seedUser(t.testDb.db, "viewer");
    await assignMenus(t.testDb.db, "viewer", ["audits"]);
    const viewer = caller(t.app, await tokenFor(t.app, "viewer", USER_PASSWORD));
    const res = await viewer(
      "POST",
      `${ACL}/add`,
      kind("queries", { policyName: "q9", access: { queryAccess: ["execute"] } }),
    );
    expect(res.status).toBe(403);
  });
});
