import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { api, auditsAfter, lastAuditSeq, waitForJob } from "./support/users.js";

const tmpFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "trino-groups-")), "group.txt");

describe.each(DB_KINDS)("sync schedule and the embedded directory (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let groupFile: string;
  beforeAll(async () => {
    groupFile = tmpFile();
    t = await makeApp(kind, { TRINO_GROUP_FILE: groupFile, SYNC_PERIOD_MINUTES: "720" });
    await seedUser(t.testDb.db, "ann", { groups: ["analysts"] });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  it("reads and saves the schedule, refusing a period out of range", async () => {
    expect((await api(t.app, admin, "GET", "/sync/schedule")).body).toEqual({
      periodicfullsync: false,
      fullsyncperiod: 720,
    });
    for (const syncPeriod of [60, 525_601, 90.5, "120"]) {
      const res = await api(t.app, admin, "PUT", "/sync/schedule", { isPeriodicSync: true, syncPeriod });
      expect(res.status, String(syncPeriod)).toBe(400);
      expect(res.body.field).toBe("body.syncPeriod");
    }
    const bad = await api(t.app, admin, "PUT", "/sync/schedule", { isPeriodicSync: true, syncPeriod: 60 });
    expect(bad.body.error).toBe(
      "body.syncPeriod: Sync period must be more than 60 and at most 525600 minutes (365 days).",
    );
    const seq = await lastAuditSeq(t.testDb.db);
    const ok = await api(t.app, admin, "PUT", "/sync/schedule", { isPeriodicSync: true, syncPeriod: 525_600 });
    expect(ok.body).toEqual({ message: "Sync period updated." });
    expect((await api(t.app, admin, "GET", "/sync/schedule")).body).toEqual({
      periodicfullsync: true,
      fullsyncperiod: 525_600,
    });
    expect(await auditsAfter(t.testDb.db, seq)).toMatchObject([
      {
        source: "user-management-sync",
        action: "Sync Schedule Updated",
        details: {
          changeSet: [
            { column: "periodicFullSync", oldVal: false, newVal: true },
            { column: "fullSyncPeriod", oldVal: 720, newVal: 525_600 },
          ],
        },
      },
    ]);
  });

  it("publishes the console's own users and groups to Trino when no directory is configured", async () => {
    const res = await api(t.app, admin, "POST", "/sync/now");
    const job = await waitForJob(t.app, admin, res.body.jobId);
    expect(job).toMatchObject({ status: "completed", syncedUsers: 2, syncedGroups: 2 });
    expect(job.message).toBe(
      "No external directory is configured: published the console's 2 users and 2 groups to Trino.",
    );
    expect(fs.readFileSync(groupFile, "utf8")).toBe("analysts:ann\nconsole-admins:admin\n");
    expect((await api(t.app, admin, "GET", "/sync/status")).body).toMatchObject({
      source: "embedded",
      directoryUrl: null,
      localAccounts: true,
    });
  });

  it("rewrites the group file shortly after a membership change", async () => {
    const analysts = (await api(t.app, admin, "GET", "/groups?search=analysts")).body.items[0];
    // Another user: nobody changes their own groups.
    await seedUser(t.testDb.db, "bob");
    const res = await api(t.app, admin, "PUT", `/groups/${analysts.id}/users`, { usersToAssign: ["bob"] });
    expect(res.status).toBe(200);
    const deadline = Date.now() + 5000;
    while (fs.readFileSync(groupFile, "utf8") !== "analysts:ann,bob\nconsole-admins:admin\n" && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(fs.readFileSync(groupFile, "utf8")).toBe("analysts:ann,bob\nconsole-admins:admin\n");
  });

  it("answers 404 for an unknown job and 400 for a malformed id", async () => {
    expect((await api(t.app, admin, "GET", "/sync/jobs/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await api(t.app, admin, "GET", "/sync/jobs/nope")).status).toBe(400);
  });
});
