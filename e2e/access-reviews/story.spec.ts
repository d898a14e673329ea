import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openAudits, openTab, postTrino, trinoCompleted } from "../audits/main.js";
import { choose, syncApi, syncFromList } from "../policies/main.js";
import { launchBrowser, screenshot } from "../support/browser.js";
import { createUser, withDb } from "../support/db.js";
import { ADMIN_PASSWORD, apiToken, asUser, openMyAccess, openUserMenu, settled } from "../support/session.js";
import { adminApi, chooseOption } from "../users/main.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const RUN = Date.now().toString(36);
const PASSWORD = "Review-Pass-123";
const [ANN, BEN, CARA, RITA] = ["rv-ann", "rv-ben", "rv-cara", "rv-rita"];
const TABLE = "hive.sales.order_lines";
const REVIEW = `Order lines ${RUN}`;
const QUERIES = 3;

/** A person's reads of the order lines in the last days, as Trino reports them. */
const reads = (user: string) =>
  Array.from({ length: QUERIES }, (_, i) => {
    const e = trinoCompleted(`20261121_000000_${String(i).padStart(5, "0")}_${user.slice(3)}${RUN}`, {
      user,
      at: new Date(Date.now() - i * 86_400_000 - 60_000).toISOString(),
    });
    e.ioMetadata.inputs = [
      {
        catalogName: "hive",
        schema: "sales",
        table: "order_lines",
        columns: [{ column: "quantity" }],
        physicalInputBytes: 0,
        physicalInputRows: 10,
      },
    ];
    return e;
  });

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const item = (user: string) => `${user}'s access to ${TABLE}`;

describe(
  "an access review: started, decided by a reviewer, due, revoked, previewed, published",
  { timeout: 360_000 },
  () => {
    let browser: Browser;

    beforeAll(async () => {
      browser = await launchBrowser();
      for (const u of [ANN, BEN, CARA, RITA]) await createUser(databaseUrl, u, PASSWORD);
      const admin = await apiToken(baseUrl);
      await adminApi(baseUrl, admin, "POST", "/acl/add", {
        policyName: `order lines ${RUN}`,
        category: "tables",
        catalogName: "hive",
        schemaName: ["sales"],
        tables: ["order_lines"],
        tablePrivileges: ["SELECT"],
        assignToUsers: [ANN, BEN, CARA],
      });
      await syncApi(baseUrl, admin);
      await postTrino(baseUrl, [...reads(BEN), ...reads(CARA)]);
    });
    afterAll(() => browser.close());

    const as = (username: string, run: (page: Page) => Promise<void>) =>
      asUser(browser, baseUrl, { username, password: username === "admin" ? ADMIN_PASSWORD : PASSWORD }, run);

    it("takes away what nobody needs, and keeps what someone does", async () => {
      // 1. The administrator asks who can read the table, then starts a review of it.
      await as("admin", async (page) => {
        await page.goto(`${baseUrl}/policy-management`);
        await page.getByRole("button", { name: "Who can see this" }).click();
        await page.getByLabel("Catalog, schema, table or column").fill(TABLE);
        await page.keyboard.press("Enter");
        const readers = page.getByRole("region", { name: `Who can read ${TABLE}` });
        for (const u of [ANN, BEN, CARA]) await readers.getByRole("cell", { name: u, exact: true }).waitFor();
        await readers.getByText(`${QUERIES} queries in 30 days, ${QUERIES} in 90`).first().waitFor();
        await screenshot(page, "access-reviews-who-can-see");

        await page.goto(`${baseUrl}/policy-management`);
        await page.getByRole("button", { name: "Access reviews" }).click();
        await page.getByRole("heading", { name: "Access reviews" }).waitFor();
        await page.getByRole("button", { name: "Start a review" }).click();
        const dialog = page.getByRole("dialog", { name: "Start a review" });
        await settled(page);
        await dialog.getByRole("textbox", { name: "Name" }).fill(REVIEW);
        // Scoped by the policy, found by name as one types.
        await choose(page, "Policies", `order lines ${RUN}`, true);
        await chooseOption(page, "Reviewers", RITA);
        await dialog.getByLabel("Due date").fill(inDays(7));
        await dialog.getByRole("radio", { name: "Revoked" }).check();
        await screenshot(page, "access-reviews-start");
        await dialog.getByRole("button", { name: "Start" }).click();
        await page.getByRole("heading", { name: REVIEW }).waitFor();
        const items = page.getByRole("table", { name: "Review items" });
        for (const u of [ANN, BEN, CARA]) await items.getByRole("cell", { name: u, exact: true }).waitFor();
        await screenshot(page, "access-reviews-review");
      });

      // 2. The reviewer, who holds no menu, finds the items in My reviews: keeps one, revokes one by keyboard.
      await as(RITA, async (page) => {
        await openUserMenu(page);
        await page.getByRole("button", { name: /^My reviews: \d+ items? to decide$/ }).click();
        await page.getByRole("heading", { name: "My reviews" }).waitFor();
        await page.getByRole("textbox", { name: `Comment on ${item(ANN)}` }).fill("runs the weekly stock report");
        await page.getByRole("button", { name: `Keep ${item(ANN)}` }).click();
        await page.getByRole("button", { name: `Keep ${item(ANN)}` }).waitFor({ state: "detached" });

        await page.getByRole("textbox", { name: `Comment on ${item(BEN)}` }).focus();
        await page.keyboard.type("moved to another team");
        await page.keyboard.press("Tab"); // Keep
        await page.keyboard.press("Tab"); // Revoke
        expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
          `Revoke ${item(BEN)}`,
        );
        await page.keyboard.press("Enter");
        await page.getByRole("button", { name: `Revoke ${item(BEN)}` }).waitFor({ state: "detached" });
        // Cara's item is left: nobody decides it before the due date.
        await page.getByRole("button", { name: `Keep ${item(CARA)}` }).waitFor();
        await screenshot(page, "access-reviews-my-reviews");
      });

      // 3. The due date passes: the periodic check closes the review and revokes what nobody decided.
      await withDb(databaseUrl, (c) =>
        c.query("UPDATE access_reviews SET due_date = current_date - 1 WHERE name = $1", [REVIEW]),
      );
      const admin = await apiToken(baseUrl);
      const reviews = () =>
        adminApi<{ items: Array<{ name: string; status: string; counts: Record<string, number> }> }>(
          baseUrl,
          admin,
          "GET",
          "/access-reviews",
        ).then((r) => r.items.find((x) => x.name === REVIEW)!);
      await expect.poll(async () => (await reviews()).status, { timeout: 150_000, interval: 2_000 }).toBe("closed");

      // 4. The decisions are in the audits screen; the revocations in the impact preview; Sync publishes them.
      await as("admin", async (page) => {
        await openAudits(page, baseUrl);
        await openTab(page, "Policy Management", "Access Reviews");
        const ben = page.getByRole("row").filter({ hasText: `revoke: ${BEN} on ${TABLE}` });
        await ben.getByText("Comment: moved to another team").waitFor();
        expect(await ben.getByRole("cell", { name: RITA, exact: true }).count()).toBe(1);
        await page
          .getByRole("row")
          .filter({ hasText: REVIEW })
          .filter({ hasText: "Access Review Due" })
          .first()
          .waitFor();
        await screenshot(page, "access-reviews-audits");

        await page.goto(`${baseUrl}/policy-management`);
        await page.getByRole("button", { name: "Preview" }).click();
        const preview = page.getByRole("dialog", { name: "Impact preview" });
        for (const u of [BEN, CARA]) {
          await preview.getByRole("button", { name: new RegExp(`${u}.*${QUERIES} queries`) }).click();
          await preview.getByRole("row").filter({ hasText: TABLE }).getByText("Newly denied").first().waitFor();
        }
        await screenshot(page, "access-reviews-preview");
        await preview.getByRole("button", { name: "Close" }).click();
        await syncFromList(page, baseUrl);
      });

      // 5. Ben's My access no longer lists the table; Ann, kept, still reads it.
      await as(BEN, async (page) => {
        await openMyAccess(page);
        await page.getByRole("region", { name: "Tables I can read" }).waitFor();
        await page
          .getByText(/^Publication \d+$/)
          .first()
          .waitFor();
        expect(
          await page.getByRole("region", { name: "Tables I can read" }).getByRole("cell", { name: TABLE }).count(),
        ).toBe(0);
      });
      await as(ANN, async (page) => {
        await openMyAccess(page);
        await page
          .getByRole("region", { name: "Tables I can read" })
          .getByRole("cell", { name: TABLE, exact: true })
          .waitFor();
      });
    });
  },
);
