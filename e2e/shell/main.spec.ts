import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "../support/browser.js";
import { createUser, withDb } from "../support/db.js";
import { ADMIN_PASSWORD, openUserMenu, signInAs } from "../support/session.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const PASSWORD = "Shell-User-Pass-1";

describe("the shell", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    await createUser(databaseUrl, "two-menus", PASSWORD, ["audits", "insights"]);
    await createUser(databaseUrl, "no-menus", PASSWORD, []);
    // Signs out in its own test: other files sign the administrator in and out meanwhile.
    await createUser(databaseUrl, "signs-out", PASSWORD, ["audits"]);
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ page } = await newPage(browser));
  });
  afterEach(() => page.context().close());

  it("signs in through the login page and lands on home", async () => {
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
    expect(new URL(page.url()).pathname).toBe("/home");
    await page.getByRole("heading", { name: "Cluster overview" }).waitFor();
    const menu = page.getByRole("menu", { name: "Main menu" });
    for (const item of [
      "Home",
      "Components",
      "Audits",
      "User Management",
      "Policy Management",
      "Insights",
      "Client Configuration",
    ])
      expect(await menu.getByRole("menuitem", { name: item }).count(), item).toBe(1);
    await page.getByRole("button", { name: "Settings" }).waitFor();
    await screenshot(page, "shell-home");
  });

  it("says so when the password is wrong", async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid username or password." }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/interaction\//);
  });

  it("shows a user exactly the menus assigned to them", async () => {
    await signInAs(page, baseUrl, "two-menus", PASSWORD);
    const menu = page.getByRole("menu", { name: "Main menu" });
    await menu.getByRole("menuitem", { name: "Audits" }).waitFor();
    const items = await menu.getByRole("menuitem").allInnerTexts();
    expect(items.map((s) => s.trim())).toEqual(["Home", "Audits", "Insights"]);
    expect(await page.getByRole("button", { name: "Settings" }).count()).toBe(0);
  });

  it("shows the unauthorized text on a blocked route, then returns home", async () => {
    await signInAs(page, baseUrl, "two-menus", PASSWORD);
    await page.goto(`${baseUrl}/user-management`);
    await page.getByText("You are not authorized to view this page.").waitFor();
    await screenshot(page, "shell-unauthorized");
    await page.waitForURL(`${baseUrl}/home`, { timeout: 10_000 });
  });

  it("tells a user without any menu to ask for access, and shows the way", async () => {
    await signInAs(page, baseUrl, "no-menus", PASSWORD);
    await page.getByText("You don't have access to any components. Please contact administrator for access.").waitFor();
    await page.getByRole("button", { name: "Request access to a table" }).waitFor();
    // A short page fills the window exactly: no browser margin, nothing to scroll.
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBe(0);
    await screenshot(page, "shell-no-menus");
    await page.getByRole("link", { name: "Open My access" }).click();
    await page.getByRole("heading", { name: "My access" }).waitFor();
  });

  it("keeps help and quick launch at the window's bottom on a long page", async () => {
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
    await page.setViewportSize({ width: 1440, height: 720 });
    await page.getByRole("heading", { name: "Cluster overview" }).waitFor();
    await page.getByRole("button", { name: "View more" }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 200))
      .toBe(true);
    const launch = page.getByRole("button", { name: "Quick launch" });
    const bottomGap = () => launch.evaluate((el) => window.innerHeight - el.getBoundingClientRect().bottom);
    for (const at of ["top", "bottom"]) {
      await page.evaluate((to) => window.scrollTo(0, to === "top" ? 0 : document.documentElement.scrollHeight), at);
      // In the window, near its bottom (above the collapse trigger), wherever the page is scrolled.
      const gap = await bottomGap();
      expect(gap, at).toBeGreaterThanOrEqual(0);
      expect(gap, at).toBeLessThan(120);
    }
    await screenshot(page, "shell-long-page-bottom");
  });

  it("keeps the theme across a reload", async () => {
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
    await openUserMenu(page);
    const appearance = page.getByRole("switch", { name: "Appearance" });
    expect(await appearance.getAttribute("aria-checked")).toBe("false");
    await appearance.click();
    expect(await page.evaluate(() => localStorage.getItem("isDarkMode"))).toBe("true");
    const dark = await page.evaluate(() => getComputedStyle(document.querySelector(".ant-layout")!).backgroundColor);
    await page.reload();
    await page.getByRole("heading", { name: "Cluster overview" }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector(".ant-layout")!).backgroundColor)).toBe(
      dark,
    );
    await openUserMenu(page);
    expect(await page.getByRole("switch", { name: "Appearance" }).getAttribute("aria-checked")).toBe("true");
    await screenshot(page, "shell-dark");
  });

  it("logs out back to the sign-in page", async () => {
    await signInAs(page, baseUrl, "signs-out", PASSWORD);
    await openUserMenu(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/interaction\//);
    // The session is gone: opening the console asks for credentials again.
    await page.goto(`${baseUrl}/audits`);
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    const events = await withDb(databaseUrl, (c) =>
      c.query("SELECT type FROM login_events WHERE username = 'signs-out' ORDER BY id"),
    );
    expect(events.rows.map((r) => r.type)).toEqual(["LOGIN", "LOGOUT"]);
  });

  it("keeps the 30-second refresh switched on across a reload", async () => {
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
    const refresh = page.getByRole("button", { name: "Auto refresh" });
    expect(await refresh.getAttribute("aria-pressed")).toBe("false");
    await refresh.click();
    expect(await refresh.getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("refreshInterval"))).toBe("30000");
    await page.reload();
    expect(await page.getByRole("button", { name: "Auto refresh" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Auto refresh" }).click();
    expect(await page.evaluate(() => localStorage.getItem("refreshInterval"))).toBeNull();
  });

  it("asks to rotate below 1180 px and in portrait", async () => {
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
    await page.setViewportSize({ width: 1100, height: 800 });
    const warning = page.getByRole("alertdialog", { name: "Please rotate your device" });
    await warning.waitFor();
    expect(await warning.innerText()).toContain("We don't support Portrait mode and resolution less than 1180px.");
    await page.setViewportSize({ width: 1400, height: 900 });
    await warning.waitFor({ state: "detached" });
  });

  it("shows the server's error text when a call fails", async () => {
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
    await page.route("**/admin-api/api/v1/me", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          error: "The database is unavailable. Try again shortly.",
          error_description: "database_unavailable",
        }),
      }),
    );
    await page.reload();
    await page.getByRole("alert").filter({ hasText: "The database is unavailable. Try again shortly." }).waitFor();
  });
});
