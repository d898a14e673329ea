import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, policyAudit, startMetadata } from "./policies-support.js";

const TABLE = { catalogName: "hive", schemaName: "sales", tableName: "customers" };
const REASON = "Customer data needs a data-protection sign-off first.";

describe.each(DB_KINDS)("reviewing a table access request: restrictions, a reason to reject (%s)", (kind) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let admin: ReturnType<typeof caller>;
  let asBob: ReturnType<typeof caller>;
  let asCarol: ReturnType<typeof caller>;

  const file = async () => {
    const res = await asBob("POST", `${ACL}/requests`, TABLE);
    expect(res.status).toBe(201);
    return res.body!.id as number;
  };
  const mine = async () => (await asBob("GET", `${ACL}/me/requests`)).body!.items as Array<Record<string, unknown>>;

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(kind, {}, { sandbox: { urls: meta.urls } });
    await seedUser(t.testDb.db, "bob");
    await seedUser(t.testDb.db, "carol");
    // Carol reads audits but does not manage policies.
    await assignMenus(t.testDb.db, "carol", ["audits"]);
    admin = caller(t.app, await adminToken(t.app));
    asBob = caller(t.app, await tokenFor(t.app, "bob", USER_PASSWORD));
    asCarol = caller(t.app, await tokenFor(t.app, "carol", USER_PASSWORD));
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("refuses a rejection without a reason, naming the field, and changes nothing", async () => {
    const id = await file();
    const audits = (await policyAudit(t.testDb.db)).length;
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: 42 }]) {
      const res = await admin("PUT", `${ACL}/${id}/reject`, body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { field: "body.reason" } });
      expect(res.body!.error, JSON.stringify(body)).toBe("body.reason: is required: say why the request is rejected");
    }
    const tooLong = await admin("PUT", `${ACL}/${id}/reject`, { reason: "x".repeat(301) });
    expect(tooLong).toMatchObject({ status: 400, body: { field: "body.reason" } });
    expect((await admin("GET", `${ACL}/${id}`)).body).toMatchObject({
      approvalStatus: "PENDING_APPROVAL",
      rejectionReason: null,
    });
    expect((await policyAudit(t.testDb.db)).length).toBe(audits);
  });

  it("refuses a reviewer without the policy-management menu", async () => {
    const id = await file();
    expect((await asCarol("PUT", `${ACL}/${id}/reject`, { reason: REASON })).status).toBe(403);
    expect((await asBob("PUT", `${ACL}/${id}/reject`, { reason: REASON })).status).toBe(403);
    expect((await admin("GET", `${ACL}/${id}`)).body).toMatchObject({ approvalStatus: "PENDING_APPROVAL" });
  });

  it("stores the reason, records it in the audit's change set, and shows it to the requester", async () => {
    const id = await file();
    const res = await admin("PUT", `${ACL}/${id}/reject`, { reason: `  ${REASON}  ` });
    expect(res.status).toBe(200);
    expect((await admin("GET", `${ACL}/${id}`)).body).toMatchObject({
      approvalStatus: "REJECTED",
      rejectionReason: REASON,
    });
    const rejects = await policyAudit(t.testDb.db, "Reject");
    const changes = rejects.at(-1)!.details.changeSet as Array<{ column: string; oldVal: string; newVal: string }>;
    expect(changes).toEqual(
      expect.arrayContaining([
        { column: "approvalStatus", oldVal: "PENDING_APPROVAL", newVal: "REJECTED" },
        { column: "rejectionReason", oldVal: "", newVal: REASON },
      ]),
    );
    const request = (await mine()).find((r) => r.id === id);
    expect(request).toMatchObject({ status: "rejected", rejectionReason: REASON });
  });

  it("forgets the reason once a rejected request is approved after all", async () => {
    const id = await file();
    expect((await admin("PUT", `${ACL}/${id}/reject`, { reason: REASON })).status).toBe(200);
    expect((await admin("PUT", `${ACL}/${id}/approve`, {})).status).toBe(200);
    expect((await admin("GET", `${ACL}/${id}`)).body).toMatchObject({
      approvalStatus: "APPROVED",
      rejectionReason: null,
    });
    expect((await mine()).find((r) => r.id === id)).toMatchObject({ status: "approved", rejectionReason: null });
    // A pending request has no reason either.
    const pending = await file();
    expect((await mine()).find((r) => r.id === pending)).toMatchObject({ status: "pending", rejectionReason: null });
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
