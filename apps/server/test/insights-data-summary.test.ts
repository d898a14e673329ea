import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTrinoSim, type SimTable, type TrinoSim } from "@console/sandbox";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { api } from "./support/users.js";

const col = (name: string, type = "varchar") => ({ name, type });
const table = (catalog: string, schema: string, name: string, columns: number): SimTable => ({
  catalog,
  schema,
  name,
  columns: Array.from({ length: columns }, (_, i) => col(`c${i}`)),
});

/** Three tables with known statistics and twelve more in a catalog of their own, for paging. */
const TABLES: SimTable[] = [
  table("hive", "sales", "orders", 3),
  table("hive", "sales", "customers", 4),
  table("iceberg", "finance", "revenue", 2),
  ...Array.from({ length: 12 }, (_, i) => table("lake", "events", `e_${String(i + 1).padStart(2, "0")}`, 1)),
];

interface Row {
  table_id: number;
  table_name: string;
  catalog: string;
  schema_name: string;
  column_count: number;
  num_rows: number | null;
  data_size: number | null;
  updated_at: string;
  added_at: string;
  trends: { change_set: number | null; percentage_change: number | null };
}
const names = (rows: Row[]) => rows.map((r) => `${r.catalog}.${r.schema_name}.${r.table_name}`);

describe.each(DB_KINDS)("insights data summary from Trino's statistics (%s)", (kind) => {
  let t: TestApp;
  let trino: TrinoSim;
  let admin: string;
  let first: { before: number; after: number };
  let second: { before: number; after: number };
  const summary = async (query = "") => {
    const res = await api(t.app, admin, "GET", `/analytics/data-summary${query}`);
    expect(res.status).toBe(200);
    return res.body as { data: Row[]; total_count: number; unavailable: string | null };
  };
  const refresh = async () => {
    const before = Date.now();
    expect((await api(t.app, admin, "GET", "/analytics/flush-cache")).status).toBe(200);
    return { before, after: Date.now() };
  };

  beforeAll(async () => {
    trino = await startTrinoSim({ pageSize: 4 });
    trino.tables.splice(0, trino.tables.length, ...TABLES);
    trino.setStats("hive.sales.orders", { rows: 1000, size: 5000 });
    trino.setStats("hive.sales.customers", { rows: 200, size: null });
    trino.setStats("iceberg.finance.revenue", { rows: null, size: null });
    TABLES.slice(3).forEach((x, i) => trino.setStats(`lake.events.${x.name}`, { rows: (i + 1) * 100, size: 10 }));
    t = await makeApp(kind, { TRINO_URL: trino.url, INSIGHTS_STATS_CONCURRENCY: "2" });
    admin = await adminToken(t.app);
    first = await refresh();
    // The second refresh: orders grew by a quarter, customers was dropped, e_13 appeared.
    trino.setStats("hive.sales.orders", { rows: 1250, size: 6000 });
    trino.tables.splice(1, 1);
    trino.tables.push(table("lake", "events", "e_13", 5));
    trino.setStats("lake.events.e_13", { rows: 7, size: null });
    second = await refresh();
  });
  afterAll(async () => {
    await t.close();
    await trino.stop();
  });

  it("lists the tables with their columns, rows, size and the trend of the last change, newest change first", async () => {
    const page = await summary();
    expect(page.total_count).toBe(15);
    expect(page.unavailable).toBeNull();
    expect(page.data).toHaveLength(10);
    // Changed or added at the second refresh, then the rest (unchanged since the first), by name.
    expect(names(page.data)).toEqual([
      "hive.sales.orders",
      "lake.events.e_13",
      "iceberg.finance.revenue",
      "lake.events.e_01",
      "lake.events.e_02",
      "lake.events.e_03",
      "lake.events.e_04",
      "lake.events.e_05",
      "lake.events.e_06",
      "lake.events.e_07",
    ]);
    const [orders, e13, revenue, e01] = page.data as [Row, Row, Row, Row];
    expect(orders).toMatchObject({
      column_count: 3,
      num_rows: 1250,
      data_size: 6000,
      // 1250 - 1000 rows, a quarter more.
      trends: { change_set: 250, percentage_change: 25 },
    });
    const at = (iso: string) => new Date(iso).getTime();
    expect(at(orders.updated_at)).toBeGreaterThanOrEqual(second.before);
    expect(at(orders.added_at)).toBeLessThanOrEqual(first.after);
    expect(e13).toMatchObject({ column_count: 5, num_rows: 7, data_size: null, trends: { change_set: null } });
    expect(at(e13.added_at)).toBeGreaterThanOrEqual(second.before);
    // No statistics: rows and size unknown, and no trend.
    expect(revenue).toMatchObject({
      column_count: 2,
      num_rows: null,
      data_size: null,
      trends: { change_set: null, percentage_change: null },
    });
    expect(at(revenue.updated_at)).toBeLessThanOrEqual(first.after);
    expect(e01).toMatchObject({ column_count: 1, num_rows: 100, data_size: 10 });
  });

  it("sorts by recently added, pages by 10 to 50 and filters by catalog, schema and part of a table's name", async () => {
    const added = await summary("?sort_by=recentlyAdded&limit=20");
    expect(added.data).toHaveLength(15);
    expect(names(added.data).slice(0, 3)).toEqual(["lake.events.e_13", "hive.sales.orders", "iceberg.finance.revenue"]);

    const lake = await summary("?catalog=lake&limit=10&offset=10");
    expect(lake.total_count).toBe(13);
    expect(names(lake.data)).toEqual(["lake.events.e_10", "lake.events.e_11", "lake.events.e_12"]);
    // e_13 changed last, so it leads the first page.
    expect(names((await summary("?catalog=lake&schema=events")).data)[0]).toBe("lake.events.e_13");
    const found = await summary("?table=E_1");
    expect(names(found.data)).toEqual(["lake.events.e_13", "lake.events.e_10", "lake.events.e_11", "lake.events.e_12"]);
    expect(found.total_count).toBe(4);
    const none = await summary("?catalog=hive&schema=events");
    expect(none).toEqual({ data: [], total_count: 0, unavailable: null });

    const badSize = await api(t.app, admin, "GET", "/analytics/data-summary?limit=5");
    expect(badSize.status).toBe(400);
    expect(badSize.body.field).toBe("query.limit");
    const badSort = await api(t.app, admin, "GET", "/analytics/data-summary?sort_by=name");
    expect(badSort.status).toBe(400);
    expect(badSort.body.field).toBe("query.sort_by");
    expect(badSort.body.error).toMatch(/recentlyUpdated, recentlyAdded/);
  });

  it("keeps one snapshot per change, and an unchanged refresh keeps the last trend", async () => {
    const snapshots = await t.testDb.db.query<{ table_name: string; n: string }>(
      `SELECT t.table_name, count(*) AS n FROM insights_table_snapshots s JOIN insights_tables t USING (table_id)
        WHERE t.table_name IN ('orders', 'revenue') GROUP BY 1 ORDER BY 1`,
    );
    expect(snapshots.rows.map((r) => [r.table_name, Number(r.n)])).toEqual([
      ["orders", 2],
      ["revenue", 1],
    ]);
    await refresh();
    const [orders] = (await summary("?table=orders")).data as [Row];
    expect(orders.trends).toEqual({ change_set: 250, percentage_change: 25 });
    expect(new Date(orders.updated_at).getTime()).toBeLessThanOrEqual(second.after);
  });

  it("lists the catalogs and schemas with their number of tables for the filters", async () => {
    const { status, body } = await api(t.app, admin, "GET", "/analytics/datasets");
    expect(status).toBe(200);
    expect(body.catalogs.map((c: { name: string }) => c.name)).toEqual(["hive", "iceberg", "lake"]);
    expect(body.catalogs[0]).toEqual({ name: "hive", schemas: [{ name: "sales", table_count: 1 }] });
    expect(body.catalogs[2]).toEqual({ name: "lake", schemas: [{ name: "events", table_count: 13 }] });
  });

  it("reads Trino only while refreshing, and keeps the last tables when Trino is down", async () => {
    const asked = trino.statements.length;
    await summary("?limit=50");
    await api(t.app, admin, "GET", "/analytics/datasets");
    expect(trino.statements.length).toBe(asked);

    trino.setFailure(503);
    // The figures from the query events are still recomputed.
    await refresh();
    const page = await summary();
    expect(page.total_count).toBe(15);
    expect(page.unavailable).toMatch(/^Trino is unavailable: it is starting or overloaded/);
    trino.setFailure(null);
    await refresh();
    expect((await summary()).unavailable).toBeNull();
  });

  it("is refused to a user without the insights menu", async () => {
    await seedUser(t.testDb.db, "olga");
    await assignMenus(t.testDb.db, "olga", ["audits"]);
    await t.services.bus.publish("access");
    const olga = await tokenFor(t.app, "olga", USER_PASSWORD);
    expect((await api(t.app, olga, "GET", "/analytics/data-summary")).status).toBe(403);
    expect((await api(t.app, olga, "GET", "/analytics/datasets")).status).toBe(403);
  });
});
