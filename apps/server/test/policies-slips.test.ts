import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml, stringify as toYaml } from "yaml";
import { Metadata } from "../src/modules/policies/metadata.js";
import { PublicationService } from "../src/modules/policies/publish.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, startMetadata, tablePolicy } from "./policies-support.js";

const CODE = `${ACL}/code`;

/** The cases a governance engineer found slipping through: each must hold on both databases. */
describe.each(DB_KINDS)("rules that mean what the administrator meant (%s)", (db) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(db, {}, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "alice", { groups: ["analysts", "gulf"] });
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("names an unknown key anywhere in a document or a request body, and plans nothing", async () => {
    expect((await call("POST", `${ACL}/add`, tablePolicy({ policyName: "typo base" }))).status).toBe(201);
    const exported = await t.app.inject({
      url: `${CODE}/export?format=yaml`,
      headers: { authorization: `Bearer ${await adminToken(t.app)}` },
    });
    const doc = parseYaml(exported.body) as { policies: Array<Record<string, unknown>> };
    const at = doc.policies.findIndex((p) => p.policyName === "typo base");
    const p = doc.policies[at]!;
    p.rowFilter = p.rowFilters;
    delete p.rowFilters;
    (p.columnDetails as Array<Record<string, unknown>>)[0]!.columnDataTyp = "varchar";
    const plan = await call("POST", `${CODE}/plan`, { document: toYaml(doc) });
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ valid: false });
    expect(plan.body!.problems).toEqual(
      expect.arrayContaining([
        { path: `policies.${at}.rowFilter`, message: "unknown field" },
        { path: `policies.${at}.columnDetails.0.columnDataTyp`, message: "unknown field" },
      ]),
    );
    const apply = await call("POST", `${CODE}/apply`, { document: toYaml(doc) });
    expect(apply.status).toBe(400);
    const top = await call("POST", `${CODE}/plan`, { document: toYaml({ ...doc, polices: [] }) });
    expect(top).toMatchObject({ status: 400, body: { field: "document.polices" } });
    const body = await call("POST", `${ACL}/add`, { ...tablePolicy({ policyName: "typo body" }), rowFilter: [] });
    expect(body).toMatchObject({
      status: 400,
      body: { field: "body.rowFilter", error: "body.rowFilter: unknown field" },
    });
  });

  it("publishes a LIKE value as typed: a pattern keeps its wildcards, a plain value matches only itself", async () => {
    const filter = (value: string) => ({
      table: "campaigns",
      columnName: "channel",
      columnDataType: "varchar(16)",
      filterCondition: "LIKE",
      value,
    });
    const body = tablePolicy({
      policyName: "web campaigns",
      schemaName: ["marketing"],
      tables: ["campaigns"],
      assignToUsers: ["alice"],
      assignToGroups: [],
      columnDetails: [],
      rowFilters: [filter("web_%"), filter("email")],
    });
    expect((await call("POST", `${ACL}/add`, body)).status).toBe(201);
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    const seen = await call("GET", `${ACL}/evaluate?username=alice&catalog=hive&schema=marketing&table=campaigns`);
    expect(seen.body!.filter).toBe(`("channel" LIKE 'web_%') AND ("channel" LIKE 'email')`);
  });

  it("takes column types from Trino: a declared type that differs is refused, and masks end in the column's own type", async () => {
    const mask = (name: string, columnDataType: string, kind: string) => ({
      table: "customers",
      name,
      columnDataType,
      type: "predefine",
      mask: kind,
    });
    const wrong = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: "credit last4",
        columnDetails: [mask("credit_limit", "varchar", "showLast4")],
        rowFilters: [],
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: "columnDetails.0.columnDataType" });
    expect(wrong.body!.error).toBe("Column credit_limit of hive.sales.customers is decimal(12,2), not varchar");
    const filter = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: "vip as text",
        columnDetails: [],
        rowFilters: [
          { table: "customers", columnName: "vip", columnDataType: "varchar", filterCondition: "=", value: "yes" },
        ],
      }),
    );
    expect(filter).toMatchObject({ status: 400, body: { field: "rowFilters.0.columnDataType" } });
    const right = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: "typed masks",
        assignToUsers: ["alice"],
        assignToGroups: [],
        columnDetails: [
          mask("phone", "varchar(32)", "showLast4"),
          mask("country", "char(2)", "lowerCase"),
          mask("first_name", "varchar", "hash"),
        ],
        rowFilters: [],
      }),
    );
    expect(right.status).toBe(201);
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    const seen = await call("GET", `${ACL}/evaluate?username=alice&catalog=hive&schema=sales&table=customers`);
    const masks = Object.fromEntries(
      (seen.body!.columns as Array<{ name: string; mask: string | null }>).map((c) => [c.name, c.mask]),
    );
    expect(masks.phone).toBe(`CAST(regexp_replace("phone", '.(?=.{4})', 'X') AS varchar(32))`);
    expect(masks.country).toBe(`CAST(lower(CAST("country" AS varchar)) AS char(2))`);
    expect(masks.first_name).toBe(`to_hex(sha256(to_utf8("first_name")))`);
  });

  it("restores an earlier publication without the policies whose access period has ended, and names them", async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const temporary = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: "alice until today",
        schemaName: ["hr"],
        tables: ["departments"],
        assignToUsers: ["alice"],
        assignToGroups: [],
        columnDetails: [],
        rowFilters: [],
        tnc: { endDate: until },
      }),
    );
    expect(temporary.status).toBe(201);
    const synced = await call("PUT", `${ACL}/sync`);
    const number = (synced.body!.publication as { number: number }).number;
    const canRead = async () =>
      (await call("GET", `${ACL}/evaluate?username=alice&catalog=hive&schema=hr&table=departments`)).body!.canSelect;
    expect(await canRead()).toBe(true);
    // Time passes: the period the publication kept has ended.
    const ended = new Date(Date.now() - 60_000).toISOString();
    await t.testDb.db.query(
      `UPDATE policy_publications SET inputs = jsonb_set(inputs, '{policies}', (
          SELECT jsonb_agg(CASE WHEN p->>'policyName' = 'alice until today'
                                THEN jsonb_set(p, '{tnc,endDate}', to_jsonb($2::text)) ELSE p END)
            FROM jsonb_array_elements(inputs->'policies') p))
        WHERE number = $1`,
      [number, ended],
    );
    const restored = await call("POST", `${ACL}/publications/${number}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body!.endedLeftOut).toEqual([{ id: temporary.body!.id, name: "alice until today" }]);
    expect(restored.body!.message).toContain("Left out, as their access period has ended: alice until today");
    expect(await canRead()).toBe(false);
  });

  /** A member of a group that a synced policy lets read one table; `canRead` asks the engine. */
  async function groupReader(user: string, group: string, schema: string, table: string) {
    await seedUser(t.testDb.db, user, { groups: [group] });
    const p = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: `${group} read ${table}`,
        schemaName: [schema],
        tables: [table],
        assignToGroups: [group],
        columnDetails: [],
        rowFilters: [],
      }),
    );
    expect(p.status).toBe(201);
    const synced = await call("PUT", `${ACL}/sync`);
    expect(synced.status).toBe(200);
    const canRead = async () =>
      (await call("GET", `${ACL}/evaluate?username=${user}&catalog=hive&schema=${schema}&table=${table}`)).body!
        .canSelect;
    expect(await canRead()).toBe(true);
    const leave = async () => {
      const groups = await call("GET", `/admin-api/api/v1/groups?search=${group}`);
      const g = (groups.body!.items as Array<{ id: string; name: string }>).find((x) => x.name === group)!;
      const removed = await call("PUT", `/admin-api/api/v1/groups/${g.id}/users`, {
        usersToAssign: [],
        usersToRemove: [user],
      });
      expect(removed.status).toBe(200);
    };
    return { publication: (synced.body!.publication as { number: number }).number, canRead, leave };
  }

  it("restores an earlier publication with its groups' members as they are now, and says so", async () => {
    const rhea = await groupReader("rhea", "restorers", "sales", "orders");
    await rhea.leave();
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    expect(await rhea.canRead()).toBe(false);

    // The earlier publication named rhea through the group she has left: she gets nothing back.
    const restored = await call("POST", `${ACL}/publications/${rhea.publication}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body!.message).toContain("The members of restorers are taken as they are now.");
    expect(await rhea.canRead()).toBe(false);
    expect((await call("GET", `${ACL}/publications/status`)).body).toMatchObject({ membershipsChanged: [] });
    const { rows } = await t.testDb.db.query<{ details: { restoredFrom: number; membersAsNow: string[] } }>(
      `SELECT details FROM audit_events WHERE source = 'policy-management-acl' AND action = 'Restore'
        ORDER BY seq DESC LIMIT 1`,
    );
    expect(rows[0]!.details).toMatchObject({ restoredFrom: rhea.publication, membersAsNow: ["restorers"] });
  });

  it("republishes on its own when a group's members change, audited, and says so until then", async () => {
    const gina = await groupReader("gina", "campaigners", "marketing", "leads");
    await gina.leave();
    expect((await call("GET", `${ACL}/publications/status`)).body).toMatchObject({
      membershipsChanged: ["campaigners"],
    });
    // The minute's check, as one replica runs it.
    const scheduled = new PublicationService(
      t.services.db,
      t.services.bus,
      () => {
        throw new Error("the scheduled check does not read the data catalogue");
      },
      new Metadata(null, 1000, []),
    );
    const republished = await scheduled.applyPeriods();
    expect(republished?.publication).toBeTruthy();
    expect(await gina.canRead()).toBe(false);
    expect((await call("GET", `${ACL}/publications/status`)).body).toMatchObject({ membershipsChanged: [] });
    const { rows } = await t.testDb.db.query<{ summary: string; details: { trigger: string } }>(
      `SELECT summary, details FROM audit_events WHERE source = 'policy-management-acl' AND action = 'Sync'
        ORDER BY seq DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({ details: { trigger: "membership" } });
    expect(rows[0]!.summary).toContain("the members of campaigners changed");
  });
});
