import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest, apiToken } from "../support/session.js";

const baseUrl = inject("baseUrl");

async function analytics(token: string) {
  const res = await fetch(`${baseUrl}/admin-api/api/v1/analytics/analytics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    weekly_active_users: number;
    monthly_active_users: number;
    active_pipelines: number | null;
    top_5_users: Array<{ name: string; count: number }>;
    weekly_top_executed_queries: Array<{ interval_alias: string; user_count: number }>;
    weekly_active_users_timeline: Array<{ interval_alias: string; user_count: number }>;
    monthly_active_users_timeline: Array<{ interval_alias: string; user_count: number }>;
    provisional: boolean;
  };
}

describe("insights", () => {
  let page: Page;
  let token: string;
  beforeAll(async () => {
    token = await apiToken(baseUrl);
  });
  adminPagePerTest(
    baseUrl,
    (p) => (page = p),
    async (p) => {
      await p.goto(`${baseUrl}/insights`);
      await p.getByRole("heading", { name: "Insights", level: 1 }).waitFor();
    },
  );

  const statistic = (title: string) =>
    page.getByRole("region", { name: "Analytics" }).locator(".ant-statistic").filter({ hasText: title });

  it("shows the figures computed from the query events the sandbox's Trino sent", async () => {
    // The sandbox posts 90 days of query history after the server starts: until it is all in,
    // the screen says its figures are provisional, and they are computed again by themselves.
    const provisional = page.getByRole("alert").filter({ hasText: "these figures are provisional" });
    await expect
      .poll(async () => (await analytics(token)).provisional, { timeout: 240_000, interval: 1000 })
      .toBe(false);
    await provisional.waitFor({ state: "detached", timeout: 30_000 });
    // Real curves, with no Recompute: many weeks and months of active users.
    const busy = (points: Array<{ user_count: number }>) => points.filter((p) => p.user_count > 0).length;
    const final = await analytics(token);
    expect(busy(final.weekly_active_users_timeline)).toBeGreaterThan(6);
    expect(busy(final.monthly_active_users_timeline)).toBeGreaterThan(2);
    // The figures on screen are the server's, as of its last computation.
    await page.getByRole("button", { name: "Recompute" }).click();
    await page.getByText("Insights recomputed.").waitFor();
    const a = await analytics(token);
    expect(a.monthly_active_users).toBeGreaterThan(0);
    await expect
      .poll(() => statistic("Weekly active users").locator(".ant-statistic-content").innerText())
      .toBe(String(a.weekly_active_users));
    expect(await statistic("Monthly active users").locator(".ant-statistic-content").innerText()).toBe(
      String(a.monthly_active_users),
    );
    expect(await statistic("Active pipelines").locator(".ant-statistic-content").innerText()).toBe(
      String(a.active_pipelines),
    );
    const topUsers = page.getByRole("list", { name: "Top 5 users" });
    expect(await topUsers.getByRole("listitem").count()).toBe(a.top_5_users.length);
    expect(await topUsers.getByRole("listitem").first().innerText()).toContain(a.top_5_users[0]!.name);
    // The chart's figures, per day of the last week.
    const figures = page.getByRole("table", { name: "Users running queries, last 7 days figures" });
    expect(await figures.getByRole("row").count()).toBe(7);
    const last = a.weekly_top_executed_queries.at(-1)!;
    expect(await figures.getByRole("row").last().innerText()).toBe(`${last.interval_alias}\t${last.user_count}`);
    await screenshot(page, "insights");
  }, 300_000);

  it("lists the Airflow pipelines, one open at a time, and finds one by a DAG's name", async () => {
    const table = page.getByRole("region", { name: "Pipeline summary" }).getByRole("table").first();
    const row = (name: string) => table.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });
    await row("sales").waitFor();
    await expect.poll(() => table.getByRole("row").count()).toBe(1 + 4);
    await row("sales")
      .getByRole("button", { name: /expand/i })
      .click();
    const salesJobs = page.getByRole("table", { name: "Jobs of sales" });
    await salesJobs.getByRole("cell", { name: "ingest_orders" }).waitFor();
    expect(await salesJobs.innerText()).toContain("hive.sales.orders");
    await screenshot(page, "insights-pipeline-open");

    await row("finance")
      .getByRole("button", { name: /expand/i })
      .click();
    await page.getByRole("table", { name: "Jobs of finance" }).waitFor();
    await salesJobs.waitFor({ state: "hidden" });

    await page.getByRole("searchbox", { name: "Search pipelines and DAGs" }).fill("refresh_sales");
    await page.getByRole("searchbox", { name: "Search pipelines and DAGs" }).press("Enter");
    await expect.poll(() => table.getByRole("row").count()).toBe(2);
    expect(await row("sales").isVisible()).toBe(true);
  });

  it("lists the tables with their statistics, sorted, filtered and paged like the server's data summary", async () => {
    type Row = { table_name: string; catalog: string; column_count: number; trends: { change_set: number | null } };
    const api = async (query: string) => {
      const res = await fetch(`${baseUrl}/admin-api/api/v1/analytics/data-summary?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { data: Row[]; total_count: number };
    };
    const region = page.getByRole("region", { name: "Data summary" });
    const table = region.getByRole("table").first();
    const rows = table.getByRole("row");
    const firstCell = (n: number) => rows.nth(n).getByRole("cell").first();
    const updated = await api("limit=10");
    expect(updated.total_count).toBeGreaterThan(10);
    await region.getByText(`${updated.total_count} in total`).waitFor();
    // Header row and one page of ten.
    await expect.poll(() => rows.count()).toBe(1 + 10);
    expect(await firstCell(1).innerText()).toBe(updated.data[0]!.table_name);
    const first = updated.data[0]!;
    const cells = rows.nth(1).getByRole("cell");
    expect(await cells.nth(1).innerText()).toBe(first.catalog);
    expect(await cells.nth(3).innerText()).toBe(String(first.column_count));
    // The trend column: an arrow with the change, or a placeholder before a second snapshot.
    if (first.trends.change_set === null) expect(await cells.nth(7).innerText()).toBe("—");
    else
      expect(
        await cells
          .nth(7)
          .getByRole("img", { name: /^(Up|Down) .* rows|^No change/ })
          .count(),
      ).toBe(1);
    await region.scrollIntoViewIfNeeded();
    await screenshot(page, "insights-data-summary");

    const added = await api("limit=10&sort_by=recentlyAdded");
    await region.getByRole("combobox", { name: "Sort data summary by" }).click();
    await page.locator(".ant-select-dropdown:visible").getByTitle("Recently added").click();
    await expect.poll(() => firstCell(1).innerText()).toBe(added.data[0]!.table_name);

    const orders = await api("limit=10&sort_by=recentlyAdded&table=orders");
    expect(orders.total_count).toBeGreaterThan(0);
    await region.getByRole("searchbox", { name: "Search tables" }).fill("orders");
    await region.getByRole("searchbox", { name: "Search tables" }).press("Enter");
    await expect.poll(() => rows.count()).toBe(1 + orders.data.length);
    for (let i = 0; i < orders.data.length; i++) expect(await firstCell(i + 1).innerText()).toContain("orders");
    await region.getByText(`${orders.total_count} in total`).waitFor();

    await region.getByRole("searchbox", { name: "Search tables" }).fill("no-such-table");
    await region.getByRole("searchbox", { name: "Search tables" }).press("Enter");
    await table.getByText("No data").waitFor();
  });

  it("runs the screen's guided tour", async () => {
    await page.getByRole("button", { name: "Take a tour" }).click();
    await page.getByText("How many people queried the platform").waitFor();
    for (let i = 0; i < 5; i++) await page.getByRole("button", { name: "Next" }).click();
    const last = page.getByText("Figures are computed on the schedule set in Settings");
    await last.waitFor();
    await screenshot(page, "insights-tour");
    await page.getByRole("button", { name: "Finish" }).click();
    await last.waitFor({ state: "hidden" });
  });
});
