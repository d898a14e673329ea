import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "../support/browser.js";
import { createUser } from "../support/db.js";
import { ADMIN_PASSWORD, apiToken } from "../support/session.js";
import { adminApi } from "../users/main.js";
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

describe("one whole task with the keyboard alone", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    await createUser(databaseUrl, REQUESTER, REQUESTER_PASSWORD);
  });

  it("signs in, skips to the content, creates a policy, and approves a request for access, without the mouse", async () => {
    const browser = await launchBrowser();
    try {
      const { page } = await newPage(browser);
      // Sign in: the fields and the button are reached with Tab.
      await page.goto(`${baseUrl}/login`);
      await tabTo(page, page.getByLabel("Username"));
      await page.keyboard.type("admin");
      await tabTo(page, page.getByLabel("Password"));
      await page.keyboard.type(ADMIN_PASSWORD);
      await page.keyboard.press("Enter");
      await page.waitForURL((u) => u.pathname === "/home");
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

      // The user asks for access to a table: the request waits for approval.
      const requester = await apiToken(baseUrl, REQUESTER, REQUESTER_PASSWORD);
      const request = await adminApi<{ id: number; policyName: string }>(baseUrl, requester, "POST", "/acl/requests", {
        catalogName: "hive",
        schemaName: "sales",
        tableName: "customers",
      });

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
      for (const [field, value] of [
        ["Description", "Quarterly revenue report"],
        ["Name", "Rana Haddad"],
        ["Phone number", "501234567"],
        ["E-mail", "rana@example.com"],
      ] as const) {
        await tabTo(page, page.getByRole("textbox", { name: field, exact: true }));
        await page.keyboard.type(value);
      }
      await page.keyboard.press("Tab"); // leaving the last field checks it
      await expect.poll(() => page.getByRole("button", { name: "Approve" }).isEnabled()).toBe(true);
      await screenshot(page, "a11y-keyboard-review");
      await press(page, "Approve", "Enter", true);
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
