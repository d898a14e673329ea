import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAirflow, AIRFLOW_SANDBOX_PASSWORD, AIRFLOW_SANDBOX_USER } from "@console/sandbox";
import { trinoCompleted } from "./audit-payloads.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { api } from "./support/users.js";

const TRINO_TOKEN = "insights-ingest-token-0123456789";
const DAY = 86_400_000;

/** A completed query of `user`, `daysAgo` days ago, that read `tables` (catalog.schema.table). */
function query(id: string, user: string, daysAgo: number, tables: string[], failed = false) {
  const event = trinoCompleted(id, { user, at: new Date(Date.now() - daysAgo * DAY).toISOString(), failed });
  event.ioMetadata.inputs = tables.map((t) => {
    const [catalogName, schema, table] = t.split(".") as [string, string, string];
    return { catalogName, schema, table, columns: [{ column: "id" }], physicalInputBytes: 0, physicalInputRows: 1 };
  });
  return event;
}

const ORDERS = "hive.sales.orders";
const CUSTOMERS = "hive.sales.customers";
const REVENUE = "iceberg.finance.revenue";
const SALARIES = "hive.hr.salaries";

const EVENTS = [
  query("q1", "alice", 1, [ORDERS, CUSTOMERS]),
  query("q2", "alice", 2, [ORDERS]),
  query("q3", "bob", 3, [ORDERS, CUSTOMERS]),
  query("q4", "bob", 10, [REVENUE]),
  query("q5", "carol", 20, [CUSTOMERS, REVENUE]),
  query("q6", "carol", 40, [ORDERS]),
  query("q7", "dave", 1, [SALARIES]),
  query("q8", "erin", 1, [SALARIES]),
  query("q9", "alice", 5, [], true),
];

const utcDay = (daysAgo: number) => {
  const d = new Date(Date.now() - daysAgo * DAY);
  return d.toLocaleDateString("en-GB", { weekday: "short", day: "2-digit", month: "short", timeZone: "UTC" });
};

describe.each(DB_KINDS)("insights from the query events (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeApp(kind, { TRINO_INGEST_TOKEN: TRINO_TOKEN });
    admin = await adminToken(t.app);
    for (const name of ["alice", "bob", "carol", "dave"]) await seedUser(t.testDb.db, name);
    await seedUser(t.testDb.db, "erin", { groups: ["platform-admins"] });
    await seedUser(t.testDb.db, "nora");
    await assignMenus(t.testDb.db, "nora", ["audits"]);
    await t.services.bus.publish("access");
    const res = await t.app.inject({
      method: "POST",
      url: "/admin-api/api/v1/ingest/trino",
      headers: { "content-type": "application/json", "X-Trino-Ingest-Token": TRINO_TOKEN },
      payload: JSON.stringify(EVENTS),
    });
    expect(res.statusCode).toBe(200);
    const pref = await api(t.app, admin, "POST", "/analytics/preferences", {
      is_scheduled: false,
      schedule_interval: 60,
      users_to_exclude: "dave",
      admin_groups: "platform-admins",
    });
    expect(pref.status).toBe(200);
    expect((await api(t.app, admin, "GET", "/analytics/flush-cache")).status).toBe(200);
  });
  afterAll(() => t.close());

  it("counts active users, top users, tables, schemas and pairs without the excluded users", async () => {
    const { status, body } = await api(t.app, admin, "GET", "/analytics/analytics");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      weekly_active_users: 2,
      monthly_active_users: 3,
      dataset: 3,
      entity: 2,
      top_weekly_user: "alice",
      top_monthly_user: "alice",
      top_table: CUSTOMERS,
      top_cooccuring_table: `${CUSTOMERS} & ${ORDERS}`,
      top_5_users: [
        { name: "alice", count: 3 },
        { name: "bob", count: 2 },
        { name: "carol", count: 1 },
      ],
      top_five_tables: [
        { name: CUSTOMERS, count: 3 },
        { name: ORDERS, count: 3 },
        { name: REVENUE, count: 2 },
      ],
      top_five_cooccuring_tables: [
        { name: `${CUSTOMERS} & ${ORDERS}`, count: 2 },
        { name: `${CUSTOMERS} & ${REVENUE}`, count: 1 },
      ],
      top_five_schemas: [
        { name: "hive.sales", count: 4 },
        { name: "iceberg.finance", count: 2 },
      ],
      // Without Airflow there are no pipelines to count.
      active_pipelines: null,
      paused_pipelines: null,
    });
  });

  it("draws weekly and monthly timelines and the users per day of the last week", async () => {
    const usage = (await api(t.app, admin, "GET", "/analytics/usage-summary")).body;
    expect(usage.weekly_active_users_timeline).toHaveLength(12);
    for (const p of usage.weekly_active_users_timeline)
      expect(new Date(`${p.interval_alias}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(usage.monthly_active_users_timeline).toHaveLength(12);
    expect(usage.monthly_active_users_timeline.at(-1).interval_alias).toBe(new Date().toISOString().slice(0, 7));
    const total = (pts: Array<{ user_count: number }>) => pts.reduce((n, p) => n + p.user_count, 0);
    // Each distinct user once per week they were active: alice and bob this fortnight, carol and bob before.
    expect(total(usage.weekly_active_users_timeline)).toBeGreaterThanOrEqual(4);

    const top = (await api(t.app, admin, "GET", "/analytics/top-queries")).body;
    expect(top.weekly_top_executed_queries).toHaveLength(7);
    const byDay = Object.fromEntries(
      top.weekly_top_executed_queries.map((p: { interval_alias: string; user_count: number }) => [
        p.interval_alias,
        p.user_count,
      ]),
    );
    expect(byDay[utcDay(1)]).toBe(1);
    expect(byDay[utcDay(3)]).toBe(1);
    expect(byDay[utcDay(4)]).toBe(0);
  });

  it("counts everyone again once the preference excludes nobody and the figures are recomputed", async () => {
    await api(t.app, admin, "POST", "/analytics/preferences", {
      is_scheduled: false,
      schedule_interval: 60,
      users_to_exclude: "",
      admin_groups: "",
    });
    await api(t.app, admin, "GET", "/analytics/flush-cache");
    const { body } = await api(t.app, admin, "GET", "/analytics/analytics");
    expect(body.weekly_active_users).toBe(4);
    expect(body.top_five_tables.map((r: { name: string }) => r.name)).toContain(SALARIES);
  });

  it("rolls up again a day that received a late query, and only that one of the older days", async () => {
    const before = (await api(t.app, admin, "GET", "/analytics/analytics")).body.monthly_active_users;
    const late = query("q-late", "zed", 12, [REVENUE]);
    const res = await t.app.inject({
      method: "POST",
      url: "/admin-api/api/v1/ingest/trino",
      headers: { "content-type": "application/json", "X-Trino-Ingest-Token": TRINO_TOKEN },
      payload: JSON.stringify([late]),
    });
    expect(res.json()).toMatchObject({ stored: 1 });
    const marks = async () =>
      (await t.testDb.db.query<{ day: string }>("SELECT to_char(day, 'YYYY-MM-DD') AS day FROM audit_changed_days"))
        .rows;
    expect(await marks()).toEqual([{ day: late.createTime.slice(0, 10) }]);
    await api(t.app, admin, "GET", "/analytics/flush-cache");
    const { body } = await api(t.app, admin, "GET", "/analytics/analytics");
    expect(body.monthly_active_users).toBe(before + 1);
    expect(await marks()).toEqual([]);
  });

  it("is refused to a user without the insights menu, and says Airflow is not configured", async () => {
    const nora = await tokenFor(t.app, "nora", USER_PASSWORD);
    expect((await api(t.app, nora, "GET", "/analytics/analytics")).status).toBe(403);
    const { body } = await api(t.app, admin, "GET", "/analytics/pipeline-summary");
    expect(body).toEqual({
      data: { pipeline_tag: [] },
      count: 0,
      unavailable: "Airflow is not configured (set AIRFLOW_URL).",
    });
    // Without Trino there are no tables to summarise, and the call says why.
    expect((await api(t.app, admin, "GET", "/analytics/data-summary")).body).toEqual({
      data: [],
      total_count: 0,
      unavailable: "Trino is not configured (set TRINO_URL).",
    });
    const bad = await api(t.app, admin, "GET", "/analytics/pipeline-summary?limit=7");
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("query.limit");
    expect(bad.body.error).toMatch(/10, 20, 30, 40, 50/);
  });
});

describe("pipelines from Airflow", () => {
  let t: TestApp;
  let admin: string;
  let airflow: Awaited<ReturnType<typeof startAirflow>>;
  beforeAll(async () => {
    airflow = await startAirflow();
    t = await makeApp("pglite", {
      AIRFLOW_URL: airflow.url,
      AIRFLOW_API_VERSION: "v1",
      AIRFLOW_USERNAME: AIRFLOW_SANDBOX_USER,
      AIRFLOW_PASSWORD: AIRFLOW_SANDBOX_PASSWORD,
    });
    admin = await adminToken(t.app);
    // The audits module reads the DAG runs as soon as it starts.
    const runs = async () =>
      Number((await t.testDb.db.query<{ n: string }>("SELECT count(*) AS n FROM airflow_dag_runs")).rows[0]!.n);
    for (let i = 0; i < 200 && (await runs()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await runs()).toBeGreaterThan(0);
    await api(t.app, admin, "GET", "/analytics/flush-cache");
  });
  afterAll(async () => {
    await t.close();
    await airflow.stop();
  });

  it("groups DAGs by tag with their tables, next runs and running times", async () => {
    const { body } = await api(t.app, admin, "GET", "/analytics/pipeline-summary?limit=10");
    expect(body.count).toBe(4);
    expect(body.unavailable).toBeNull();
    const byName = Object.fromEntries(body.data.pipeline_tag.map((p: { name: string }) => [p.name, p]));
    expect(Object.keys(byName)).toEqual(["finance", "maintenance", "ml", "sales"]);
    expect(byName.sales.job_count).toBe(2);
    expect(byName.sales.state).toBe("active");
    const ingest = byName.sales.jobs.find((j: { dag_id: string }) => j.dag_id === "ingest_orders");
    expect(ingest.tables).toEqual([{ table: "hive.sales.orders" }, { table: "hive.sales.order_items" }]);
    expect(new Date(ingest.next_run).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(byName.sales.weekly_avg_running_time).toBeGreaterThan(0);
    expect(byName.ml.state).toBe("paused");
    expect(byName.ml.jobs[0].next_run).toBeNull();
    for (const p of body.data.pipeline_tag) expect([0, 1, 2]).toContain(p.status_code);

    const analytics = (await api(t.app, admin, "GET", "/analytics/analytics")).body;
    expect(analytics.active_pipelines).toBe(3);
    expect(analytics.paused_pipelines).toBe(1);
  });

  it("finds a pipeline by the name of one of its DAGs, and pages", async () => {
    const found = (await api(t.app, admin, "GET", "/analytics/pipeline-summary?dag_name=Refresh_")).body;
    expect(found.count).toBe(1);
    expect(found.data.pipeline_tag[0].name).toBe("sales");
    const second = (await api(t.app, admin, "GET", "/analytics/pipeline-summary?limit=10&offset=3")).body;
    expect(second.count).toBe(4);
    expect(second.data.pipeline_tag.map((p: { name: string }) => p.name)).toEqual(["sales"]);
  });

  it("keeps the last pipelines and says why when Airflow cannot be read", async () => {
    await airflow.stop();
    await api(t.app, admin, "GET", "/analytics/flush-cache");
    const { body } = await api(t.app, admin, "GET", "/analytics/pipeline-summary");
    expect(body.count).toBe(4);
    expect(body.unavailable).toMatch(/Airflow/);
    airflow = await startAirflow();
  });
});
