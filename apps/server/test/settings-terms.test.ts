import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DefaultTerms, POLICY_LIMITS } from "@console/contracts";
import { SHIPPED_TERMS } from "../src/modules/settings/terms.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { api, auditsAfter, lastAuditSeq } from "./support/users.js";

describe.each(DB_KINDS)("default general terms (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeApp(kind);
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const read = (token = admin) => api(t.app, token, "GET", "/settings/default-terms");
  const save = (body: unknown, token = admin) => api(t.app, token, "PUT", "/settings/default-terms", body);

  it("ships sample terms within the term limit, the spec's 30 days among them", async () => {
    const res = await read();
    expect(res).toEqual({ status: 200, body: SHIPPED_TERMS });
    expect(DefaultTerms.parse(res.body)).toEqual(SHIPPED_TERMS);
    expect(res.body.dataQualityDisclaimer).toMatch(/report any data errors .* within 30 days/i);
    expect(res.body.terminationConditions).toMatch(/30 days' written notice/);
  });

  it("saves edited terms and audits each field that changed, in one event", async () => {
    const seq = await lastAuditSeq(t.testDb.db);
    const next = { ...SHIPPED_TERMS, prohibitedUses: "No resale." };
    expect(await save(next)).toEqual({ status: 200, body: { message: "Default general terms updated." } });
    expect((await read()).body).toEqual(next);
    expect(await auditsAfter(t.testDb.db, seq)).toMatchObject([
      {
        source: "settings-general",
        action: "Update Default Terms",
        details: {
          changeSet: [{ column: "prohibitedUses", oldVal: SHIPPED_TERMS.prohibitedUses, newVal: "No resale." }],
        },
      },
    ]);
    // The same terms again change nothing and write no event.
    const after = await lastAuditSeq(t.testDb.db);
    expect((await save(next)).status).toBe(200);
    expect(await auditsAfter(t.testDb.db, after)).toEqual([]);
  });

  it("refuses a term over the limit, naming the field, and keeps what was saved", async () => {
    const seq = await lastAuditSeq(t.testDb.db);
    const res = await save({ ...SHIPPED_TERMS, liabilityLimits: "x".repeat(POLICY_LIMITS.term + 1) });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("body.liabilityLimits");
    expect((await read()).body.prohibitedUses).toBe("No resale.");
    expect(await auditsAfter(t.testDb.db, seq)).toEqual([]);
  });

  it("lets policy managers read the terms but only settings users change them", async () => {
    await seedUser(t.testDb.db, "reviewer-pat");
    await assignMenus(t.testDb.db, "reviewer-pat", ["policy-management"]);
    await t.services.bus.publish("access");
    const pat = await tokenFor(t.app, "reviewer-pat", USER_PASSWORD);
    expect((await read(pat)).status).toBe(200);
    expect((await save(SHIPPED_TERMS, pat)).status).toBe(403);
  });
});
