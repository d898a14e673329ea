import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser, USER_PASSWORD } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, policyAudit, startMetadata } from "./policies-support.js";

const TABLE = { catalogName: "hive", schemaName: "sales", tableName: "customers" };

describe.each(DB_KINDS)("reviewing a table access request: restrictions at approval (%s)", (kind) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let admin: ReturnType<typeof caller>;
  let asBob: ReturnType<typeof caller>;

  const file = async () => {
    const res = await asBob("POST", `${ACL}/requests`, TABLE);
    expect(res.status).toBe(201);
    return res.body!.id as number;
  };

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(kind, {}, { sandbox: { urls: meta.urls } });
    await seedUser(t.testDb.db, "bob");
    admin = caller(t.app, await adminToken(t.app));
    asBob = caller(t.app, await tokenFor(t.app, "bob", USER_PASSWORD));
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("approves with the masks, row filters and custom row filter the reviewer adds", async () => {
    const id = await file();
    const restrictions = {
      columnDetails: [
        {
          table: "customers",
          name: "email",
          columnDataType: "varchar(255)",
          type: "dynamic",
          mask: "hash",
          conditions: [{ column: "country", columnDataType: "char(2)", condition: "=", value: "AE" }],
        },
      ],
      rowFilters: [
        {
          table: "customers",
          columnName: "country",
          columnDataType: "char(2)",
          filterCondition: "IN",
          value: "AE, SA",
        },
      ],
      customRowFilter: "vip = false",
    };
    // A mask on a column the table lacks is refused, naming it, and nothing is written.
    const wrong = await admin("PUT", `${ACL}/${id}/approve`, {
      ...restrictions,
      columnDetails: [{ ...restrictions.columnDetails[0], name: "ghost" }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body!.field).toMatch(/^columnDetails\.0/);
    expect((await admin("GET", `${ACL}/${id}`)).body).toMatchObject({
      approvalStatus: "PENDING_APPROVAL",
      columnDetails: [],
    });

    expect((await admin("PUT", `${ACL}/${id}/approve`, restrictions)).status).toBe(200);
    expect((await admin("GET", `${ACL}/${id}`)).body).toMatchObject({ approvalStatus: "APPROVED", ...restrictions });
    const approve = (await policyAudit(t.testDb.db, "Approve")).at(-1)!;
    expect((approve.details.changeSet as Array<{ column: string }>).map((c) => c.column)).toEqual(
      expect.arrayContaining(["approvalStatus", "columnDetails", "rowFilters", "customRowFilter"]),
    );
  });
});
