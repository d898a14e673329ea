import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest } from "../support/session.js";

const baseUrl = inject("baseUrl");

describe("sync period box", () => {
  let page: Page;
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("keeps Save disabled for anything but a whole number, and says what is wrong once, under the box", async () => {
    await page.goto(`${baseUrl}/user-management`);
    await page.getByRole("button", { name: "Sync settings" }).click();
    const drawer = page.getByRole("dialog", { name: "Sync settings" });
    const period = drawer.getByLabel("Sync period (minutes)");
    const save = drawer.getByRole("button", { name: "Save" });

    for (const typed of ["abc", "12a", "90.5"]) {
      await period.fill(typed);
      await drawer.getByText("Sync period must be a whole number of minutes.").waitFor();
      expect(await save.isDisabled()).toBe(true);
    }
    await screenshot(page, "users-sync-period-letters");

    await period.fill("30");
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    const sentence = "Sync period must be more than 60 and at most 525600 minutes (365 days).";
    await drawer.getByText(sentence).waitFor();
    // Shown inline only: no toast repeats it (a toast would have opened with it).
    await page.waitForTimeout(500);
    expect(await page.getByText(sentence).count()).toBe(1);
  });
});
