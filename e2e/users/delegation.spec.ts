import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "../support/browser.js";
import { apiToken } from "../support/session.js";
import { assignMenuTo, filterUsersBy, rowOf, seedApiUser, signInFirstTime } from "./main.js";

const baseUrl = inject("baseUrl");

describe("a user manager who holds less than the administrator", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await apiToken(baseUrl);
    await seedApiUser(baseUrl, token, "e2e-manny");
    await seedApiUser(baseUrl, token, "e2e-olga");
    await assignMenuTo(baseUrl, token, "user-management", "e2e-manny");
    ({ page } = await newPage(browser));
    await signInFirstTime(page, baseUrl, "e2e-manny", "Manny-Own-Password-3");
  });
  afterAll(() => browser.close());

  it("finds the administrator's actions disabled, with the reason in a tooltip", async () => {
    await page.goto(`${baseUrl}/user-management`);
    await page.getByRole("heading", { name: "User management" }).waitFor();
    await filterUsersBy(page, "Platform Administrator");
    const row = rowOf(page, "Platform Administrator");
    const disable = row.getByRole("button", { name: "Disable admin" });
    await disable.waitFor();
    expect(await disable.isDisabled()).toBe(true);
    expect(await row.getByRole("button", { name: "Update groups of admin" }).isDisabled()).toBe(true);
    expect(await row.getByRole("button", { name: "Reset the password of Platform Administrator" }).isDisabled()).toBe(
      true,
    );
    // The disabled button takes no pointer events; its wrapper shows the tooltip.
    await disable.locator("..").hover();
    await page
      .getByRole("tooltip")
      .filter({ hasText: /^admin holds the Components, Discovery Hub, Audits, .+, which you do not\.$/ })
      .waitFor();
    await screenshot(page, "users-delegated-manager");
  });

  it("leaves an ordinary user's actions open", async () => {
    await page.goto(`${baseUrl}/user-management`);
    await filterUsersBy(page, "e2e-olga");
    const row = rowOf(page, "e2e-olga");
    const disable = row.getByRole("button", { name: "Disable e2e-olga" });
    await disable.waitFor();
    expect(await disable.isDisabled()).toBe(false);
    expect(await row.getByRole("button", { name: "Update groups of e2e-olga" }).isDisabled()).toBe(false);
  });
});
