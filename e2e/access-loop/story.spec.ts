import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apply, openFilter, postTrino, trinoCompleted, trinoRefused } from "../audits/main.js";
import { confirmAndPublish, openSyncThatDenies, syncApi, syncFromList, toLastStep } from "../policies/main.js";
import { launchBrowser, screenshot } from "../support/browser.js";
import { publishing } from "../support/lock.js";
import { createUser } from "../support/db.js";
import { ADMIN_PASSWORD, apiToken, asUser, openMyAccess } from "../support/session.js";
import { adminApi } from "../users/main.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const RUN = Date.now().toString(36);
const USER = "loop-lee";
const PASSWORD = "Loop-Lee-Pass-123";
/** Keeps the grant after the user is taken off it. */
const COLLEAGUE = "loop-kim";
const POLICY = "loop returns";
const TABLE = "hive.sales.returns";
const QUERIES = 5;
const DENIED_ID = `20261120_100000_00001_loop${RUN}`;

/** The user's reads of the returns in the last days, as Trino reports them. */
const reads = () =>
  Array.from({ length: QUERIES }, (_, i) => {
    const e = trinoCompleted(`20261120_000000_${String(i).padStart(5, "0")}_loop${RUN}`, {
      user: USER,
      at: new Date(Date.now() - i * 86_400_000 - 60_000).toISOString(),
    });
    e.ioMetadata.inputs = [
      {
        catalogName: "hive",
        schema: "sales",
        table: "returns",
        columns: [{ column: "order_id" }, { column: "refund" }],
        physicalInputBytes: 0,
        physicalInputRows: 10,
      },
    ];
    return e;
  });

/** The same report refused, once the user no longer holds the grant: no inputs, Trino's message. */
const denied = () =>
  trinoRefused(DENIED_ID, {
    user: USER,
    query: "SELECT order_id, refund FROM hive.sales.returns",
    columns: ["order_id", "refund"],
    table: TABLE,
  });

// A whole story across two users and two Syncs: more than the default minute on a busy machine.
describe(
  "the access loop: denied, explained, requested, reviewed, previewed, published, verified",
  { timeout: 180_000 },
  () => {
    let browser: Browser;

    beforeAll(async () => {
      browser = await launchBrowser();
      await createUser(databaseUrl, USER, PASSWORD);
      await createUser(databaseUrl, COLLEAGUE, "Loop-Kim-Pass-123");
      const admin = await apiToken(baseUrl);
      // The user and a colleague read the returns; it is published, and the user has used it.
      await adminApi(baseUrl, admin, "POST", "/acl/add", {
        policyName: POLICY,
        category: "tables",
        catalogName: "hive",
        schemaName: ["sales"],
        tables: ["returns"],
        tablePrivileges: ["SELECT"],
        assignToUsers: [COLLEAGUE, USER],
      });
      await syncApi(baseUrl, admin);
      await postTrino(baseUrl, reads());
    });
    afterAll(() => browser.close());

    const as = (username: string, password: string, run: (page: Page) => Promise<void>) =>
      asUser(browser, baseUrl, { username, password }, run);

    /** The preview's group of the user, opened, and the row of the table in it. */
    const userRow = async (dialog: Locator) => {
      await dialog.getByRole("button", { name: new RegExp(`${USER}.*${QUERIES} queries`) }).click();
      return dialog.getByRole("row").filter({ hasText: TABLE });
    };

    it("an administrator tightens a policy and publishes; the user sees why, asks, is approved, and reads again", async () => {
      // 1. The administrator takes the user off the grant, previews it, and publishes after confirming.
      // The publishing lock is held from the change to Publish: another file's Sync in between
      // would publish the change first, and this Sync would have nobody to name.
      await publishing(() =>
        as("admin", ADMIN_PASSWORD, async (page) => {
          await page.goto(`${baseUrl}/policy-management`);
          await page.getByRole("heading", { name: "Policy Management" }).waitFor();
          await openFilter(page);
          await page.getByRole("textbox", { name: "Search by policy name" }).fill(POLICY);
          await apply(page);
          await page.getByRole("button", { name: `Edit ${POLICY}`, exact: true }).click();
          await page.getByRole("heading", { name: "Update policy" }).waitFor();
          const name = page.getByLabel("Policy name", { exact: true });
          await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe(POLICY);
          await toLastStep(page);
          const users = page.getByRole("combobox", { name: "Users", exact: true });
          const chosen = page.locator(".ant-select-selection-item").filter({ hasText: USER });
          await chosen.waitFor();
          // The user is the last one chosen: Backspace takes them off, as with a keyboard.
          await users.focus();
          await page.keyboard.press("Backspace");
          await chosen.waitFor({ state: "detached" });
          expect(await page.locator(".ant-select-selection-item").filter({ hasText: COLLEAGUE }).count()).toBe(1);
          await page.getByRole("button", { name: "Preview", exact: true }).click();

          const drawer = page.getByRole("dialog", { name: "Impact preview of this policy" });
          await drawer
            .getByText(`1 user loses access to 1 table that ${QUERIES} queries read in the last 30 days.`)
            .waitFor();
          const row = await userRow(drawer);
          await row.getByText("Newly denied").waitFor();
          expect(await row.getByRole("cell", { name: String(QUERIES), exact: true }).isVisible()).toBe(true);
          await screenshot(page, "access-loop-tightened");
          await drawer.getByRole("button", { name: "Close" }).click();
          await page.getByRole("button", { name: "Save" }).click();
          await page.getByText("Policy updated").waitFor();
          await page.getByRole("heading", { name: "Policy Management" }).waitFor();

          const { dialog, publish, confirm } = await openSyncThatDenies(page);
          await dialog.getByRole("button", { name: "Show who and which tables" }).click();
          const details = page.getByRole("dialog", { name: "Impact preview" });
          await (await userRow(details)).getByText("Newly denied").waitFor();
          await details.getByRole("button", { name: "Close" }).click();
          await details.waitFor({ state: "hidden" });
          await confirmAndPublish(page, { publish, confirm });
        }),
      );

      // 2. The user's report is refused; "My access" explains it, and the user asks for access.
      await postTrino(baseUrl, [denied()]);
      await as(USER, PASSWORD, async (page) => {
        await openMyAccess(page);
        await page.getByRole("button", { name: new RegExp(DENIED_ID) }).click();
        // No rule names the user any more: not even the catalog is theirs, with the publication then.
        await page.getByText("No catalog rule matched: catalog hive is denied by default.").first().waitFor();
        expect(await page.getByText(/^Explained with publication \d+, in force when the query ran/).count()).toBe(1);
        await screenshot(page, "access-loop-explained");
        expect(
          await page.getByRole("region", { name: "Tables I can read" }).getByRole("cell", { name: TABLE }).count(),
        ).toBe(0);
        await page.getByRole("button", { name: `Request access to ${TABLE}` }).click();
        const dialog = page.getByRole("dialog", { name: "Request access" });
        await dialog.getByText("refund", { exact: true }).waitFor();
        await dialog.getByRole("textbox", { name: "E-mail" }).fill("lee@example.com");
        await dialog.getByRole("textbox", { name: "Reason" }).fill("Monthly refunds report");
        await dialog.getByRole("button", { name: "Send request" }).click();
        await page.getByText("Your access request was sent for review.").waitFor();
        const requests = page.getByRole("region", { name: "My access requests" });
        await requests.getByText("Pending").waitFor();
        expect(await requests.innerText()).toContain(TABLE);
        await screenshot(page, "access-loop-requested");
      });

      // 3. The administrator sees the pending requests in the header and approves this one.
      const mine = await adminApi<{ items: Array<{ id: number }> }>(
        baseUrl,
        await apiToken(baseUrl, USER, PASSWORD),
        "GET",
        "/acl/me/requests",
      );
      expect(mine.items).toHaveLength(1);
      await as("admin", ADMIN_PASSWORD, async (page) => {
        const badge = page.getByRole("button", { name: /^\d+ pending access requests?$/ });
        await badge.click();
        await page.waitForURL(/\/policy-management\/\d+\/review$/);
        // Other requests may be waiting too (the badge opens the oldest): this one has its own page.
        await page.goto(`${baseUrl}/policy-management/${mine.items[0]!.id}/review`);
        await page.getByText("Monthly refunds report", { exact: false }).first().waitFor();
        await page.getByRole("button", { name: "Approve" }).click();
        await page.waitForURL(/\/policy-management$/);

        // 4. The preview shows the access the approval gives back, with the user's queries.
        await page.getByRole("button", { name: "Preview" }).click();
        const preview = page.getByRole("dialog", { name: "Impact preview" });
        const row = await userRow(preview);
        await row.getByText("Newly allowed").waitFor();
        expect(await row.getByRole("cell", { name: String(QUERIES), exact: true }).isVisible()).toBe(true);
        expect(await row.getByRole("cell", { name: "order_id, refund", exact: true }).isVisible()).toBe(true);
        await screenshot(page, "access-loop-allowed");
        await preview.getByRole("button", { name: "Close" }).click();

        // 5. Sync publishes it.
        await syncFromList(page, baseUrl);
      });

      await as(USER, PASSWORD, async (page) => {
        await openMyAccess(page);
        await page
          .getByRole("region", { name: "Tables I can read" })
          .getByRole("cell", { name: TABLE, exact: true })
          .waitFor();
        const requests = page.getByRole("region", { name: "My access requests" });
        await requests.getByText("Approved").waitFor();
        await requests.getByText("In force").waitFor();
        await screenshot(page, "access-loop-verified");
      });
    }, 300_000);
  },
);
