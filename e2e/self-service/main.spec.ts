import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openAudits, openTab, postTrino, trinoRefused } from "../audits/main.js";
import { launchBrowser, screenshot } from "../support/browser.js";
import { createUser } from "../support/db.js";
import { ADMIN_PASSWORD, apiToken, asUser, openMyAccess } from "../support/session.js";
import { adminApi } from "../users/main.js";
import { syncApi, syncFromList } from "../policies/main.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const USER = "ss-dana";
const PASSWORD = "Ss-Dana-Pass-123";
const QUERY_ID = `20260301_090000_00042_ss${Date.now().toString(36)}`;

/** A query Trino refused while analysing it: the access-denied message, and no inputs. */
const deniedQuery = () =>
  trinoRefused(QUERY_ID, {
    user: USER,
    query: "SELECT id, status, total_amount FROM hive.sales.orders WHERE region = 'EU'",
    columns: ["id", "status", "total_amount"],
    table: "hive.sales.orders",
  });

// A whole story across two users and a Sync: more than the default minute on a busy machine.
describe("explained denials and self-service access", { timeout: 180_000 }, () => {
  let browser: Browser;
  let admin: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    await createUser(databaseUrl, USER, PASSWORD);
    admin = await apiToken(baseUrl);
    // The user reads the customers (email masked); the orders are not theirs.
    await adminApi(baseUrl, admin, "POST", "/acl/add", {
      policyName: "ss dana customers",
      category: "tables",
      catalogName: "hive",
      schemaName: ["sales"],
      tables: ["customers"],
      tablePrivileges: ["SELECT"],
      assignToUsers: [USER],
      columnDetails: [
        { table: "customers", name: "email", columnDataType: "varchar(255)", type: "predefine", mask: "hash" },
      ],
    });
    await syncApi(baseUrl, admin);
    await postTrino(baseUrl, [deniedQuery()]);
  });
  afterAll(() => browser.close());

  const as = (username: string, password: string, run: (page: Page) => Promise<void>) =>
    asUser(browser, baseUrl, { username, password }, run);

  it("a user sees their denial explained and asks for access; a reviewer approves it; after Sync the table is theirs", async () => {
    await as(USER, PASSWORD, async (page) => {
      await openMyAccess(page);
      const tables = page.getByRole("region", { name: "Tables I can read" });
      await tables.getByRole("cell", { name: "hive.sales.customers", exact: true }).waitFor();
      expect(await tables.getByRole("cell", { name: "hive.sales.orders", exact: true }).count()).toBe(0);

      await page.getByRole("button", { name: new RegExp(QUERY_ID) }).click();
      await page.getByText("No rule matched: denied by default.").first().waitFor();
      expect(await page.getByText("Columns read").first().isVisible()).toBe(true);
      await screenshot(page, "my-access-denial");

      await page.getByRole("button", { name: "Request access to hive.sales.orders" }).click();
      const dialog = page.getByRole("dialog", { name: "Request access" });
      // The columns Trino refused come with the form.
      await dialog.getByText("total_amount", { exact: true }).waitFor();
      await dialog.getByText("orders", { exact: true }).waitFor();
      await dialog.getByRole("button", { name: "Send request" }).click();
      await dialog.getByText("Say why you need the access.").waitFor();
      await dialog.getByRole("textbox", { name: "E-mail" }).fill("not-an-address");
      await dialog.getByText("Enter a valid e-mail address").first().waitFor();
      await dialog.getByRole("textbox", { name: "E-mail" }).fill("dana@example.com");
      await dialog.getByRole("textbox", { name: "Reason" }).fill("Regional revenue report");
      await screenshot(page, "my-access-request");
      await dialog.getByRole("button", { name: "Send request" }).click();
      await page.getByText("Your access request was sent for review.").waitFor();
      const requests = page.getByRole("region", { name: "My access requests" });
      await requests.getByText("Pending").waitFor();
      expect(await requests.innerText()).toContain("hive.sales.orders");
    });

    const mine = await adminApi<{ items: Array<{ id: number }> }>(
      baseUrl,
      await apiToken(baseUrl, USER, PASSWORD),
      "GET",
      "/acl/me/requests",
    );
    const requestId = mine.items[0]!.id;

    await as("admin", ADMIN_PASSWORD, async (page) => {
      const badge = page.getByRole("button", { name: /^\d+ pending access requests?$/ });
      await badge.waitFor();
      await screenshot(page, "header-pending-requests");
      await badge.click();
      await page.waitForURL(/\/policy-management\/\d+\/review$/);
      // Other requests may be waiting too: this one is reviewed on its own page.
      await page.goto(`${baseUrl}/policy-management/${requestId}/review`);
      await page.getByRole("button", { name: "Approve" }).click();
      await page.waitForURL(/\/policy-management$/);

      // The audits' query-engine tab explains the same query for the administrator.
      await openAudits(page, baseUrl);
      await openTab(page, "Trino", "Query Events");
      await page.getByRole("button", { name: `Explain query ${QUERY_ID}` }).click();
      const drawer = page.getByRole("dialog", { name: `Why? Query ${QUERY_ID}` });
      await drawer.getByText("No rule matched: denied by default.").first().waitFor();
      await screenshot(page, "audits-explain");
    });

    await as(USER, PASSWORD, async (page) => {
      await openMyAccess(page);
      const requests = page.getByRole("region", { name: "My access requests" });
      await requests.getByText("Approved").waitFor();
      // Other test files run beside this one against the same console, and Sync too: when one
      // did since the approval, the request is already in force.
      await requests.getByText(/^(Applies after the next Sync|In force)$/).waitFor();
    });

    await as("admin", ADMIN_PASSWORD, (page) => syncFromList(page, baseUrl));

    await as(USER, PASSWORD, async (page) => {
      await openMyAccess(page);
      const tables = page.getByRole("region", { name: "Tables I can read" });
      await tables.getByRole("cell", { name: "hive.sales.orders", exact: true }).waitFor();
      await page.getByRole("region", { name: "My access requests" }).getByText("In force").waitFor();
      await screenshot(page, "my-access");
    });
  });

  it("answers another user's query to someone without the audits menu as one that does not exist", async () => {
    await createUser(databaseUrl, "ss-eve", "Ss-Eve-Pass-123");
    const res = await fetch(`${baseUrl}/admin-api/api/v1/acl/explain/${QUERY_ID}`, {
      headers: { authorization: `Bearer ${await apiToken(baseUrl, "ss-eve", "Ss-Eve-Pass-123")}` },
    });
    expect(res.status).toBe(404);
  });
});
