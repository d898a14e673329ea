import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "../support/browser.js";
import { createUser } from "../support/db.js";
import { ADMIN_PASSWORD, apiToken } from "../support/session.js";
import { adminApi } from "../users/main.js";
import { syncApi } from "../policies/main.js";
import { arrowToAndEnter, focusedName, focusIsVisible, tabTo, typeAndPick } from "./keyboard.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const REQUESTER = "a11y-kbd";
const REQUESTER_PASSWORD = "A11y-Kbd-Pass-123";

/** Tab to a control and press a key on it. */
async function press(page: Page, name: string, key = "Enter", back = false): Promise<void> {
  // A button's name may start with its icon's ("sync Sync"): the visible text ends it.
  const ending = new RegExp(`(^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  await tabTo(page, page.getByRole("button", { name: ending }), { back });
  await page.keyboard.press(key);
}

/** Signs in with Tab, typing and Enter; waits for the first screen. */
async function signInByKeyboard(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await tabTo(page, page.getByLabel("Username"));
  await page.keyboard.type(username);
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
  // The callback returns to "/", which sends the user on to their landing page.
  await page.waitForURL(
    (u) => u.pathname !== "/" && !u.pathname.startsWith("/interaction") && !u.pathname.startsWith("/login"),
  );
  await page.getByRole("button", { name: /user menu$/ }).waitFor();
}

describe("one whole task with the keyboard alone", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    await createUser(databaseUrl, REQUESTER, REQUESTER_PASSWORD);
    // The requester reads the customers already (published), so My access lists the table.
    const token = await apiToken(baseUrl);
    await adminApi(baseUrl, token, "POST", "/acl/add", {
      policyName: "keyboard requester customers",
      category: "tables",
      catalogName: "hive",
      schemaName: ["sales"],
      tables: ["customers"],
      tablePrivileges: ["SELECT"],
      assignToUsers: [REQUESTER],
    });
    await syncApi(baseUrl, token);
  });

  it("asks for access from My access, signs in, skips to the content, creates a policy, and approves the request, without the mouse", async () => {
    const browser = await launchBrowser();
    try {
      // The user asks for access from My access, reached through the user menu, and sends the form.
      const asked = await newPage(browser);
      const user = asked.page;
      await signInByKeyboard(user, REQUESTER, REQUESTER_PASSWORD);
      await press(user, "user menu");
      await press(user, "My access");
      await user.getByRole("heading", { name: "My access" }).waitFor();
      // The user menu closes as My access opens.
      await user.getByRole("button", { name: /Logout$/ }).waitFor({ state: "hidden" });
      await press(user, "Request more access to hive.sales.customers");
      const form = user.getByRole("dialog", { name: "Request access" });
      await form.getByText("customers", { exact: true }).waitFor();
      // Focus is in the form as it opens; Tab walks its fields.
      expect(await form.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      for (const [field, value] of [
        ["Reason", "Quarterly revenue report"],
        ["Name", "Rana Haddad"],
        ["Phone number", "501234567"],
        ["E-mail", "rana@example.com"],
      ] as const) {
        await tabTo(user, form.getByRole("textbox", { name: field, exact: true }));
        await user.keyboard.press("ControlOrMeta+A");
        await user.keyboard.type(value);
      }
      await screenshot(user, "a11y-keyboard-request-form");
      await press(user, "Send request");
      await user.getByText("Your access request was sent for review.").waitFor();
      await form.waitFor({ state: "hidden" });
      await user.getByRole("region", { name: "My access requests" }).getByText("Pending").waitFor();
      await asked.context.close();

      const { page } = await newPage(browser);
      await signInByKeyboard(page, "admin", ADMIN_PASSWORD);
      expect(page.url()).toMatch(/\/home$/);
      await page.getByRole("heading", { level: 1 }).first().waitFor();

      // The first Tab shows the skip link; Enter moves focus to the screen's content.
      await page.keyboard.press("Tab");
      expect(await focusedName(page)).toBe("Skip to content");
      expect(await page.getByRole("link", { name: "Skip to content" }).isVisible()).toBe(true);
      expect(await focusIsVisible(page)).toBe(true);
      await screenshot(page, "a11y-keyboard-skip-link");
      await page.keyboard.press("Enter");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");

      // The main menu: back to it with Shift+Tab, along it with the arrow keys.
      await tabTo(page, page.getByRole("menu", { name: "Main menu" }), { back: true });
      await arrowToAndEnter(page, "Policy Management");
      await page.getByRole("heading", { name: "Policy Management" }).waitFor();

      // A dialog opened from the keyboard closes with Escape and gives focus back to its button.
      await press(page, "Sync");
      const dialog = page.getByRole("dialog", { name: "Publish the policies to Trino" });
      await dialog.waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await focusedName(page)).toBe("Sync");

      // The wizard, field by field.
      await press(page, "New policy");
      await page.getByRole("heading", { name: "Create policy" }).waitFor();
      await tabTo(page, page.getByLabel("Policy name", { exact: true }));
      await page.keyboard.type("keyboard orders");
      const box = (name: string) => page.getByRole("combobox", { name, exact: true });
      await typeAndPick(page, box("Category"), "Tables");
      await typeAndPick(page, box("Catalog"), "hive");
      await typeAndPick(page, box("Schema"), "sales");
      await typeAndPick(page, box("Tables"), "orders", true);
      await tabTo(page, page.getByRole("checkbox", { name: "SELECT", exact: true }));
      await page.keyboard.press("Space");
      expect(await page.getByRole("checkbox", { name: "SELECT", exact: true }).isChecked()).toBe(true);
      await screenshot(page, "a11y-keyboard-wizard");
      await press(page, "Next"); // to the column masks
      await page.getByRole("combobox", { name: "Column", exact: true }).waitFor();
      await press(page, "Next"); // to the row filters
      await page.getByRole("combobox", { name: "Row filter table", exact: true }).waitFor();
      await press(page, "Next"); // to the assignment
      await typeAndPick(page, box("Users"), REQUESTER, true);
      // The access period is typed (day-month-year); Tab goes from the start to the end and on.
      await tabTo(page, page.getByPlaceholder("Start date"));
      await page.keyboard.type("01-12-2030");
      await page.keyboard.press("Tab");
      await page.keyboard.type("31-12-2030");
      // Save is enabled (and so in the tab order) once the assignment is in the form.
      await expect.poll(() => page.getByRole("button", { name: /(^|\s)Save$/ }).isEnabled()).toBe(true);
      await press(page, "Save");
      await page.getByText("Policy created").waitFor();
      await page.getByRole("heading", { name: "Policy Management" }).waitFor();

      // The request the user sent waits for approval.
      const requester = await apiToken(baseUrl, REQUESTER, REQUESTER_PASSWORD);
      const mine = await adminApi<{ items: Array<{ id: number; policyName: string; reason: string }> }>(
        baseUrl,
        requester,
        "GET",
        "/acl/me/requests",
      );
      expect(mine.items).toHaveLength(1);
      const request = mine.items[0]!;
      expect(request.reason).toBe("Quarterly revenue report");

      // The administrator finds it with the search box and opens its review from the row's button.
      await page.reload();
      await page.getByRole("heading", { name: "Policy Management" }).waitFor();
      await press(page, "Filter");
      await tabTo(page, page.getByRole("textbox", { name: "Search by policy name" }));
      await page.keyboard.type(request.policyName);
      await press(page, "Apply");
      await press(page, `Review ${request.policyName}`);
      await page.getByRole("heading", { name: "Table access request" }).waitFor();
      await page.getByText(request.policyName).waitFor();
      // The form's reason and contact come with the request.
      expect(await page.getByRole("textbox", { name: "Description", exact: true }).inputValue()).toBe(
        "Quarterly revenue report",
      );
      expect(await page.getByRole("textbox", { name: "E-mail", exact: true }).inputValue()).toBe("rana@example.com");
      await expect.poll(() => page.getByRole("button", { name: "Approve" }).isEnabled()).toBe(true);
      await screenshot(page, "a11y-keyboard-review");
      await press(page, "Approve");
      await page.getByText(`Request ${request.policyName} approved.`).waitFor();

      const token = await apiToken(baseUrl);
      const stored = await adminApi<{ approvalStatus: string }>(baseUrl, token, "GET", `/acl/${request.id}`);
      expect(stored.approvalStatus).toBe("APPROVED");
      const list = await adminApi<{ content?: Array<{ policyName: string }>; items?: Array<{ policyName: string }> }>(
        baseUrl,
        token,
        "GET",
        "/acl?search=keyboard%20orders",
      );
      expect(JSON.stringify(list)).toContain("keyboard orders");
    } finally {
      await browser.close();
    }
  });
});
