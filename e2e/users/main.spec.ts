import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "../support/browser.js";
import { DIRECTORY_USERS } from "../support/directory.js";
import { ADMIN_PASSWORD, apiToken, confirmation, dismissToasts, signInAs, settled } from "../support/session.js";
import { adminApi, chooseOption, filterUsersBy, rowOf, seedApiUser, TEMP_PASSWORD } from "./main.js";

const baseUrl = inject("baseUrl");

describe("user management", () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    // One signed-in admin page for the whole file: each test starts from a fresh load of the screen.
    ({ page } = await newPage(browser));
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
    token = await apiToken(baseUrl);
    await seedApiUser(baseUrl, token, "e2e-ursula", ["e2e-crew"]);
    await seedApiUser(baseUrl, token, "e2e-victor", ["e2e-crew"]);
    await seedApiUser(baseUrl, token, "e2e-wanda");
    await adminApi(baseUrl, token, "POST", "/groups", { name: "e2e-auditors" });
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    await page.goto(`${baseUrl}/user-management`);
    await page.getByRole("heading", { name: "User management" }).waitFor();
  });

  it("disables a user, who can no longer sign in, and enables them again", async () => {
    await filterUsersBy(page, "e2e-ursula");
    const row = rowOf(page, "e2e-ursula");
    await row.getByText("Active").waitFor();
    await screenshot(page, "users-list");
    await row.getByRole("button", { name: "Disable e2e-ursula" }).click();
    await page.getByRole("status").filter({ hasText: "User e2e-ursula disabled." }).waitFor();
    await row.getByText("Inactive").waitFor();

    const other = await newPage(browser);
    await other.page.goto(`${baseUrl}/login`);
    await other.page.getByLabel("Username").fill("e2e-ursula");
    await other.page.getByLabel("Password").fill(TEMP_PASSWORD);
    await other.page.getByRole("button", { name: "Sign in" }).click();
    await other.page.getByRole("alert").filter({ hasText: "Your account is disabled." }).waitFor();
    await other.context.close();

    await row.getByRole("button", { name: "Enable e2e-ursula" }).click();
    await page.getByRole("status").filter({ hasText: "User e2e-ursula enabled." }).waitFor();
    await row.getByText("Active").waitFor();
  });

  it("filters users by group and status, and clears the filter", async () => {
    await page.getByRole("button", { name: "Filter" }).click();
    const apply = page.getByRole("button", { name: "Apply" });
    expect(await apply.isDisabled()).toBe(true);
    await chooseOption(page, "Group", "e2e-crew");
    await chooseOption(page, "Status", "Active");
    await screenshot(page, "users-filter");
    await apply.click();
    await page.getByText("2 in total").waitFor();
    const usernames = await page.locator("tbody tr td:nth-child(2)").allInnerTexts();
    expect(usernames.map((s) => s.trim())).toEqual(["e2e-ursula", "e2e-victor"]);
    await page.getByRole("button", { name: "Filter" }).click();
    await settled(page);
    // The selects' clear icons are also named Clear; the filter's own button is the one with the word.
    await page.getByRole("tooltip").getByRole("button", { name: "Clear" }).filter({ hasText: "Clear" }).click();
    await page.getByText("e2e-wanda").waitFor();
  });

  it("shows and hides e-mail addresses", async () => {
    await filterUsersBy(page, "e2e-wanda");
    const row = rowOf(page, "e2e-wanda");
    await row.getByText("••••••••").waitFor();
    await page.getByRole("button", { name: "Show e-mail addresses" }).click();
    await row.getByText("e2e-wanda@example.com").waitFor();
    await page.getByRole("button", { name: "Hide e-mail addresses" }).click();
    await row.getByText("••••••••").waitFor();
  });

  it("adds a user to a group with the transfer dialog", async () => {
    await filterUsersBy(page, "e2e-wanda");
    await rowOf(page, "e2e-wanda").getByRole("button", { name: "Update groups of e2e-wanda" }).click();
    const dialog = page.getByRole("dialog", { name: /add groups/ });
    await dialog.getByText("Wanda Browser").waitFor();
    await settled(page);
    const save = dialog.getByRole("button", { name: "Save" });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole("listitem").filter({ hasText: "e2e-auditors" }).click();
    await dialog.getByRole("button", { name: "Add to groups", exact: true }).click();
    expect(await save.isDisabled()).toBe(false);
    await screenshot(page, "users-transfer");
    await save.click();
    await page.getByRole("status").filter({ hasText: "Groups of e2e-wanda updated." }).waitFor();
    await rowOf(page, "e2e-wanda").getByText("e2e-auditors").waitFor();
  });

  it("adds users to a group from the groups tab, then creates and deletes a group", async () => {
    await page.getByRole("tab", { name: "Groups" }).click();
    await page.getByRole("searchbox", { name: "Search groups" }).fill("e2e-auditors");
    await rowOf(page, "e2e-auditors").waitFor();
    await rowOf(page, "e2e-auditors").getByRole("button", { name: "Update users of e2e-auditors" }).click();
    const dialog = page.getByRole("dialog", { name: /add users/ });
    // Each username shows the person's full name beside it, and the search finds either.
    await dialog.getByRole("listitem").filter({ hasText: "e2e-victor · Victor Browser" }).first().waitFor();
    await dialog.getByPlaceholder("Search").first().fill("Ursula Bro");
    await dialog.getByRole("listitem").filter({ hasText: "e2e-ursula · Ursula Browser" }).first().waitFor();
    expect(await dialog.getByRole("listitem").filter({ hasText: "e2e-victor" }).count()).toBe(0);
    await screenshot(page, "users-transfer-full-names");
    await dialog.getByPlaceholder("Search").first().fill("");
    await dialog.getByRole("listitem").filter({ hasText: "e2e-victor" }).first().click();
    await dialog.getByRole("button", { name: "Add to group", exact: true }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Users of e2e-auditors updated." }).waitFor();
    await rowOf(page, "e2e-auditors").getByText("Victor Browser").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await screenshot(page, "users-groups");

    await page.getByRole("button", { name: "Create group" }).click();
    const create = page.getByRole("dialog", { name: "Create group" });
    await create.getByLabel("Group name").fill("e2e-auditors");
    await create.getByRole("button", { name: "Create group" }).click();
    await create.getByText("A group named e2e-auditors already exists.").waitFor();
    await create.getByLabel("Group name").fill("e2e-short-lived");
    await create.getByRole("button", { name: "Create group" }).click();
    await page.getByRole("status").filter({ hasText: "Group e2e-short-lived created." }).waitFor();
    await page.getByRole("searchbox", { name: "Search groups" }).fill("e2e-short-lived");
    // The search applies after a pause: let the list settle before acting on its row.
    await rowOf(page, "e2e-auditors").waitFor({ state: "detached" });
    await rowOf(page, "e2e-short-lived").getByRole("button", { name: "Delete group e2e-short-lived" }).click();
    const confirm = await confirmation(page);
    await confirm.getByText("Delete the group e2e-short-lived?").waitFor();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    // The dialog stays until the server has answered: give a busy machine time.
    await confirm.waitFor({ state: "hidden", timeout: 90_000 });
    await page.getByRole("status").filter({ hasText: "Group e2e-short-lived deleted." }).waitFor();
    await page.getByText("No data").waitFor();
  });

  it("keeps the active tab when coming back to the screen", async () => {
    await page.getByRole("tab", { name: "Groups" }).click();
    await page.getByRole("searchbox", { name: "Search groups" }).waitFor();
    await page.getByRole("menuitem", { name: "Audits" }).click();
    await page.getByRole("menuitem", { name: "User Management" }).click();
    expect(await page.getByRole("tab", { name: "Groups" }).getAttribute("aria-selected")).toBe("true");
  });

  it("adds a user who must change the temporary password at first sign-in", async () => {
    await page.getByRole("button", { name: "Add user" }).click();
    const drawer = page.getByRole("dialog", { name: "Add user" });
    // What is typed stays as typed; the rule and the username it makes are shown before saving.
    await drawer.getByLabel("Username").fill("E2E-Ya ra");
    await drawer.getByRole("status").filter({ hasText: "Will be saved as e2e-yara" }).waitFor();
    expect(await drawer.getByLabel("Username").inputValue()).toBe("E2E-Ya ra");
    await drawer.getByText(/Capitals are saved in lower case and spaces are left out/).waitFor();
    await drawer.getByLabel("Username").fill("e2e-yara");
    expect(await drawer.getByRole("status").filter({ hasText: "Will be saved as" }).count()).toBe(0);
    // A long name wraps inside the drawer rather than running off it.
    await drawer.getByLabel("Username").fill(`E2E-${"w".repeat(58)}X`);
    const long = drawer.getByRole("status").filter({ hasText: "Will be saved as" });
    await long.waitFor();
    expect(await long.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await screenshot(page, "users-add-long-name");
    await drawer.getByLabel("Username").fill("E2E-Yara");
    await drawer.getByLabel("First name").fill("Yara");
    await drawer.getByLabel("Last name").fill("Browser");
    await drawer.getByLabel("Email").fill("not-an-email");
    await drawer.getByRole("button", { name: "Add user" }).click();
    await drawer.getByText("Enter a valid e-mail address.").waitFor();
    await drawer.getByLabel("Email").fill("yara@example.com");
    const password = await drawer.getByLabel("Temporary password").inputValue();
    expect(password.length).toBeGreaterThanOrEqual(12);
    await screenshot(page, "users-add");
    await drawer.getByRole("button", { name: "Add user" }).click();
    await page.getByRole("status").filter({ hasText: "User e2e-yara added." }).waitFor();

    const other = await newPage(browser);
    await other.page.goto(`${baseUrl}/login`);
    await other.page.getByLabel("Username").fill("e2e-yara");
    await other.page.getByLabel("Password").fill(password);
    await other.page.getByRole("button", { name: "Sign in" }).click();
    await other.page.getByRole("heading", { name: "Set a new password" }).waitFor();
    await other.page.getByLabel("New password", { exact: true }).fill("Yara-Own-Password-2");
    await other.page.getByLabel("Confirm new password").fill("Yara-Own-Password-2");
    await other.page.getByRole("button", { name: "Change password" }).click();
    // Signed in; with no menus assigned yet she is told to ask for access.
    await other.page
      .getByText("You don't have access to any components. Please contact administrator for access.")
      .waitFor();
    await other.context.close();
  });

  it("refuses a sync period out of range with its sentence, and saves a valid one", async () => {
    await page.getByRole("button", { name: "Sync settings" }).click();
    const drawer = page.getByRole("dialog", { name: "Sync settings" });
    const period = drawer.getByLabel("Sync period (minutes)");
    await period.fill("30");
    await drawer.getByRole("button", { name: "Save" }).click();
    const sentence = "Sync period must be more than 60 and at most 525600 minutes (365 days).";
    // Told once, under the box (no toast repeats it).
    await drawer.getByText(sentence).waitFor();
    await period.fill("");
    expect(await drawer.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await screenshot(page, "users-sync-settings");
    await period.fill("120");
    await drawer.getByRole("switch", { name: "Periodic full sync" }).click();
    await drawer.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Sync period updated." }).waitFor();
    expect(await adminApi(baseUrl, token, "GET", "/sync/schedule")).toEqual({
      periodicfullsync: true,
      fullsyncperiod: 120,
    });
    await adminApi(baseUrl, token, "PUT", "/sync/schedule", { isPeriodicSync: false, syncPeriod: 1440 });
  });

  it("syncs users and groups from the directory", async () => {
    await page.getByRole("button", { name: "Sync now" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Sync completed. Synced ${DIRECTORY_USERS.length} users and 1 group from ldap://` })
      .waitFor({ timeout: 30_000 });
    // The toast sits over the filter button (and stays while the pointer rests on it): close it.
    await dismissToasts(page);
    await filterUsersBy(page, "ldap-lena");
    const row = rowOf(page, "ldap-lena");
    await row.getByText("Directory", { exact: true }).waitFor();
    await row.getByText("ldap-analysts").waitFor();
    expect(await row.getByRole("button", { name: "Reset the password of Lena Directory" }).isDisabled()).toBe(true);
  });
});
