import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser, USER_PASSWORD } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, policyAudit, startMetadata } from "./policies-support.js";

const TABLE = { catalogName: "hive", schemaName: "sales", tableName: "customers" };

describe.each(DB_KINDS)("table access requests are one's own, for objects that exist (%s)", (kind) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let asBob: ReturnType<typeof caller>;

  const requests = async () =>
    (
      await t.testDb.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM policies WHERE approval_status = 'PENDING_APPROVAL'",
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    meta = await startMetadata();
    // No metadata cache: each request asks Trino, so the test can take Trino away.
    t = await makeApp(kind, { TRINO_METADATA_TTL_SECONDS: "0" }, { sandbox: { urls: meta.urls } });
    await seedUser(t.testDb.db, "alice");
    await seedUser(t.testDb.db, "bob");
    asBob = caller(t.app, await tokenFor(t.app, "bob", USER_PASSWORD));
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("files a request for the signed-in user, taken from the token", async () => {
    const res = await asBob("POST", `${ACL}/requests`, TABLE);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ assignToUsers: ["bob"], assignToGroups: [], createdBy: "bob" });
    const [created] = await policyAudit(t.testDb.db, "Table Access Request Created");
    expect(created!.details).toMatchObject({ assignment: { usersAssigned: ["bob"] } });
    // Naming oneself is the same request.
    expect((await asBob("POST", `${ACL}/requests`, { ...TABLE, username: "bob" })).status).toBe(201);
  });

  it("refuses a body that names another user, writing nothing", async () => {
    const before = await requests();
    const audits = (await policyAudit(t.testDb.db)).length;
    const res = await asBob("POST", `${ACL}/requests`, { ...TABLE, username: "alice" });
    expect(res).toMatchObject({ status: 400, body: { field: "username" } });
    expect(res.body!.error).toMatch(/signed-in user only/);
    expect(await requests()).toBe(before);
    expect((await policyAudit(t.testDb.db)).length).toBe(audits);
  });

  it("refuses a catalog, schema or table that Trino does not have, naming the field", async () => {
    const before = await requests();
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ catalogName: "nowhere" }, "catalogName", /catalog nowhere does not exist/],
      [{ schemaName: "nothing" }, "schemaName", /schema hive\.nothing does not exist/],
      [{ tableName: "ghost" }, "tableName", /table hive\.sales\.ghost does not exist/],
    ];
    for (const [over, field, message] of cases) {
      const res = await asBob("POST", `${ACL}/requests`, { ...TABLE, ...over });
      expect(res).toMatchObject({ status: 400, body: { field } });
      expect(res.body!.error).toMatch(message);
    }
    expect(await requests()).toBe(before);
  });

  it("refuses a column that none of the requested tables has, naming it; accepts columns of any of them", async () => {
    const before = await requests();
    const audits = (await policyAudit(t.testDb.db)).length;
    const res = await asBob("POST", `${ACL}/requests`, { ...TABLE, columns: ["first_name", "ghost_column"] });
    expect(res).toMatchObject({ status: 400, body: { field: "columns.1" } });
    expect(res.body!.error).toBe(
      "The request cannot be filed: column ghost_column does not exist in hive.sales.customers.",
    );
    // customer_id is a column of orders, asked for in the same request.
    const alone = await asBob("POST", `${ACL}/requests`, { ...TABLE, columns: ["customer_id"] });
    expect(alone).toMatchObject({ status: 400, body: { field: "columns.0" } });
    expect(await requests()).toBe(before);
    expect((await policyAudit(t.testDb.db)).length).toBe(audits);
    const both = await asBob("POST", `${ACL}/requests`, {
      ...TABLE,
      moreTables: ["orders"],
      columns: ["first_name", "customer_id"],
    });
    expect(both.status).toBe(201);
  });

  it("files the request when Trino cannot answer, leaving the check to the reviewer", async () => {
    meta.trino.setFailure(503);
    try {
      const res = await asBob("POST", `${ACL}/requests`, {
        ...TABLE,
        tableName: "not_checked",
        columns: ["not_checked_either"],
      });
      expect(res.status).toBe(201);
    } finally {
      meta.trino.setFailure(null);
    }
  });
});
