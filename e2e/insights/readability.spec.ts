import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest, apiToken } from "../support/session.js";

const baseUrl = inject("baseUrl");

describe("insights and guides read well", () => {
  let page: Page;
  beforeAll(async () => {
    const token = await apiToken(baseUrl);
    // Figures come from the sandbox's query events: wait for the first (a minute at most).
    for (let tries = 0; ; tries++) {
      const res = await fetch(`${baseUrl}/admin-api/api/v1/trino/audit?first=0&max=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (((await res.json()) as { total: number }).total > 0) break;
      if (tries > 60) throw new Error("the sandbox's Trino sent no query events");
      await new Promise((r) => setTimeout(r, 1000));
    }
  });
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("shows a long table name whole where there is room, and in full on hover", async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${baseUrl}/insights`);
    await page.getByRole("button", { name: "Recompute" }).click();
    await page.getByText("Insights recomputed.").waitFor();
    const topTables = page.getByRole("list", { name: "Top 5 tables" });
    const first = topTables.getByRole("listitem").first().locator("[data-name]");
    await first.waitFor();
    const name = (await first.getAttribute("data-name"))!;
    expect(name.length).toBeGreaterThan(15);
    // Not cut: the whole name fits in the space it is given.
    expect(
      await first.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth),
    ).toBe(true);
    expect(await first.innerText()).toBe(name);
    await first.hover();
    await page.getByRole("tooltip", { name, exact: true }).waitFor();
    await screenshot(page, "insights-long-names-1920");
  });

  it("draws the hovered bar's band softly in the dark theme", async () => {
    await page.goto(`${baseUrl}/insights`);
    await page.evaluate(() => localStorage.setItem("isDarkMode", "true"));
    await page.reload();
    const chart = page.getByRole("figure", { name: "Users running queries, last 7 days" });
    const bar = chart.locator(".recharts-bar-rectangle").last();
    await bar.waitFor();
    await bar.hover();
    const band = chart.locator(".recharts-tooltip-cursor");
    await band.waitFor();
    // A light-grey block would be bright; the band is a faint fill over the dark card.
    const fill = await band.evaluate((el) => getComputedStyle(el).fill + " " + getComputedStyle(el).fillOpacity);
    const [r, g, b, a] = (fill.match(/[\d.]+/g) ?? []).map(Number);
    const alpha = a ?? 1;
    expect(((r! + g! + b!) / 3) * alpha).toBeLessThan(60);
    await screenshot(page, "insights-dark-hover");
  });

  it("wraps the Python example's long lines inside its drawer", async () => {
    await page.goto(`${baseUrl}/client-configuration`);
    await page.getByRole("button", { name: "View code" }).click();
    const drawer = page.getByRole("dialog", { name: "Python example" });
    const pre = drawer.locator("pre");
    await pre.waitFor();
    expect(await pre.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, "client-config-python-wrapped");
  });
});
