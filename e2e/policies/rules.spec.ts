import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { createUser } from "../support/db.js";
import { adminPagePerTest, apiToken } from "../support/session.js";
import { adminApi } from "../users/main.js";
import { choose, fillDetails } from "./main.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const USER = "pol-lint";

describe("policies that mean what the administrator set", () => {
  let page: Page;
  let token: string;
  beforeAll(async () => {
    await createUser(databaseUrl, USER, "Pol-Lint-Pass-123");
    token = await apiToken(baseUrl);
  });
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("shows a mask or filter naming a column a chosen table lacks at its step, naming table and column", async () => {
    await fillDetails(page, baseUrl, {
      name: "e2e vip only",
      category: "Tables",
      catalog: "hive",
      schema: "sales",
      tables: ["customers", "orders"],
      privileges: ["SELECT"],
    });
    // Step 2: a custom mask on orders that reads a column only customers has.
    await choose(page, "Table", "orders");
    await choose(page, "Column", "total_amount");
    await choose(page, "Mask type", "Custom");
    await page
      .getByRole("textbox", { name: "Custom mask (SQL expression)" })
      .fill("CASE WHEN vip THEN 0 ELSE total_amount END");
    await page.getByRole("button", { name: "Add mask" }).click();
    await page.getByRole("cell", { name: "total_amount", exact: true }).waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Trino would refuse this as it stands" });
    await alert
      .getByText("the custom mask of total_amount names column vip, which table hive.sales.orders does not have")
      .waitFor();
    // Still at the masks step: removing the mask lets the wizard go on.
    await page.getByRole("button", { name: "Add mask" }).waitFor();
    await page.getByRole("button", { name: /Remove.*total_amount/ }).click();
    await page.getByRole("button", { name: "Next" }).click();

    // Step 3: the custom row filter applies to both tables; orders has no vip column.
    const custom = page.getByRole("textbox", { name: "Custom row filter" });
    await custom.fill("vip = true");
    await page.getByRole("button", { name: "Next" }).click();
    const message = "the custom row filter names column vip, which table hive.sales.orders does not have";
    await alert.getByText(message).waitFor();
    // Inline under the field too, and the wizard stays at this step.
    await page.locator(".ant-form-item-explain-error").getByText(message).waitFor();
    expect(await custom.isVisible()).toBe(true);
    await screenshot(page, "policies-wizard-filter-problem");
    // A condition on a column both tables have is accepted.
    await custom.fill("id > 0");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("combobox", { name: "Users", exact: true }).waitFor();
    expect(await alert.count()).toBe(0);
  }, 120_000);

  it("refuses a custom mask or row filter that is not one SQL expression at its step, before Save", async () => {
    await fillDetails(page, baseUrl, {
      name: "e2e broken expressions",
      category: "Tables",
      catalog: "hive",
      schema: "sales",
      tables: ["customers"],
      privileges: ["SELECT"],
    });
    await choose(page, "Table", "customers");
    await choose(page, "Column", "email");
    await choose(page, "Mask type", "Custom");
    await page.getByRole("textbox", { name: "Custom mask (SQL expression)" }).fill("1=1) OR (1=1");
    await page.getByRole("button", { name: "Add mask" }).click();
    await page.getByRole("cell", { name: "email", exact: true }).waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Trino would refuse this as it stands" });
    await alert.getByText("the mask of customers.email is refused: it is not a valid SQL expression").waitFor();
    await page.getByRole("button", { name: /Remove.*email/ }).click();
    await page.getByRole("button", { name: "Next" }).click();

    const custom = page.getByRole("textbox", { name: "Custom row filter" });
    await custom.fill("1=1) OR (1=1");
    await page.getByRole("button", { name: "Next" }).click();
    const message = "the custom row filter is refused: it is not a valid SQL expression";
    await page.locator(".ant-form-item-explain-error").getByText(message).waitFor();
    expect(await custom.isVisible()).toBe(true);
    await custom.fill("(1=1) OR (1=1)");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("combobox", { name: "Users", exact: true }).waitFor();
  }, 120_000);

  it("lists Sync's warnings in its confirmation before publishing", async () => {
    const onCustomers = (policyName: string, value: string) => ({
      policyName,
      category: "tables",
      catalogName: "hive",
      schemaName: ["sales"],
      tables: ["customers"],
      tablePrivileges: ["SELECT"],
      assignToUsers: [USER],
      rowFilters: [
        { table: "customers", columnName: "country", columnDataType: "char(2)", filterCondition: "=", value },
      ],
    });
    const first = await adminApi<{ id: number }>(baseUrl, token, "POST", "/acl/add", onCustomers("e2e lint AE", "AE"));
    const second = await adminApi<{ id: number }>(baseUrl, token, "POST", "/acl/add", onCustomers("e2e lint SA", "SA"));
    try {
      await page.goto(`${baseUrl}/policy-management`);
      await page.getByRole("button", { name: "Sync" }).click();
      const dialog = page.getByRole("dialog", { name: "Publish the policies to Trino" });
      await dialog
        .getByText(
          'Policy "e2e lint SA": its row filter on hive.sales.customers never applies: policy "e2e lint AE" filters it first for all of its users',
        )
        .waitFor();
      await dialog.getByText(/warnings? \(.*do(es)? not stop publishing\)/).waitFor();
      // Warnings do not block.
      await expect.poll(() => dialog.getByRole("button", { name: "Publish" }).isEnabled()).toBe(true);
      await screenshot(page, "policies-sync-warnings");
      await dialog.getByRole("button", { name: "Cancel" }).click();
    } finally {
      await adminApi(baseUrl, token, "DELETE", `/acl/${second.id}`);
      await adminApi(baseUrl, token, "DELETE", `/acl/${first.id}`);
    }
  }, 120_000);
});
