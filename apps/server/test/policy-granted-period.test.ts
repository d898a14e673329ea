import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser, USER_PASSWORD } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, policyAudit, startMetadata } from "./policies-support.js";

const day = (offset: number, end = false) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  d.setUTCHours(end ? 23 : 0, end ? 59 : 0, end ? 59 : 0, 0);
  return d.toISOString();
};
const ASKED = { startDate: day(1), endDate: day(30, true) };

describe.each(DB_KINDS)("the access period an approver grants (%s)", (kind) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let admin: ReturnType<typeof caller>;
  let asBob: ReturnType<typeof caller>;

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(kind, {}, { sandbox: { urls: meta.urls } });
    await seedUser(t.testDb.db, "bob");
    admin = caller(t.app, await adminToken(t.app));
    asBob = caller(t.app, await tokenFor(t.app, "bob", USER_PASSWORD));
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  const fileRequest = async (tnc: Record<string, unknown> = ASKED) => {
    const res = await asBob("POST", `${ACL}/requests`, {
      catalogName: "hive",
      schemaName: "sales",
      tableName: "orders",
      tnc,
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; tnc: Record<string, unknown> };
  };

  it("refuses to widen the period asked for, with a 400 naming the date, and changes nothing", async () => {
    const req = await fileRequest();
    const cases: Array<[Record<string, string | null>, string]> = [
      [{ endDate: day(31, true) }, "body.tnc.endDate"],
      [{ endDate: null }, "body.tnc.endDate"],
      [{ startDate: day(0) }, "body.tnc.startDate"],
      [{ startDate: null }, "body.tnc.startDate"],
    ];
    for (const [over, field] of cases) {
      const res = await admin("PUT", `${ACL}/${req.id}/approve`, { tnc: { ...req.tnc, ...over } });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body, JSON.stringify(over)).toMatchObject({ field });
    }
    const stored = (await admin("GET", `${ACL}/${req.id}`)).body as Record<string, unknown>;
    expect(stored).toMatchObject({ approvalStatus: "PENDING_APPROVAL", tnc: ASKED, requestedPeriod: ASKED });
    expect(await policyAudit(t.testDb.db, "Approve")).toEqual([]);
  });

  it("grants a shorter period: the request keeps what was asked, the decision records what was granted", async () => {
    const req = await fileRequest();
    const granted = { startDate: day(2), endDate: day(10, true) };
    const res = await admin("PUT", `${ACL}/${req.id}/approve`, { tnc: { ...req.tnc, ...granted } });
    expect(res.status).toBe(200);
    const stored = (await admin("GET", `${ACL}/${req.id}`)).body as Record<string, unknown>;
    expect(stored).toMatchObject({ approvalStatus: "APPROVED", tnc: granted, requestedPeriod: ASKED });
    const [event] = await policyAudit(t.testDb.db, "Approve");
    expect(event!.details).toMatchObject({ requestedPeriod: ASKED, grantedPeriod: granted });
  });

  it("lets an open-ended request be given an end", async () => {
    const req = await fileRequest({});
    const granted = { startDate: day(0), endDate: day(7, true) };
    expect((await admin("PUT", `${ACL}/${req.id}/approve`, { tnc: { ...req.tnc, ...granted } })).status).toBe(200);
    const stored = (await admin("GET", `${ACL}/${req.id}`)).body as Record<string, unknown>;
    expect(stored).toMatchObject({ tnc: granted, requestedPeriod: { startDate: null, endDate: null } });
  });
});
