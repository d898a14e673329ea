import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage } from "../support/browser.js";
import { createUser } from "../support/db.js";
import { ADMIN_PASSWORD, apiToken, signInAs } from "../support/session.js";
import { adminApi } from "../users/main.js";
import { tabTo } from "./keyboard.js";
import { settled } from "./main.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const GROUP = "kbd dialog group";
const MEMBER = "kbd-dialog-member";

/** Where focus is: "body" when on no control, else whether it is in the dialog and its name. */
const focus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { where: "body", name: "" };
    const inDialog = !!el.closest("[role=dialog]");
    return {
      where: inDialog ? "dialog" : "page",
      name: `${el.tagName.toLowerCase()} ${el.getAttribute("aria-label") ?? el.textContent?.trim() ?? ""}`,
    };
  });

/** Presses the key until focus is back where it started; every stop on the way, one lap. */
async function lap(page: Page, key: "Tab" | "Shift+Tab"): Promise<Array<{ where: string; name: string }>> {
  const start = await focus(page);
  const stops = [start];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(key);
    const now = await focus(page);
    if (now.where === start.where && now.name === start.name) return stops;
    stops.push(now);
  }
  throw new Error(`${key} never came back to ${start.name}: ${JSON.stringify(stops)}`);
}

describe("a two-list dialog with the keyboard (group members)", { timeout: 180_000 }, () => {
  const browser = launchBrowser();
  let page: Page;

  beforeAll(async () => {
    await createUser(databaseUrl, MEMBER, "Kbd-Dialog-Pass-123");
    await adminApi(baseUrl, await apiToken(baseUrl), "POST", "/groups", { name: GROUP });
    ({ page } = await newPage(await browser));
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
    await page.goto(`${baseUrl}/user-management`);
    await page.getByRole("tab", { name: "Groups" }).click();
    const opener = page.getByRole("button", { name: `Update users of ${GROUP}` });
    await opener.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: /add users/ }).waitFor();
    await settled(page);
  });
  afterAll(async () => (await browser).close());

  it("names the move buttons for what they do", async () => {
    const dialog = page.getByRole("dialog", { name: /add users/ });
    expect(await dialog.getByRole("button", { name: "Add to group" }).count()).toBe(1);
    expect(await dialog.getByRole("button", { name: "Remove from group" }).count()).toBe(1);
    expect(await dialog.getByRole("button", { name: /^(right|left)$/ }).count()).toBe(0);
  });

  it("keeps focus in the dialog after a move disables the button pressed", async () => {
    const dialog = page.getByRole("dialog", { name: /add users/ });
    await dialog.getByRole("textbox", { name: "Search available" }).fill(MEMBER);
    await tabTo(page, dialog.getByRole("checkbox", { name: MEMBER, exact: true }));
    await page.keyboard.press("Space");
    const add = dialog.getByRole("button", { name: "Add to group" });
    await tabTo(page, add);
    await page.keyboard.press("Enter");
    await expect.poll(() => add.isDisabled()).toBe(true);
    // In the list the name left (empty now that the search finds only it): its search box.
    expect(await focus(page)).toEqual({ where: "dialog", name: "input Search available" });
    expect(await dialog.locator(".ant-transfer-section").nth(1).getByText(MEMBER).count()).toBe(1);
  });

  it("goes round the dialog with Tab and Shift+Tab without a stop outside it", async () => {
    const forward = await lap(page, "Tab");
    expect(forward.filter((s) => s.where !== "dialog")).toEqual([]);
    expect(forward.map((s) => s.name)).toEqual(
      expect.arrayContaining(["button Close", "button Cancel", "button Save"]),
    );
    const back = await lap(page, "Shift+Tab");
    expect(back.filter((s) => s.where !== "dialog")).toEqual([]);
    expect(back.length).toBe(forward.length);
  });
});
