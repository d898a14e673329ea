import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "../support/browser.js";
import { ADMIN_PASSWORD, signInAs } from "../support/session.js";
import { chooseOption } from "../users/main.js";

const baseUrl = inject("baseUrl");

describe("general settings", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
  });
  afterAll(() => browser.close());

  const card = (name: string) => page.getByRole("region", { name }).or(page.getByLabel(name, { exact: true }));

  it("opens from the settings gear, with the settings crumb and sub-menu", async () => {
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByRole("heading", { name: "General settings" }).waitFor();
    const sections = page.getByRole("navigation", { name: "Settings sections" });
    for (const name of ["General settings", "Menu permissions", "Component permissions", "Secrets"])
      await sections.getByRole("menuitem", { name }).waitFor();
    // Licensing is off on this console: no licences section.
    expect(await sections.getByRole("menuitem", { name: "Licenses" }).count()).toBe(0);
  });

  it("saves the insights preference, which is there again after a reload", async () => {
    await page.goto(`${baseUrl}/settings`);
    const insights = card("Insights preference");
    const save = insights.getByRole("button", { name: "Save" });
    await insights.getByRole("switch", { name: "Scheduled refresh" }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await insights.getByRole("switch", { name: "Scheduled refresh" }).click();
    await chooseOption(page, "Refresh interval", "15m");
    await chooseOption(page, "Users to exclude", "admin");
    await page.keyboard.press("Escape");
    await chooseOption(page, "Admin groups", "console-admins");
    await page.keyboard.press("Escape");
    expect(await save.isDisabled()).toBe(false);
    await screenshot(page, "settings-general");
    await save.click();
    await page.getByRole("status").filter({ hasText: "Insights preferences updated successfully." }).waitFor();

    await page.reload();
    await insights.getByRole("switch", { name: "Scheduled refresh", checked: true }).waitFor();
    await insights.getByText("15m").waitFor();
    await insights.getByText("console-admins").waitFor();
    expect(await insights.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
  });

  it.each([
    ["Clear Trino metadata cache", "Trino metadata cache cleared."],
    ["Clear users cache", "User cache cleared."],
    ["Clear groups cache", "Group cache cleared."],
    ["Clear insights cache", "Insights cache cleared."],
  ])("%s shows its message", async (button, message) => {
    await page.goto(`${baseUrl}/settings`);
    await card("Cache management").getByRole("button", { name: button }).click();
    await page.getByRole("status").filter({ hasText: message }).waitFor();
    expect(await page.getByRole("status").filter({ hasText: message }).count()).toBeGreaterThan(0);
  });
});
