import fs from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest } from "../support/session.js";

const baseUrl = inject("baseUrl");

describe("searching a pod's log", () => {
  let page: Page;
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("counts the matches, steps through them, and can show matching lines only", async () => {
    await page.goto(`${baseUrl}/hosts/podlogs/master-01/etcd-master-01`);
    const log = page.getByRole("log", { name: "Log lines" });
    await log.getByText(/INFO/).first().waitFor();
    await page.getByRole("textbox", { name: "Search the log" }).fill("info");
    const count = page.getByRole("status").filter({ hasText: / of \d+$/ });
    await count.waitFor();
    const total = Number((await count.innerText()).split(" of ")[1]);
    expect(total).toBeGreaterThan(1);
    // Lines keep arriving while the test reads: the position is checked, the total only grows.
    const position = async () => {
      const [at, of] = (await count.innerText()).split(" of ").map(Number);
      return of! >= total ? at : -1;
    };
    expect(await position()).toBe(1);
    await page.getByRole("button", { name: "Next match" }).click();
    await expect.poll(position).toBe(2);
    // The current match is marked and in view.
    const current = log.locator("[aria-current=true]");
    expect((await current.innerText()).toLowerCase()).toContain("info");
    expect(await current.isVisible()).toBe(true);
    await page.getByRole("button", { name: "Previous match" }).click();
    await page.getByRole("button", { name: "Previous match" }).click();
    // From the first match, previous wraps round to the last. Lines keep arriving, so the last
    // match then may no longer be the last by the time it is read: it is at least the total seen.
    await expect.poll(async () => Number((await count.innerText()).split(" of ")[0])).toBeGreaterThanOrEqual(total);

    await page.getByRole("switch", { name: "Matching lines only" }).click();
    await expect
      .poll(async () =>
        (await log.locator("[style*='translateY']").allInnerTexts()).every((l) => l.toLowerCase().includes("info")),
      )
      .toBe(true);
    expect(await count.innerText()).toMatch(/^\d+ of \d+$/);
    await screenshot(page, "pod-logs-search-matching-only");

    // Download gives the lines shown: only the matching ones, as many as the matches counted.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: /Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^etcd-master-01-etcd-\d{8}-\d{6}\.log$/);
    const file = await fs.readFile((await download.path())!, "utf8");
    const downloaded = file.split("\n").slice(0, -1);
    expect(file.endsWith("\n")).toBe(true);
    expect(downloaded.length).toBeGreaterThan(1);
    expect(downloaded.every((l) => l.toLowerCase().includes("info"))).toBe(true);
    const shownWhenSaved = Number((await count.innerText()).split(" of ")[1]);
    // Lines keep arriving: the file has what was shown at the click, never more than shown now.
    expect(downloaded.length).toBeGreaterThanOrEqual(total);
    expect(downloaded.length).toBeLessThanOrEqual(shownWhenSaved);

    await page.getByRole("textbox", { name: "Search the log" }).fill("no-such-text-anywhere");
    await page.getByRole("status").filter({ hasText: "No match" }).waitFor();
    expect(await page.getByRole("button", { name: "Next match" }).isDisabled()).toBe(true);
  });

  it("wraps long lines on the switch, and keeps the choice for the next visit", async () => {
    await page.goto(`${baseUrl}/hosts/podlogs/master-01/etcd-master-01`);
    const log = page.getByRole("log", { name: "Log lines" });
    const line = log.locator("[data-index]").first();
    await line.waitFor();
    // The sandbox's lines fit a wide screen: a narrow viewer, so that they are longer than it is wide.
    const narrow = () => log.evaluate((el) => void (el.style.width = "320px"));
    await narrow();
    const wide = () => log.evaluate((el) => el.scrollWidth > el.clientWidth);
    await expect.poll(wide).toBe(true);
    const wrapSwitch = page.getByRole("switch", { name: "Wrap lines" });
    await wrapSwitch.click();
    await expect.poll(wide).toBe(false);
    expect(await line.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("pre-wrap");
    // A wrapped line takes more than one row's height.
    expect((await line.boundingBox())!.height).toBeGreaterThan(20);
    await page.reload();
    await log.locator("[data-index]").first().waitFor();
    expect(await page.getByRole("switch", { name: "Wrap lines" }).getAttribute("aria-checked")).toBe("true");
    await narrow();
    await expect.poll(wide).toBe(false);
    await screenshot(page, "pod-logs-wrapped");
    await page.getByRole("switch", { name: "Wrap lines" }).click();
    await expect.poll(wide).toBe(true);
  });
});
