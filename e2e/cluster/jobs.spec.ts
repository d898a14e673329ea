import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest, apiToken } from "../support/session.js";
import { deleteJob, runningFlinkJob } from "./main.js";

const baseUrl = inject("baseUrl");

describe("job details, usage charts and completed jobs' logs", () => {
  let page: Page;
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("opens a Spark job's details from its name: overview, specification, pods", async () => {
    await page.goto(`${baseUrl}/components?component=spark-jobs`);
    await page.getByRole("heading", { name: "Spark Jobs" }).waitFor();
    await page.getByRole("button", { name: "daily-sales-etl", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "Job daily-sales-etl" });
    await drawer.getByText("com.example.daily_sales_etl.Main").waitFor();
    // The overview is a request of its own, which may answer after the details.
    await drawer.getByText("Pods running").waitFor();
    expect(await drawer.getByRole("cell", { name: "executor", exact: true }).count()).toBeGreaterThan(0);
    await drawer.getByRole("region", { name: "Pods" }).waitFor();
    await screenshot(page, "spark-job-details");
  });

  it("shows a component's CPU and memory overview charts, for the duration chosen", async () => {
    await page.goto(`${baseUrl}/components?component=trino`);
    await page.getByText("CPU and memory overview").waitFor();
    await page.getByRole("img", { name: /^CPU usage over the last 30 minutes: CPU \d+m$/ }).waitFor();
    expect(
      await page.getByRole("img", { name: /^Memory usage over the last 30 minutes: Memory [\d.]+ [KMG]B$/ }).count(),
    ).toBe(1);
    await page.getByRole("combobox", { name: "Chart duration" }).click();
    await page.locator('.ant-select-item-option[title="120 minutes"]').click();
    await page.getByRole("img", { name: /^CPU usage over the last 120 minutes/ }).waitFor();
    await screenshot(page, "components-overview-charts");
  });

  it("draws a host's last five minutes of usage", async () => {
    await page.goto(`${baseUrl}/hosts/master-01`);
    const chart = page.getByRole("img", {
      name: /^CPU and memory usage, last 5 minutes: CPU usage [\d.]+%, Memory usage [\d.]+%$/,
    });
    await chart.waitFor();
    expect(await chart.isVisible()).toBe(true);
    // Every time label, the last one too, is drawn whole inside the chart (once the chart has measured itself).
    const times = chart.locator(".recharts-cartesian-axis-tick-value").filter({ hasText: /^\d{2}:\d{2}:\d{2}$/ });
    await expect.poll(() => times.count()).toBe(7);
    const beyond = await chart.evaluate((el) => {
      const right = el.querySelector("svg.recharts-surface")!.getBoundingClientRect().right;
      const labels = Array.from(el.querySelectorAll(".recharts-cartesian-axis-tick-value"));
      return Math.max(...labels.map((l) => l.getBoundingClientRect().right - right));
    });
    expect(beyond).toBeLessThanOrEqual(0);
    await screenshot(page, "host-usage-chart");
  });

  it("opens a running job's logs from the Logs button of the jobs table", async () => {
    await page.goto(`${baseUrl}/components?component=flink-jobs`);
    await page.getByRole("heading", { name: "Flink Jobs" }).waitFor();
    // Deployments restart now and then in the sandbox: take one the table offers logs for.
    const logs = page.getByRole("button", { name: /^Open the logs of / }).first();
    await logs.waitFor();
    const job = (await logs.getAttribute("aria-label"))!.replace("Open the logs of ", "");
    // The logs page asks only for what it shows: no call of it is refused.
    const refused: string[] = [];
    page.on("response", (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    await logs.click();
    await page.waitForURL(
      (url) => url.pathname.startsWith(`/components/podlogs/flink-jobs/${job}-`) && url.searchParams.get("job") === job,
    );
    await page
      .getByRole("log", { name: "Log lines" })
      .getByText(/\d{4}-\d\d-\d\dT/)
      .first()
      .waitFor();
    await screenshot(page, "pod-logs-from-jobs-table");
    expect(refused).toEqual([]);
  });

  it("says a job has completed when its pod goes away, and OK returns to the components", async () => {
    const token = await apiToken(baseUrl);
    const job = await runningFlinkJob(baseUrl, token);
    await page.goto(`${baseUrl}/components/podlogs/flink-jobs/${job.pod}?job=${job.name}`);
    await page
      .getByRole("log", { name: "Log lines" })
      .getByText(/\d{4}-\d\d-\d\dT/)
      .first()
      .waitFor();
    // Spark and Flink pods have no container choice.
    expect(await page.getByRole("combobox", { name: "Container" }).count()).toBe(0);
    await deleteJob(baseUrl, token, "flink-jobs", job.name);
    const dialog = page.getByRole("dialog", { name: "Job completed" });
    await dialog.waitFor();
    await screenshot(page, "pod-logs-job-completed");
    await dialog.getByRole("button", { name: "OK" }).click();
    await page.waitForURL(/\/components\?component=flink-jobs$/);
    await page.getByRole("heading", { name: "Flink Jobs" }).waitFor();
    expect(await page.getByRole("row", { name: new RegExp(job.name) }).count()).toBe(0);
  });
});
