import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest } from "../support/session.js";
import {
  apply,
  chooseOption,
  dataRows,
  headers,
  minioEntry,
  openAudits,
  openFilter,
  openTab,
  postMinio,
  postTrino,
  rowOf,
  toast,
  trailEvents,
  trinoCompleted,
} from "./main.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const tag = randomBytes(3).toString("hex");
const actor = { username: "admin", ipAddress: "10.77.1.2" };

describe("audits", () => {
  let page: Page;
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("opens on sign-in events with masked IP addresses that the header toggle reveals", async () => {
    await openAudits(page, baseUrl);
    await page.getByRole("combobox", { name: "Component" }).waitFor();
    await page.getByRole("tab", { name: "Login Events", selected: true }).waitFor();
    await rowOf(page, "LOGIN").first().waitFor();
    expect(await headers(page)).toEqual(["Time", "Username", "IP address", "Event type", "Client ID"]);
    const first = rowOf(page, "platform-console").first();
    expect(await first.innerText()).toContain("127.•••.•••.•••");
    await page.getByRole("button", { name: "Show IP addresses" }).click();
    expect(await first.innerText()).toContain("127.0.0.1");
    await page.getByRole("button", { name: "Hide IP addresses" }).waitFor();
    await page.getByText("Audit trail verified").waitFor();
    await screenshot(page, "audits-login");

    await page.getByRole("tab", { name: "Admin Events" }).click();
    await page.getByRole("columnheader", { name: "Operation type" }).waitFor();
    expect(await headers(page)).toEqual(["Time", "Username", "IP address", "Operation type", "Resource type"]);
    // Admin events have no filter popover.
    expect(await page.getByRole("button", { name: "Filter" }).count()).toBe(0);
  });

  it("lists Trino queries with collapsed text, failures, filters and their validation", async () => {
    const user = `zed-${tag}`;
    await postTrino(baseUrl, [
      trinoCompleted(`20260302_101530_00001_${tag}`, {
        user,
        wall: 12.5,
        at: new Date(Date.now() - 60_000).toISOString(),
      }),
      trinoCompleted(`20260302_101531_00002_${tag}`, {
        user,
        failed: true,
        at: new Date().toISOString(),
        // As long as real queries are: the query column must not squeeze the others.
        query:
          "SELECT customer_id, count(*) AS orders, sum(total_amount) AS revenue FROM iceberg.sales.orders " +
          "WHERE order_date >= DATE '2026-01-01' AND region IN ('EU', 'ME') GROUP BY customer_id ORDER BY revenue DESC",
      }),
    ]);
    await openAudits(page, baseUrl);
    await openTab(page, "Trino", "Query Events");
    expect(await headers(page)).toEqual([
      "Time",
      "Username",
      "Source IP",
      "Query",
      "Execution time (s)",
      "Status",
      "Explain",
    ]);

    await openFilter(page);
    expect(await page.getByRole("button", { name: "Apply" }).isDisabled()).toBe(true);
    await page.getByLabel("Username").fill(user);
    await apply(page);
    await expect.poll(() => dataRows(page).count()).toBe(2);
    const ok = rowOf(page, "12.500");
    expect(await ok.innerText()).toContain("SELECT o.orderkey, o.totalprice FROM tpch.tiny.orders o LIMIT 10");
    expect(await ok.innerText()).toContain("Success");
    expect(await rowOf(page, "Not Applicable").innerText()).toContain("Failure");
    // Each status keeps its dot and its word on one line, and each time stays on one line.
    const badges = page.locator(".ant-table-tbody .ant-badge-status");
    expect(await badges.count()).toBe(2);
    const split = await badges.evaluateAll(
      (els) =>
        els.filter((el) => {
          const dot = el.querySelector(".ant-badge-status-dot")!.getBoundingClientRect();
          const word = el.querySelector(".ant-badge-status-text")!.getBoundingClientRect();
          return word.top >= dot.bottom;
        }).length,
    );
    expect(split).toBe(0);
    await screenshot(page, "audits-trino");

    // Validation toasts, as sentences.
    await openFilter(page);
    await page.getByLabel("Minimum execution time (s)").fill("5");
    await page.getByLabel("Maximum execution time (s)").fill("2");
    await apply(page);
    await toast(page, "The minimum execution time cannot be greater than the maximum.");
    await page.getByLabel("Maximum execution time (s)").fill("4000");
    await apply(page);
    await toast(page, "The execution time cannot be more than 3600 seconds.");
    // Durations take up to 4 digits and 3 decimals.
    await page.getByLabel("Minimum execution time (s)").fill("12345");
    expect(await page.getByLabel("Minimum execution time (s)").inputValue()).toBe("5");

    // A failed query has no duration: the fields go away.
    await chooseOption(page, "Status", "Failure");
    expect(await page.getByLabel("Minimum execution time (s)").count()).toBe(0);
    await apply(page);
    await expect.poll(() => dataRows(page).count()).toBe(1);
    expect(await dataRows(page).first().innerText()).toContain("Not Applicable");

    // Clear returns to all queries; a tab change resets the filters.
    await openFilter(page);
    const clear = page.locator("button").filter({ hasText: /^Clear$/ });
    await clear.click();
    // Back to every query (the sandbox's too), and Clear is gone with the filters.
    await expect.poll(() => dataRows(page).count()).toBeGreaterThan(1);
    await openFilter(page);
    expect(await clear.isVisible()).toBe(false);
  });

  it("lists Airflow DAG runs and refuses a start date after the end date", async () => {
    await openAudits(page, baseUrl);
    await openTab(page, "Airflow", "DAG Runs");
    await dataRows(page).first().waitFor();
    expect(await headers(page)).toEqual([
      "Execution date",
      "DAG ID",
      "Run ID",
      "Run type",
      "External trigger",
      "Execution (s)",
      "State",
    ]);
    expect(await dataRows(page).first().innerText()).toMatch(/scheduled|manual/);
    expect(await dataRows(page).first().innerText()).toMatch(/Yes|No/);
    await screenshot(page, "audits-airflow");

    await openFilter(page);
    const start = page.getByLabel("Start date");
    await start.click();
    await start.fill("05-03-2026 10:00:00 am");
    await start.press("Enter");
    const end = page.getByLabel("End date");
    await end.click();
    await end.fill("01-03-2026 10:00:00 am");
    await end.press("Enter");
    await apply(page);
    await toast(page, "The start date should be earlier than the end date.");
  });

  it("lists MinIO requests by user and bucket with whole seconds", async () => {
    const bucket = `e2e-${tag}`;
    await postMinio(baseUrl, [
      minioEntry(`E2E${tag}A`, {
        user: "admin",
        bucket,
        ns: 13_309_747,
        time: new Date(Date.now() - 5000).toISOString(),
      }),
      minioEntry(`E2E${tag}B`, { user: "admin", bucket, ns: 2_600_000_000, time: new Date().toISOString() }),
    ]);
    await openAudits(page, baseUrl);
    await openTab(page, "MinIO", "Object Store");
    expect(await headers(page)).toEqual([
      "Time",
      "Username",
      "Remote host",
      "Bucket",
      "API name",
      "Execution time (s)",
      "Status",
    ]);
    await openFilter(page);
    await page.getByLabel("Bucket").fill(bucket);
    await chooseOption(page, "User", "admin");
    await apply(page);
    await expect.poll(() => dataRows(page).count()).toBe(2);
    const cells = async (i: number) =>
      (await dataRows(page).nth(i).getByRole("cell").allInnerTexts()).map((c) => c.trim());
    expect((await cells(0)).slice(1)).toEqual(["admin", "10.1.2.3", bucket, "PutObject", "3", "OK"]);
    expect((await cells(1))[5]).toBe("1");
    await screenshot(page, "audits-minio");
  });

  it("opens the policy change-set and assignment drawers", async () => {
    const name = `finance-${tag}`;
    await trailEvents(databaseUrl, [
      {
        source: "policy-management-acl",
        action: "Update",
        actor,
        status: "success",
        subjectId: "4242",
        subjectName: name,
        details: {
          changeSet: [
            { column: "policyName", oldVal: "finance", newVal: name },
            { column: "tablePrivileges", oldVal: "SELECT", newVal: "SELECT,INSERT" },
            { column: "assignToUsers", oldVal: "alice", newVal: "alice|bob" },
            { column: "assignToGroups", oldVal: "", newVal: "analysts" },
            { column: "config", oldVal: { allow: "read-only" }, newVal: { allow: "all" } },
            { column: "rowFilters.region", oldVal: "", newVal: "region = 'EU'" },
            { column: "approvalStatus", oldVal: "PENDING_APPROVAL", newVal: "APPROVED" },
            { column: "tnc", oldVal: { endDate: null }, newVal: { endDate: "2026-04-05T20:59:59.999Z" } },
          ],
        },
      },
    ]);
    await openAudits(page, baseUrl);
    await openTab(page, "Policy Management", "Policies");
    await openFilter(page);
    await page.getByLabel("Policy ID").pressSequentially("42a42");
    expect(await page.getByLabel("Policy ID").inputValue()).toBe("4242");
    await apply(page);
    await expect.poll(() => dataRows(page).count()).toBe(1);
    expect(await headers(page)).toEqual([
      "Time",
      "Username",
      "IP address",
      "Policy ID",
      "Policy name",
      "Action",
      "Change set",
    ]);

    await page.getByRole("button", { name: `View the change set of ${name}` }).click();
    const drawer = page.getByRole("dialog", { name: `Policy 4242: ${name}` });
    await drawer.waitFor();
    const bullets = (await drawer.getByRole("listitem").allInnerTexts()).map((s) => s.trim());
    expect(bullets).toEqual([
      `Policy name: finance → ${name}`,
      "Privileges: added INSERT.",
      "Assigned users: added bob.",
      "Assigned groups: added analysts.",
      "Access: read-only → all",
      "Row filter on region: (none) → region = 'EU'",
      // The console's names and date format, never the stored constant or an ISO instant.
      "Approval status: Pending Approval → Approved",
      `Access end date: (none) → ${await page.evaluate(() => {
        const d = new Date("2026-04-05T20:59:59.999Z");
        return [d.getDate(), d.getMonth() + 1].map((n) => String(n).padStart(2, "0")).join("-") + `-${d.getFullYear()}`;
      })}`,
    ]);
    await screenshot(page, "audits-policy-drawer");
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: `View the assignments of ${name}` }).click();
    const assigned = page.getByRole("dialog", { name: "Assignments" });
    await assigned.waitFor();
    expect(await assigned.getByRole("row").filter({ hasText: "bob" }).count()).toBe(1);
    expect(await assigned.getByRole("row").filter({ hasText: "analysts" }).count()).toBe(1);
  });

  it("shows sync failures with their message and the settings change sets", async () => {
    await trailEvents(databaseUrl, [
      {
        source: "user-management-sync",
        action: "Sync Failed",
        actor,
        status: "Failed",
        subjectId: `job-${tag}`,
        details: { jobId: `job-${tag}`, syncedUsers: 0, syncedGroups: 0, message: `Directory down ${tag}` },
      },
      {
        source: "settings-menu",
        action: "Deactivate",
        actor,
        status: "success",
        subjectName: "Insights",
        details: { changeSet: [{ column: "status", oldVal: true, newVal: false }] },
      },
    ]);
    await openAudits(page, baseUrl);
    await page.getByRole("tab", { name: "Sync" }).click();
    const row = rowOf(page, `job-${tag}`);
    await row.waitFor();
    expect(await headers(page)).toEqual([
      "Time",
      "Username",
      "Job ID",
      "Action",
      "Users synced",
      "Groups synced",
      "Status",
    ]);
    await row.getByText("Failed", { exact: true }).hover();
    await page
      .getByRole("tooltip")
      .filter({ hasText: `Directory down ${tag}` })
      .waitFor();

    await openTab(page, "Settings", "Menu");
    await openFilter(page);
    await chooseOption(page, "Menu", "Insights");
    await chooseOption(page, "Action", "Deactivate");
    await apply(page);
    await rowOf(page, "Deactivate").first().waitFor();
    await page.getByRole("button", { name: "View the change set of Insights" }).first().click();
    const drawer = page.getByRole("dialog", { name: "Change set" });
    await drawer.waitFor();
    expect(await drawer.getByRole("listitem").allInnerTexts()).toEqual(["Status: true → false"]);
  });

  it("lists notebook events and opens the classification change set", async () => {
    await openAudits(page, baseUrl);
    await openTab(page, "Notebook Service", "Notebook Events");
    await dataRows(page).first().waitFor();
    expect(await headers(page)).toEqual(["Time", "Username", "IP address", "Event ID", "Summary", "Status"]);
    // HTML is stripped from the summaries.
    expect(await dataRows(page).first().innerText()).toMatch(/Ran notebook cell \d of "[a-z ]+"/);
    expect(await page.getByText("<b>").count()).toBe(0);
    await openFilter(page);
    await chooseOption(page, "Status", "Failure");
    await apply(page);
    await expect.poll(async () => (await dataRows(page).first().innerText()).includes("Failure")).toBe(true);
    expect(await dataRows(page).filter({ hasText: "Success" }).count()).toBe(0);

    await openTab(page, "Data Classification", "Rule History");
    await rowOf(page, "customer-email").first().waitFor();
    expect(await headers(page)).toEqual(["Time", "Created by", "IP address", "Rule name", "Action", "Change set"]);
    // Only UPDATE rows have a change set.
    expect(await rowOf(page, "CREATE").first().innerText()).toContain("na");
    await page.getByRole("button", { name: "View the change set of customer-email" }).click();
    const drawer = page.getByRole("dialog", { name: "Change set" });
    await drawer.waitFor();
    expect(await drawer.innerText()).toContain("customer-email");
    expect((await drawer.getByRole("listitem").allInnerTexts()).map((s) => s.trim())).toEqual([
      "Description: E-mail → Customer e-mail addresses",
      "Regex values: 2 added (^[a-z]+@corp\\.com$|^x@y$), 0 removed (—).",
      "Prediction weight of name changed from 30 to 25.",
      "Prediction weight of value changed from 70 to 75.",
    ]);
    await screenshot(page, "audits-classification-drawer");
  });
});
