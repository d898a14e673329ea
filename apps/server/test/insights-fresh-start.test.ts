import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAirflow, startAuditFeeds, AIRFLOW_SANDBOX_PASSWORD, AIRFLOW_SANDBOX_USER } from "@console/sandbox";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { api } from "./support/users.js";

const TRINO_TOKEN = "fresh-start-ingest-token-0123456789";
/** Enough history for several weeks and two months of the timelines, quick to post. */
const HISTORY_DAYS = 40;

type Point = { interval_alias: string; user_count: number };
const busy = (points: Point[]) => points.filter((p) => p.user_count > 0).length;

/**
 * A fresh console with the sandbox's feeds, as `npm start` runs it: the feeds post their
 * history (oldest first) after the console is up, and nobody presses Recompute.
 */
describe.each(DB_KINDS)("insights on a fresh start with the sandbox's history (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let airflow: Awaited<ReturnType<typeof startAirflow>>;
  let feeds: ReturnType<typeof startAuditFeeds> | null = null;
  let historyPosted!: () => void;
  const history = new Promise<void>((resolve) => (historyPosted = resolve));
  let first: { provisional: boolean; weekly_active_users_timeline: Point[] };
  let firstPipelines: { count: number };

  beforeAll(async () => {
    airflow = await startAirflow();
    t = await makeApp(
      kind,
      {
        TRINO_INGEST_TOKEN: TRINO_TOKEN,
        AIRFLOW_URL: airflow.url,
        AIRFLOW_API_VERSION: "v1",
        AIRFLOW_USERNAME: AIRFLOW_SANDBOX_USER,
        AIRFLOW_PASSWORD: AIRFLOW_SANDBOX_PASSWORD,
      },
      { sandbox: { urls: { airflow: airflow.url }, history } },
    );
    admin = await adminToken(t.app);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (t.app.server.address() as AddressInfo).port;
    feeds = startAuditFeeds({
      consoleUrl: `http://127.0.0.1:${port}`,
      tokens: { trino: TRINO_TOKEN },
      tickMs: 600_000,
      historyDays: HISTORY_DAYS,
      historyHours: 1,
    });
    void feeds.history.then(historyPosted);
    // Someone opens Insights at once, while the history is still being posted.
    first = (await api(t.app, admin, "GET", "/analytics/usage-summary")).body;
    firstPipelines = (await api(t.app, admin, "GET", "/analytics/pipeline-summary?limit=10")).body;
  }, 300_000);
  afterAll(async () => {
    await feeds?.stop();
    await t.close();
    await airflow.stop();
  });

  it("says the first figures are provisional while the history arrives", () => {
    expect(first.provisional).toBe(true);
  });

  it("lists the pipelines on the first call, without a recompute", () => {
    expect(firstPipelines.count).toBeGreaterThan(0);
  });

  it("shows active users over many weeks and months once the history is in, without a recompute", async () => {
    await history;
    await expect
      .poll(async () => (await api(t.app, admin, "GET", "/analytics/usage-summary")).body.provisional, {
        timeout: 120_000,
        interval: 500,
      })
      .toBe(false);
    const { body } = await api(t.app, admin, "GET", "/analytics/usage-summary");
    expect(busy(body.weekly_active_users_timeline)).toBeGreaterThanOrEqual(5);
    expect(busy(body.monthly_active_users_timeline)).toBeGreaterThanOrEqual(2);
    const analytics = (await api(t.app, admin, "GET", "/analytics/analytics")).body;
    expect(analytics.provisional).toBe(false);
    expect(analytics.monthly_active_users).toBeGreaterThan(0);
  }, 200_000);
});
