import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { apply, openFilter } from "../audits/main.js";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest, apiToken } from "../support/session.js";
import { adminApi } from "../users/main.js";

const baseUrl = inject("baseUrl");

describe("deleted policies on the policy list", () => {
  let page: Page;
  beforeAll(async () => {
    const token = await apiToken(baseUrl);
    const policy = (name: string) =>
      adminApi<{ id: number }>(baseUrl, token, "POST", "/acl/add", {
        policyName: name,
        category: "tables",
        catalogName: "hive",
        schemaName: ["sales"],
        tables: ["orders"],
        tablePrivileges: ["SELECT"],
        assignToUsers: [".*"],
      });
    await policy("deleted-spec kept");
    const gone = await policy("deleted-spec removed");
    await adminApi(baseUrl, token, "DELETE", `/acl/${gone.id}`);
  });
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("hides deleted policies until the Deleted quick filter is chosen", async () => {
    await page.goto(`${baseUrl}/policy-management`);
    // Other browser tests add policies to the same console: narrow the list to this test's two.
    await openFilter(page);
    await page.getByRole("textbox", { name: "Search by policy name" }).fill("deleted-spec");
    await apply(page);
    await page.getByRole("cell", { name: "deleted-spec kept", exact: true }).waitFor();
    expect(await page.getByRole("cell", { name: "deleted-spec removed", exact: true }).count()).toBe(0);

    const quick = (name: string) => page.getByRole("radio", { name, exact: true });
    // The segmented control's radio is visually hidden; its label is what a user clicks.
    await quick("Deleted").locator("xpath=..").click();
    expect(await quick("Deleted").isChecked()).toBe(true);
    await page.getByRole("cell", { name: "deleted-spec removed", exact: true }).waitFor();
    expect(await page.getByRole("cell", { name: "deleted-spec kept", exact: true }).count()).toBe(0);
    await screenshot(page, "policies-deleted-filter");

    await quick("All").locator("xpath=..").click();
    await page.getByRole("cell", { name: "deleted-spec kept", exact: true }).waitFor();
    expect(await page.getByRole("cell", { name: "deleted-spec removed", exact: true }).count()).toBe(0);
  });
});
