import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditChain, writeAudit } from "../src/platform/audit.js";
import { migrate } from "../src/platform/db/index.js";
import { DB_KINDS, openTestDb, type TestDb } from "./support/db.js";

const actor = { username: "admin", ipAddress: "10.0.0.1" };

describe.each(DB_KINDS)("audit trail (%s)", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
    await migrate(t.db);
  });
  afterAll(() => t.drop());

  it("runs migrations again without change", async () => {
    expect(await migrate(t.db)).toEqual([]);
  });

  it("chains events and verifies them", async () => {
    for (let i = 0; i < 5; i++)
      await t.db.tx((q) =>
        writeAudit(q, {
          source: "userManagement",
          action: "Enable",
          actor,
          status: "success",
          subjectName: `u${i}`,
          details: { i, nested: { b: 1, a: [1, 2] } },
        }),
      );
    expect(await verifyAuditChain(t.db)).toEqual({ valid: true, checked: 5, brokenAtSeq: null, reason: null });
  });

  it("refuses to update or delete an event", async () => {
    await expect(t.db.query("UPDATE audit_events SET action = 'x'")).rejects.toThrow(/append-only/);
    await expect(t.db.query("DELETE FROM audit_events")).rejects.toThrow(/append-only/);
  });

  it("rolls the event back with a change that fails", async () => {
    const before = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_events")).rows[0]!.n;
    await expect(
      t.db.tx(async (q) => {
        await writeAudit(q, { source: "userManagement", action: "Disable", actor, status: "success" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_events")).rows[0]!.n).toBe(before);
  });

  it("detects an edited, a removed and a truncated event", async () => {
    // Someone with the rights to switch the guard off edits a row behind the console's back.
    await t.db.exec("ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change");
    await t.db.query("UPDATE audit_events SET summary = 'edited' WHERE seq = 2");
    let verdict = await verifyAuditChain(t.db);
    expect(verdict).toMatchObject({ valid: false, brokenAtSeq: 2, reason: "the event's content was altered" });
    await t.db.query("UPDATE audit_events SET summary = NULL WHERE seq = 2");
    expect((await verifyAuditChain(t.db)).valid).toBe(true);

    await t.db.query("DELETE FROM audit_events WHERE seq = 3");
    verdict = await verifyAuditChain(t.db);
    expect(verdict).toMatchObject({ valid: false, brokenAtSeq: 4, reason: "a previous event was removed or altered" });
  });

  it("detects removal of the newest events", async () => {
    const t2 = await openTestDb(kind);
    await migrate(t2.db);
    for (let i = 0; i < 3; i++)
      await t2.db.tx((q) => writeAudit(q, { source: "sync", action: "Sync Initiated", actor, status: "success" }));
    await t2.db.exec("ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change");
    await t2.db.query("DELETE FROM audit_events WHERE seq = 3");
    expect(await verifyAuditChain(t2.db)).toMatchObject({ valid: false, reason: "the latest events were removed" });
    await t2.drop();
  });
});
