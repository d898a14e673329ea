import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImpactChange, ImpactPreview } from "@console/contracts";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { trinoCompleted } from "./audit-payloads.js";
import { caller } from "./connectors-support.js";
import { ACL, startMetadata, tablePolicy } from "./policies-support.js";

const TRINO_TOKEN = "trino-ingest-token-for-impact";
const DAY = 86_400_000;
const IMPACT = `${ACL}/impact`;

/** A finished query reading these tables' columns, `daysAgo` days ago. */
function read(id: string, user: string, inputs: Array<[string, string[]]>, daysAgo = 0) {
  const e = trinoCompleted(id, { user, at: new Date(Date.now() - daysAgo * DAY - 60_000).toISOString() });
  e.ioMetadata.inputs = inputs.map(([table, columns]) => ({
    catalogName: "hive",
    schema: "sales",
    table,
    columns: columns.map((column) => ({ column })),
    physicalInputBytes: 0,
    physicalInputRows: 10,
  }));
  return e;
}

/** A query Trino refused, naming the table it wanted (as some feeds do). */
function denied(id: string, user: string, table: string) {
  const e = read(id, user, [[table, ["status"]]]);
  return {
    ...e,
    metadata: { ...e.metadata, queryState: "FAILED" },
    failureInfo: {
      errorCode: { code: 4, name: "PERMISSION_DENIED", type: "USER_ERROR" },
      failureType: "io.trino.spi.security.AccessDeniedException",
      failureMessage: `Access Denied: Cannot select from table hive.sales.${table}`,
    },
  };
}

const kinds = (p: ImpactPreview) =>
  p.byUser
    .flatMap((g) => g.changes)
    .map((c) => [c.kind, c.user, c.table, c.column, c.queries].filter((x) => x !== null).join(" "));

describe.each(DB_KINDS)("policy impact preview (%s)", (kind) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;
  let everyone: number;
  let bobs: number;

  const ingest = (events: unknown[]) =>
    t.app.inject({
      method: "POST",
      url: "/admin-api/api/v1/ingest/trino",
      headers: { "content-type": "application/json", "X-Trino-Ingest-Token": TRINO_TOKEN },
      payload: JSON.stringify(events),
    });
  const preview = async (window?: number) => {
    const res = await call("GET", `${IMPACT}${window ? `?window=${window}` : ""}`);
    expect(res.status).toBe(200);
    return res.body as unknown as ImpactPreview;
  };
  const auditCount = async () =>
    Number((await t.testDb.db.query<{ n: string }>("SELECT count(*) AS n FROM audit_events")).rows[0]!.n);

  const customers = (over: Record<string, unknown> = {}) =>
    tablePolicy({
      policyName: "everyone reads customers",
      assignToGroups: [],
      assignToUsers: [".*"],
      columnDetails: [
        { table: "customers", name: "email", columnDataType: "varchar(255)", type: "predefine", mask: "hash" },
      ],
      ...over,
    });

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(kind, { TRINO_INGEST_TOKEN: TRINO_TOKEN }, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "alice", { groups: ["analysts"] });
    await seedUser(t.testDb.db, "bob");
    await seedUser(t.testDb.db, "nomenu");
    // Another admin menu is not the policy-management one.
    await seedUser(t.testDb.db, "auditor");
    await assignMenus(t.testDb.db, "auditor", ["audits"]);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("rolls accesses up at ingest: a retried query counts once, a table read twice in a query once, a refused one not", async () => {
    const first = read("q_a1", "alice", [["customers", ["email", "country"]]]);
    expect((await ingest([first, read("q_a2", "alice", [["customers", ["country", "email"]]])])).statusCode).toBe(200);
    // Trino retries a batch: the query already stored is not counted again.
    expect((await ingest([first])).json()).toMatchObject({ stored: 0, duplicates: 1 });
    await ingest([
      read("q_a3", "alice", [["customers", ["email", "country"]]], 40),
      read("q_b1", "bob", [
        ["orders", ["status"]],
        ["orders", ["region"]],
        ["customers", []],
      ]),
      read("q_b2", "bob", [["orders", ["region", "status"]]]),
      read("q_b3", "bob", [["orders", ["region", "status"]]]),
      read("q_g1", "ghost", [["customers", ["email"]]]),
      denied("q_d1", "alice", "orders"),
    ]);
    const { rows } = await t.testDb.db.query<{ username: string; table_name: string; columns: string[]; q: string }>(
      `SELECT username, table_name, columns, sum(queries) AS q FROM trino_access_rollup JOIN trino_accesses USING (access_key)
        GROUP BY username, table_name, columns ORDER BY username, table_name`,
    );
    expect(rows.map((r) => [r.username, r.table_name, r.columns, Number(r.q)])).toEqual([
      ["alice", "customers", ["country", "email"], 3],
      ["bob", "customers", [], 1],
      ["bob", "orders", ["region", "status"], 3],
      ["ghost", "customers", ["email"], 1],
    ]);
    const days = await t.testDb.db.query(
      "SELECT DISTINCT day FROM trino_access_rollup JOIN trino_accesses USING (access_key) WHERE username = 'alice'",
    );
    expect(days.rows).toHaveLength(2);
  });

  it("finds no change while what is in force is what is published", async () => {
    const a = await call("POST", `${ACL}/add`, customers());
    expect(a.status).toBe(201);
    everyone = a.body!.id as number;
    const b = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: "bob orders",
        tables: ["orders"],
        assignToGroups: [],
        assignToUsers: ["bob"],
        columnDetails: [],
        rowFilters: [],
      }),
    );
    expect(b.status).toBe(201);
    bobs = b.body!.id as number;
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    const p = await preview();
    expect(p).toMatchObject({ mode: "sync", window: 30, summary: "No change to anyone's access in the last 30 days." });
    expect(p.totals.changes).toBe(0);
  });

  it("lists masks, filters and denials by user and by table, in the window, without writing anything", async () => {
    const changed = customers({
      columnDetails: [
        { table: "customers", name: "phone", columnDataType: "varchar(32)", type: "predefine", mask: "showLast4" },
        { table: "customers", name: "country", columnDataType: "char(2)", type: "predefine", mask: "hash" },
      ],
      rowFilters: [
        { table: "customers", columnName: "country", columnDataType: "char(2)", filterCondition: "IN", value: "AE" },
      ],
    });
    expect((await call("PUT", `${ACL}/${everyone}`, changed)).status).toBe(200);
    expect((await call("PUT", `${ACL}/${bobs}/disable`)).status).toBe(200);
    const audits = await auditCount();
    const p = await preview();
    expect(kinds(p).sort()).toEqual(
      [
        "denied bob hive.sales.orders 3",
        "filterChanged alice hive.sales.customers 2",
        "filterChanged bob hive.sales.customers 1",
        "filterChanged ghost hive.sales.customers 1",
        "maskAdded alice hive.sales.customers country 2",
        "maskRemoved alice hive.sales.customers email 2",
        "maskRemoved ghost hive.sales.customers email 1",
      ].sort(),
    );
    expect(p.summary).toBe(
      "1 user loses access to 1 table that 3 queries read in the last 30 days; 6 mask and row filter changes apply to what was read in the last 30 days.",
    );
    expect(p.byUser.find((g) => g.key === "ghost")).toMatchObject({ userExists: false, queries: 2 });
    expect(p.byUser.find((g) => g.key === "alice")).toMatchObject({ userExists: true });
    const orders = p.byTable.find((g) => g.key === "hive.sales.orders")!;
    expect(orders.changes[0]).toMatchObject({ kind: "denied", user: "bob", columns: ["region", "status"], queries: 3 });
    const filter = p.byTable
      .find((g) => g.key === "hive.sales.customers")!
      .changes.find((c) => c.user === "alice" && c.kind === "filterChanged")!;
    expect(filter.before).toContain("'SA'");
    expect(filter.after).not.toContain("'SA'");
    // The 90-day window takes in alice's older query.
    const wide = await preview(90);
    const email = (x: ImpactPreview) =>
      x.byUser.flatMap((g) => g.changes).find((c: ImpactChange) => c.user === "alice" && c.column === "email")!;
    expect(email(wide).queries).toBe(3);
    expect(wide.summary).toContain("in the last 90 days");
    expect((await preview(7)).window).toBe(7);
    // A preview changes nothing and is not audited.
    expect(await auditCount()).toBe(audits);
    expect((await call("GET", `${ACL}/sync/preview`)).status).toBe(200);
  });

  it("previews one unsaved policy from the wizard against the saved policies", async () => {
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    const res = await call("POST", IMPACT, {
      policy: tablePolicy({
        policyName: "bob orders again",
        tables: ["orders"],
        assignToGroups: [],
        assignToUsers: ["bob"],
        columnDetails: [],
        rowFilters: [],
      }),
    });
    expect(res.status).toBe(200);
    const p = res.body as unknown as ImpactPreview;
    expect(p.mode).toBe("policy");
    expect(kinds(p)).toEqual(["allowed bob hive.sales.orders 3"]);
    expect(p.summary).toBe("1 user gains access to 1 table that 3 queries read in the last 30 days.");
    // Editing a saved policy: its unsaved version replaces it.
    const edit = await call("POST", IMPACT, {
      window: 90,
      policyId: everyone,
      policy: customers({
        columnDetails: [
          { table: "customers", name: "phone", columnDataType: "varchar(32)", type: "predefine", mask: "showLast4" },
          { table: "customers", name: "country", columnDataType: "char(2)", type: "predefine", mask: "restrict" },
        ],
        rowFilters: [
          { table: "customers", columnName: "country", columnDataType: "char(2)", filterCondition: "IN", value: "AE" },
        ],
      }),
    });
    expect(edit.status).toBe(200);
    expect(kinds(edit.body as unknown as ImpactPreview)).toEqual(["denied alice hive.sales.customers 3"]);
  });

  it("answers 400 naming the field, and 403 without the policy-management menu (another menu is not enough)", async () => {
    const bad = await call("GET", `${IMPACT}?window=14`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("window");
    const noPolicy = await call("POST", IMPACT, { window: 30 });
    expect(noPolicy.status).toBe(400);
    expect(JSON.stringify(noPolicy.body)).toContain("policy");
    const noCatalog = await call("POST", IMPACT, { policy: { ...tablePolicy(), catalogName: "" } });
    expect(noCatalog.status).toBe(400);
    expect(JSON.stringify(noCatalog.body)).toContain("policy.catalogName");
    const refused = await call("POST", IMPACT, { policy: tablePolicy({ customRowFilter: "1; DROP TABLE x" }) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: "policy.customRowFilter" });
    const missing = await call("POST", IMPACT, { policyId: 999_999, policy: tablePolicy() });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("policyId");
    const user = caller(t.app, await tokenFor(t.app, "nomenu", USER_PASSWORD));
    expect((await user("GET", IMPACT)).status).toBe(403);
    expect((await user("POST", IMPACT, { policy: tablePolicy() })).status).toBe(403);
    const auditor = caller(t.app, await tokenFor(t.app, "auditor", USER_PASSWORD));
    expect((await auditor("GET", IMPACT)).status).toBe(403);
    expect((await auditor("POST", IMPACT, { policy: tablePolicy() })).status).toBe(403);
  });
});
