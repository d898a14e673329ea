import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest } from "../support/session.js";
import { fillDetails } from "./main.js";

const baseUrl = inject("baseUrl");

describe("the policy wizard's config", () => {
  let page: Page;
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("asks for a schema policy's access level and ownership in the access controls step", async () => {
    await page.goto(`${baseUrl}/policy-management/new`);
    await page.getByRole("heading", { name: "Create policy" }).waitFor();
    await fillDetails(page, baseUrl, {
      name: "e2e config step",
      category: "Schema",
      catalog: "iceberg",
      schema: "logistics",
    });
    await page.getByRole("combobox", { name: "Users", exact: true }).waitFor();
    await page.getByRole("combobox", { name: "Access", exact: true }).waitFor();
    await page.getByRole("switch", { name: "Schema owner" }).waitFor();
    await screenshot(page, "policies-wizard-config-step4");
    // Not in step 1.
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByLabel("Policy name", { exact: true }).waitFor();
    expect(await page.getByRole("combobox", { name: "Access", exact: true }).count()).toBe(0);
    expect(await page.getByRole("switch", { name: "Schema owner" }).count()).toBe(0);
  });

  it("tells what access a tables policy gives", async () => {
    await fillDetails(page, baseUrl, {
      name: "e2e config tables",
      category: "Tables",
      catalog: "hive",
      schema: "sales",
      tables: ["orders"],
      privileges: ["SELECT", "INSERT"],
    });
    for (let i = 0; i < 2; i++) await page.getByRole("button", { name: "Next" }).click();
    const note = page.getByRole("note", { name: "Access" });
    await note.waitFor();
    expect(await note.innerText()).toBe(
      "SELECT, INSERT on the chosen tables; the catalog opens for reading and writing",
    );
    await screenshot(page, "policies-wizard-tables-access");
  });
});
