import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "../support/browser.js";
import { createUser } from "../support/db.js";
import { ADMIN_PASSWORD, settled, signInAs } from "../support/session.js";
import { chooseOption, rowOf } from "../users/main.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const PASSWORD = "Perm-User-Pass-1";

describe("menu and component permissions", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
    // A user who signs in without a password change (the API would force one).
    await createUser(databaseUrl, "e2e-perm-user", PASSWORD, ["audits"]);
  });
  afterAll(() => browser.close());

  it("gives a user a menu, which they see at their next request", async () => {
    const user = await newPage(browser);
    await signInAs(user.page, baseUrl, "e2e-perm-user", PASSWORD);
    const menu = user.page.getByRole("menu", { name: "Main menu" });
    await menu.getByRole("menuitem", { name: "Audits" }).waitFor();
    expect(await menu.getByRole("menuitem", { name: "Insights" }).count()).toBe(0);

    await page.goto(`${baseUrl}/settings/menu`);
    await page.getByRole("heading", { name: "Menu permissions" }).waitFor();
    await rowOf(page, "Insights").getByRole("button", { name: "Update users of Insights" }).click();
    const dialog = page.getByRole("dialog", { name: /add users/ });
    // Once it has finished zooming in: a click while it moves can land beside the item (seen once).
    await dialog.waitFor();
    await settled(page);
    await dialog.getByPlaceholder("Search").first().fill("e2e-perm");
    const item = dialog.getByRole("listitem").filter({ hasText: "e2e-perm-user" });
    await item.click();
    expect(await item.getByRole("checkbox").isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Assign", exact: true }).click();
    await screenshot(page, "settings-menu-transfer");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Users of menu Insights updated." }).waitFor();
    await rowOf(page, "Insights").getByText("e2e-perm-user").waitFor();

    await user.page.reload();
    await menu.getByRole("menuitem", { name: "Insights" }).waitFor();
    await user.context.close();
  });

  it("filters the menu table by user and section", async () => {
    // e2e-perm-user was given Audits (a Governance menu) when created.
    await page.goto(`${baseUrl}/settings/menu`);
    await rowOf(page, "Policy Management").waitFor();
    await page.getByRole("button", { name: "Filter" }).click();
    await chooseOption(page, "User", "e2e-perm-user");
    await chooseOption(page, "Section", "Governance");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText("1 in total").waitFor();
    expect(await rowOf(page, "Audits").count()).toBe(1);
    await screenshot(page, "settings-menu-filtered");
  });

  it("asks before making a menu inactive, and switches it back", async () => {
    await page.goto(`${baseUrl}/settings/menu`);
    const toggle = (checked: boolean) =>
      rowOf(page, "Discovery Hub").getByRole("switch", { name: "Discovery Hub is active", checked });
    await toggle(true).click();
    const confirm = page.getByRole("dialog").filter({ hasText: "Make Discovery Hub inactive?" });
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("status").filter({ hasText: "Menu Discovery Hub is now inactive." }).waitFor();
    await toggle(false).click();
    await page.getByRole("status").filter({ hasText: "Menu Discovery Hub is now active." }).waitFor();
    await toggle(true).waitFor();
    expect(await rowOf(page, "Settings").getByRole("switch").isDisabled()).toBe(true);
  });

  it("lists the components with who may see them", async () => {
    await page.goto(`${baseUrl}/settings/component`);
    await page.getByRole("heading", { name: "Component permissions" }).waitFor();
    await rowOf(page, "Trino").getByText("console-admins").waitFor();
    await screenshot(page, "settings-components");
  });
});
