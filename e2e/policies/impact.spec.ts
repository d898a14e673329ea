import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { postTrino, trinoCompleted } from "../audits/main.js";
import { screenshot } from "../support/browser.js";
import { createUser } from "../support/db.js";
import { adminPagePerTest, apiToken } from "../support/session.js";
import { publishing } from "../support/lock.js";
import { confirmAndPublish, openSyncThatDenies, toLastStep } from "./main.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const USER = "imp-ivy";
const QUERIES = 7;

describe("impact preview of a policy change", () => {
  let page: Page;
  let policyId: number;
  beforeAll(async () => {
    await createUser(databaseUrl, USER, "Imp-Ivy-Pass-123");
    const token = await apiToken(baseUrl);
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${baseUrl}/admin-api/api/v1/acl${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const created = await api("POST", "/add", {
      policyName: "e2e impact orders",
      category: "tables",
      catalogName: "hive",
      schemaName: ["sales"],
      tables: ["orders"],
      tablePrivileges: ["SELECT"],
      assignToUsers: [USER],
    });
    expect(created.status).toBe(201);
    policyId = ((await created.json()) as { id: number }).id;
    expect((await api("PUT", "/sync")).status).toBe(200);
    // The user's queries of the last days, as Trino reports them.
    await postTrino(
      baseUrl,
      Array.from({ length: QUERIES }, (_, i) => {
        const e = trinoCompleted(`20261101_000000_${String(i).padStart(5, "0")}_impct`, {
          user: USER,
          at: new Date(Date.now() - i * 86_400_000 - 60_000).toISOString(),
        });
        e.ioMetadata.inputs = [
          {
            catalogName: "hive",
            schema: "sales",
            table: "orders",
            columns: [{ column: "status" }, { column: "region" }],
            physicalInputBytes: 0,
            physicalInputRows: 10,
          },
        ];
        return e;
      }),
    );
  });
  adminPagePerTest(baseUrl, (p) => (page = p));

  it(
    "names the user who loses access with their queries before saving, and Sync asks to confirm",
    () =>
      // From the change to Publish: another file's Sync in between would publish the change first.
      publishing(async () => {
        await page.goto(`${baseUrl}/policy-management/${policyId}/edit`);
        await page.getByRole("heading", { name: "Update policy" }).waitFor();
        const name = page.getByLabel("Policy name", { exact: true });
        await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe("e2e impact orders");
        // Tightened: the user may insert, no longer read.
        await page.getByRole("checkbox", { name: "INSERT", exact: true }).check();
        await page.getByRole("checkbox", { name: "SELECT", exact: true }).uncheck();
        await toLastStep(page);
        await page.getByRole("button", { name: "Preview", exact: true }).click();

        const drawer = page.getByRole("dialog", { name: "Impact preview of this policy" });
        await drawer
          .getByText(`1 user loses access to 1 table that ${QUERIES} queries read in the last 30 days.`)
          .waitFor();
        const group = drawer.getByRole("button", { name: new RegExp(`${USER}.*${QUERIES} queries`) });
        await group.click();
        const row = drawer.getByRole("row").filter({ hasText: "hive.sales.orders" });
        await row.getByText("Newly denied").waitFor();
        expect(await row.getByRole("cell", { name: String(QUERIES), exact: true }).isVisible()).toBe(true);
        expect(await row.getByRole("cell", { name: "region, status", exact: true }).isVisible()).toBe(true);
        // The 7-day window counts the same queries (all within the week).
        await drawer.getByText("7 days", { exact: true }).click();
        await drawer.getByText(`that ${QUERIES} queries read in the last 7 days.`).waitFor();
        await screenshot(page, "policies-impact-wizard");
        await drawer.getByRole("button", { name: "Close" }).click();

        await page.getByRole("button", { name: "Save" }).click();
        await page.getByText("Policy updated").waitFor();
        await page.getByRole("heading", { name: "Policy Management" }).waitFor();

        // The list's preview shows the same change, against the current publication.
        await page.getByRole("button", { name: "Preview" }).click();
        const listPreview = page.getByRole("dialog", { name: "Impact preview" });
        await listPreview.getByRole("button", { name: new RegExp(`${USER}.*${QUERIES} queries`) }).waitFor();
        await listPreview.getByRole("button", { name: "Close" }).click();

        const { dialog, publish, confirm } = await openSyncThatDenies(page);
        await screenshot(page, "policies-impact-sync");
        // Its lists are one click away, above the dialog.
        await dialog.getByRole("button", { name: "Show who and which tables" }).click();
        const details = page.getByRole("dialog", { name: "Impact preview" });
        await details.getByRole("button", { name: new RegExp(`${USER}.*${QUERIES} queries`) }).waitFor();
        await details.getByRole("button", { name: "Close" }).click();
        await details.waitFor({ state: "hidden" });
        await confirmAndPublish(page, { publish, confirm });
      }),
    120_000,
  );
});
