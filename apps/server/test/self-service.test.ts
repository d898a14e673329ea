import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeTrinoEvents, TrinoCompletedEvent } from "../src/modules/audits/ingest-trino.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, startMetadata, tablePolicy } from "./policies-support.js";

let seq = 0;
/** A completed query event as Trino posts it; a denial carries no inputs. */
function event(user: string, at: Date, o: { sql: string; inputs?: unknown[]; denied?: string; catalog?: string }) {
  const id = `20260101_000000_${String(++seq).padStart(5, "0")}_explain`;
  return {
    id,
    event: TrinoCompletedEvent.parse({
      metadata: { queryId: id, query: o.sql, queryState: o.denied ? "FAILED" : "FINISHED" },
      statistics: { wallTime: 0.2 },
      context: { user, catalog: o.catalog ?? "hive", schema: "sales" },
      ioMetadata: { inputs: o.inputs ?? [] },
      ...(o.denied
        ? {
            failureInfo: {
              errorCode: { code: 4, name: "PERMISSION_DENIED", type: "USER_ERROR" },
              failureMessage: `Access Denied: ${o.denied}`,
            },
          }
        : {}),
      createTime: at.toISOString(),
      endTime: new Date(at.getTime() + 200).toISOString(),
    }),
  };
}
const input = (table: string, ...columns: string[]) => ({
  catalogName: "hive",
  schema: "sales",
  table,
  columns: columns.map((column) => ({ column, type: "varchar" })),
});
const tick = () => new Promise((r) => setTimeout(r, 30));

describe.each(DB_KINDS)("explained queries and self-service access (%s)", (kind) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let admin: ReturnType<typeof caller>;
  let asAlice: ReturnType<typeof caller>;
  let asBob: ReturnType<typeof caller>;
  let asCarol: ReturnType<typeof caller>;
  const q: Record<string, string | undefined> = {};
  let customersPolicy = 0;
  let ordersPolicy = 0;

  const store = async (...es: Array<ReturnType<typeof event>>) => {
    await storeTrinoEvents(
      t.testDb.db,
      es.map((e) => e.event),
    );
    return es.map((e) => e.id);
  };

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(kind, {}, { sandbox: { urls: meta.urls } });
    const db = t.testDb.db;
    await seedUser(db, "alice", { groups: ["analysts"] });
    await seedUser(db, "bob");
    await seedUser(db, "carol");
    await assignMenus(db, "carol", ["audits"]);
    admin = caller(t.app, await adminToken(t.app));
    asAlice = caller(t.app, await tokenFor(t.app, "alice", USER_PASSWORD));
    asBob = caller(t.app, await tokenFor(t.app, "bob", USER_PASSWORD));
    asCarol = caller(t.app, await tokenFor(t.app, "carol", USER_PASSWORD));

    // Before any publication.
    [q.before] = await store(
      event("alice", new Date(), { sql: "SELECT * FROM customers", inputs: [input("customers")] }),
    );
    await tick();
    const created = await admin("POST", `${ACL}/add`, tablePolicy());
    expect(created.status).toBe(201);
    customersPolicy = created.body!.id as number;
    expect((await admin("PUT", `${ACL}/sync`)).status).toBe(200);
    await tick();
    [q.masked, q.columnsDenied, q.catalogDenied, q.showSchemas, q.bobDenied, q.oddForm, q.insertDenied] = await store(
      event("alice", new Date(), {
        sql: "SELECT id, email, country FROM customers",
        inputs: [input("customers", "id", "email", "country")],
      }),
      event("alice", new Date(), {
        sql: "SELECT id, total_amount FROM hive.sales.orders",
        denied: "Cannot select from columns [id, total_amount] in table or view hive.sales.orders",
      }),
      event("alice", new Date(), {
        sql: "SELECT * FROM iceberg.finance.ledger l JOIN hive.sales.customers c ON true",
        denied: "Cannot access catalog iceberg",
      }),
      event("alice", new Date(), { sql: "SHOW SCHEMAS", denied: "Cannot show schemas", catalog: "" }),
      event("bob", new Date(), {
        sql: "SELECT * FROM hive.sales.customers",
        denied: "Cannot select from table hive.sales.customers",
      }),
      event("alice", new Date(), { sql: "SELECT * FROM orders", denied: "Something Trino has not said before" }),
      event("alice", new Date(), {
        sql: "INSERT INTO hive.sales.customers SELECT * FROM hive.sales.customers",
        denied: "Cannot insert into table hive.sales.customers",
      }),
    );
    await tick();
    // Alice gets the orders afterwards: her earlier denial is explained with what was in force then.
    const orders = await admin(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: "alice orders",
        tables: ["orders"],
        assignToGroups: [],
        assignToUsers: ["alice"],
        columnDetails: [],
        rowFilters: [],
      }),
    );
    expect(orders.status).toBe(201);
    ordersPolicy = orders.body!.id as number;
    expect((await admin("PUT", `${ACL}/sync`)).status).toBe(200);
    await tick();
    [q.ordersNow] = await store(
      event("alice", new Date(), { sql: "SELECT id FROM orders", inputs: [input("orders", "id")] }),
    );
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  const explain = async (id: string, who = asAlice) => {
    const res = await who("GET", `${ACL}/explain/${id}`);
    expect(res.status).toBe(200);
    return res.body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  it("explains a granted query: the first matching rule, its masks and row filter, and the policy behind each", async () => {
    const x = await explain(q.masked!);
    expect(x).toMatchObject({ source: "inputs", bestEffort: false, accessDenied: false, publication: { number: 1 } });
    expect(x.currentPublication).toBe(2);
    const [table] = x.tables;
    expect(table).toMatchObject({
      catalog: "hive",
      schema: "sales",
      table: "customers",
      allowed: true,
      reason: "allowed",
    });
    expect(table.tableRule.rule).toMatchObject({ user: "alice", table: "customers", privileges: ["SELECT"] });
    const email = table.columns.find((c: { name: string }) => c.name === "email");
    expect(email).toMatchObject({ outcome: "masked", policy: { id: customersPolicy, name: "sales analysts" } });
    expect(email.mask).toContain("sha256");
    expect(table.columns.find((c: { name: string }) => c.name === "id")).toMatchObject({ outcome: "visible" });
    expect(table.filter).toMatchObject({ policy: { id: customersPolicy } });
    expect(table.filter.expression).toContain("country");
    expect(table.policies).toEqual([
      { id: customersPolicy, name: "sales analysts", roles: expect.arrayContaining(["grant", "mask", "filter"]) },
    ]);
    expect(x.groups).toEqual(["analysts"]);
  });

  it("explains a denial from its message with the publication in force then, not the current one", async () => {
    const x = await explain(q.columnsDenied!);
    expect(x).toMatchObject({ accessDenied: true, source: "message", bestEffort: false, publication: { number: 1 } });
    expect(x.denial).toEqual({
      action: "select from columns",
      catalog: "hive",
      schema: "sales",
      table: "orders",
      columns: ["id", "total_amount"],
    });
    expect(x.tables[0]).toMatchObject({
      table: "orders",
      allowed: false,
      reason: "noRuleMatched",
      tableRule: null,
      columnsRead: ["id", "total_amount"],
      policies: [],
    });
    // The same table read now, under publication 2, is allowed by the policy added since.
    const now = await explain(q.ordersNow!);
    expect(now).toMatchObject({ publication: { number: 2 } });
    expect(now.tables[0]).toMatchObject({ allowed: true, policies: [{ id: ordersPolicy, roles: ["grant"] }] });
  });

  it("takes the tables from the query text when the message names only a catalog, and says it is a best effort", async () => {
    const x = await explain(q.catalogDenied!);
    expect(x).toMatchObject({
      source: "queryText",
      bestEffort: true,
      denial: { action: "access catalog", catalog: "iceberg" },
    });
    expect(x.tables).toHaveLength(1);
    expect(x.tables[0]).toMatchObject({
      catalog: "iceberg",
      schema: "finance",
      table: "ledger",
      reason: "noCatalogRule",
    });
  });

  it("says what it can of a message naming no object, and of an unknown message", async () => {
    const shown = await explain(q.showSchemas!);
    expect(shown).toMatchObject({ bestEffort: true, source: "none", denial: { action: "show schemas" }, tables: [] });
    const odd = await explain(q.oddForm!);
    expect(odd).toMatchObject({ bestEffort: true, source: "queryText", denial: null });
    expect(odd.tables[0]).toMatchObject({ catalog: "hive", schema: "sales", table: "orders" });
  });

  it("explains a write refused on a table the user may only read: the matching rule lacks the privilege", async () => {
    const x = await explain(q.insertDenied!);
    expect(x).toMatchObject({ source: "message", bestEffort: false, denial: { action: "insert into table" } });
    expect(x.tables[0]).toMatchObject({
      table: "customers",
      allowed: false,
      reason: "ruleDenies",
      privileges: ["SELECT"],
    });
    expect(x.tables[0].tableRule.rule).toMatchObject({ user: "alice", table: "customers" });
  });

  it("explains a query made before any publication as denied by default", async () => {
    const x = await explain(q.before!);
    expect(x.publication).toBeNull();
    expect(x.tables[0]).toMatchObject({ allowed: false, reason: "noCatalogRule" });
  });

  it("explains one's own queries only, unless one holds the audits menu", async () => {
    // Another user's query is answered exactly as one that does not exist: which ids exist stays unknown.
    const other = await asBob("GET", `${ACL}/explain/${q.masked}`);
    const unknown = await asBob("GET", `${ACL}/explain/20260101_000000_99999_nothing`);
    expect(other).toMatchObject({ status: 404 });
    expect(other.body).toEqual({ error: `Query ${q.masked} was not found.`, error_description: "not_found" });
    expect(unknown).toMatchObject({ status: 404 });
    expect(unknown.body).toEqual({
      error: "Query 20260101_000000_99999_nothing was not found.",
      error_description: "not_found",
    });
    expect((await asBob("GET", `${ACL}/explain/${q.bobDenied}`)).status).toBe(200);
    expect((await explain(q.bobDenied!, asCarol)).username).toBe("bob");
    expect((await asAlice("GET", `${ACL}/explain/no_such_query`)).status).toBe(404);
    expect((await t.app.inject({ url: `${ACL}/explain/${q.masked}` })).statusCode).toBe(401);
  });

  it("lists one's own denials, explained, and no one else's", async () => {
    const mine = (await asAlice("GET", `${ACL}/me/denials`)).body!.items as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const ids = mine.map((d) => d.queryId);
    expect(ids).toEqual(expect.arrayContaining([q.columnsDenied, q.catalogDenied, q.showSchemas, q.oddForm]));
    expect(ids).not.toContain(q.bobDenied);
    expect(ids).not.toContain(q.masked);
    expect(mine.find((d) => d.queryId === q.columnsDenied)!.explanation.tables[0].reason).toBe("noRuleMatched");
    const bobs = (await asBob("GET", `${ACL}/me/denials`)).body!.items as Array<{ queryId: string }>;
    expect(bobs.map((d) => d.queryId)).toEqual([q.bobDenied]);
  });

  it("lists the tables one can read now, with masks, filters and policies", async () => {
    const access = (await asAlice("GET", `${ACL}/me/access`)).body!;
    expect(access).toMatchObject({ username: "alice", publication: 2, groups: ["analysts"] });
    const tables = access.tables as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(tables.map((x) => `${x.catalog}.${x.schema}.${x.table}`)).toEqual([
      "hive.sales.customers",
      "hive.sales.orders",
    ]);
    expect(tables[0]!.columns).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "email", allow: true, mask: expect.stringContaining("sha256") }),
      ]),
    );
    expect(tables[0]!.filter).toContain("country");
    expect(tables[0]!.policies).toEqual([{ id: customersPolicy, name: "sales analysts" }]);
    expect((await asBob("GET", `${ACL}/me/access`)).body!.tables).toEqual([]);
  });

  it("files requests for oneself only, lists one's own with their status, and counts pending ones for reviewers", async () => {
    const filed = await asBob("POST", `${ACL}/requests`, {
      catalogName: "hive",
      schemaName: "sales",
      tableName: "customers",
      moreTables: ["orders"],
      columns: ["id", "country"],
      tnc: {
        description: "Quarterly churn report",
        contactDetails: { name: "Bob", extension: "+971", phoneNumber: "501234567", email: "bob@example.com" },
      },
    });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ tables: ["customers", "orders"], assignToUsers: ["bob"] });
    expect((filed.body!.tnc as { description: string }).description).toBe(
      "Quarterly churn report\nColumns asked for: id, country",
    );
    const bad = await asBob("POST", `${ACL}/requests`, {
      catalogName: "hive",
      schemaName: "sales",
      tableName: "customers",
      moreTables: ["ghost"],
    });
    expect(bad).toMatchObject({ status: 400, body: { field: "moreTables.0" } });
    const badMail = await asBob("POST", `${ACL}/requests`, {
      catalogName: "hive",
      schemaName: "sales",
      tableName: "customers",
      tnc: { contactDetails: { email: "not-an-address" } },
    });
    expect(badMail.status).toBe(400);
    expect(
      (
        await asBob("POST", `${ACL}/requests`, {
          ...{ catalogName: "hive", schemaName: "sales", tableName: "orders" },
          username: "alice",
        })
      ).status,
    ).toBe(400);

    const mine = (await asBob("GET", `${ACL}/me/requests`)).body!.items as Array<Record<string, unknown>>;
    expect(mine).toEqual([
      expect.objectContaining({
        id: filed.body!.id,
        status: "pending",
        tables: ["customers", "orders"],
        inForce: false,
      }),
    ]);
    expect((await asAlice("GET", `${ACL}/me/requests`)).body!.items).toEqual([]);

    expect((await asBob("GET", `${ACL}/requests/pending-count`)).status).toBe(403);
    expect((await asCarol("GET", `${ACL}/requests/pending-count`)).status).toBe(403);
    expect((await admin("GET", `${ACL}/requests/pending-count`)).body).toEqual({ count: 1, oldestId: filed.body!.id });

    expect((await admin("PUT", `${ACL}/${filed.body!.id}/approve`, {})).status).toBe(200);
    expect((await admin("GET", `${ACL}/requests/pending-count`)).body).toEqual({ count: 0, oldestId: null });
    const approved = (await asBob("GET", `${ACL}/me/requests`)).body!.items as Array<Record<string, unknown>>;
    expect(approved[0]).toMatchObject({ status: "approved", inForce: false });
    expect((await admin("PUT", `${ACL}/sync`)).status).toBe(200);
    const synced = (await asBob("GET", `${ACL}/me/requests`)).body!.items as Array<Record<string, unknown>>;
    expect(synced[0]).toMatchObject({ status: "approved", inForce: true });
    const access = (await asBob("GET", `${ACL}/me/access`)).body!.tables as Array<{ table: string }>;
    expect(access.map((x) => x.table)).toEqual(["customers", "orders"]);

    // An approved request whose period has ended reads as expired.
    await t.testDb.db.query("UPDATE policies SET end_date = now() - interval '1 day' WHERE id = $1", [filed.body!.id]);
    const ended = (await asBob("GET", `${ACL}/me/requests`)).body!.items as Array<Record<string, unknown>>;
    expect(ended[0]).toMatchObject({ status: "expired", inForce: false });
  });
});
