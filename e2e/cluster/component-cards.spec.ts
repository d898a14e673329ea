import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest } from "../support/session.js";

const baseUrl = inject("baseUrl");

describe("component cards and the pods donut", () => {
  let page: Page;
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("shows four cards at 1440 px, brings the chosen one into view marked as current, and counts pods per state", async () => {
    await page.goto(`${baseUrl}/components?component=airflow`);
    await page.getByRole("heading", { name: "Airflow" }).waitFor();
    const cards = page.getByRole("list", { name: "Components" }).getByRole("listitem");
    await expect.poll(() => cards.count()).toBe(4);
    const airflow = cards.filter({ hasText: "Airflow" });
    expect(await airflow.getAttribute("aria-current")).toBe("true");
    expect(await cards.and(page.locator("[aria-current=true]")).count()).toBe(1);

    const legend = page.getByRole("list", { name: "Pods by state" }).getByRole("listitem");
    expect(await legend.allInnerTexts()).toEqual([
      expect.stringMatching(/^Running or completed: \d+$/),
      expect.stringMatching(/^Failing: \d+$/),
      expect.stringMatching(/^Pending or unknown: \d+$/),
    ]);
    await screenshot(page, "components-airflow-selected");
  });
});
