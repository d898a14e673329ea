import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TrinoGroupFile } from "../src/modules/directory-sync/group-file.js";
import { DirectorySync } from "../src/modules/directory-sync/service.js";
import { InsightsService } from "../src/modules/insights/service.js";
import type { Db } from "../src/platform/db/index.js";
import { openPostgres } from "../src/platform/db/postgres.js";
import { makeApp, type TestApp } from "./support/app.js";
import { bearer } from "./support/auth.js";

const METRICS_TOKEN = "metrics-token-0123456789abcdef";

/**
 * The schedulers of two replicas, each with its own connection pool to the same database,
 * reaching the same tick at the same moment.
 */
describe("scheduled work on two replicas at the same tick", () => {
  let t: TestApp;
  let other: Db;
  let groupFile: string;
  beforeAll(async () => {
    groupFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "trino-groups-")), "group.txt");
    t = await makeApp("postgres", { SYNC_PERIODIC: "true", TRINO_GROUP_FILE: groupFile, METRICS_TOKEN });
    other = await openPostgres(t.testDb.url!, 5);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const syncOn = (db: Db) => {
    const s = { ...t.services, db };
    return new DirectorySync(s, null, new TrinoGroupFile(db, groupFile, t.services.log));
  };
  const periodicJobs = async () =>
    Number(
      (await t.testDb.db.query<{ n: number }>("SELECT count(*) AS n FROM sync_jobs WHERE trigger = 'periodic'"))
        .rows[0]!.n,
    );

  it("run a due periodic directory sync once", async () => {
    const [a, b] = [syncOn(t.services.db), syncOn(other)];
    const started = await Promise.all([a.tick(), b.tick()]);
    expect(started.filter((id) => id !== null)).toHaveLength(1);
    expect(await periodicJobs()).toBe(1);
    // Not due again: neither starts another.
    expect(await Promise.all([a.tick(), b.tick()])).toEqual([null, null]);
    expect(await periodicJobs()).toBe(1);
  });

  it("refresh the scheduled insights once", async () => {
    const metric = async () => {
      const res = await t.app.inject({ method: "GET", url: "/metrics", headers: bearer(METRICS_TOKEN) });
      const line = res.body
        .split("\n")
        .find((l) => l.startsWith("console_sync_duration_seconds_count{") && l.includes('task="insights-refresh"'));
      return line ? Number(line.split(" ").at(-1)) : 0;
    };
    const a = new InsightsService(t.services.db, null, t.services.log);
    const b = new InsightsService(other, null, t.services.log);
    await t.testDb.db.query(
      `INSERT INTO app_settings (key, value) VALUES ('insights.preferences', '{"isScheduled": true, "scheduleInterval": 3600}')
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    // The first figures, computed an interval ago.
    await a.analytics();
    await t.testDb.db.query("UPDATE insights_snapshot SET computed_at = now() - interval '2 hours'");
    const before = await metric();
    await Promise.all([a.tick(), b.tick()]);
    expect(await metric()).toBe(before + 1);
    const { rows } = await t.testDb.db.query<{ fresh: boolean }>(
      "SELECT computed_at > now() - interval '1 minute' AS fresh FROM insights_snapshot",
    );
    expect(rows[0]!.fresh).toBe(true);
    // Refreshed: not due on either.
    await Promise.all([a.tick(), b.tick()]);
    expect(await metric()).toBe(before + 1);
  });
});
