import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { createUser } from "../support/db.js";
import { adminPagePerTest, apiToken } from "../support/session.js";
import { adminApi } from "../users/main.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const USER = "pol-period";

/** Noon UTC `offset` days from today: the same calendar day in any time zone the browser runs in. */
const dayAt = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  d.setUTCHours(12, 0, 0, 0);
  return d;
};
const ddmmyyyy = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, "0")}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${d.getUTCFullYear()}`;

describe("the access period on the review page", () => {
  let page: Page;
  let token: string;
  let requester: string;
  beforeAll(async () => {
    await createUser(databaseUrl, USER, "Pol-Period-Pass-123");
    token = await apiToken(baseUrl);
    requester = await apiToken(baseUrl, USER, "Pol-Period-Pass-123");
  });
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("lets the approver shorten the period asked for, and keeps both", async () => {
    const asked = { startDate: dayAt(2).toISOString(), endDate: dayAt(20).toISOString() };
    const req = await adminApi<{ id: number }>(baseUrl, requester, "POST", "/acl/requests", {
      catalogName: "hive",
      schemaName: "sales",
      tableName: "orders",
      tnc: asked,
    });
    await page.goto(`${baseUrl}/policy-management/${req.id}/review`);
    await page.getByRole("heading", { name: "Table access request" }).waitFor();
    await page.getByText(`Requested: ${ddmmyyyy(dayAt(2))} – ${ddmmyyyy(dayAt(20))}`).waitFor();

    // The range picker's two boxes, start and end, both carry the field's name.
    const granted = page.getByRole("textbox", { name: "Period granted" });
    const [start, end] = [granted.first(), granted.last()];
    await start.click();
    await start.fill(ddmmyyyy(dayAt(3)));
    await start.press("Enter");
    await end.fill(ddmmyyyy(dayAt(9)));
    await end.press("Enter");
    await expect.poll(() => end.inputValue()).toBe(ddmmyyyy(dayAt(9)));
    await screenshot(page, "policies-review-granted-period");

    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await page.getByRole("heading", { name: "Policy Management" }).waitFor();
    const stored = await adminApi<{
      tnc: { startDate: string; endDate: string };
      requestedPeriod: { startDate: string; endDate: string };
    }>(baseUrl, token, "GET", `/acl/${req.id}`);
    expect(stored.requestedPeriod).toEqual(asked);
    expect(new Date(stored.tnc.endDate).getTime()).toBeLessThan(dayAt(10).getTime());
    expect(new Date(stored.tnc.endDate).getTime()).toBeGreaterThan(dayAt(8).getTime());
    expect(new Date(stored.tnc.startDate).getTime()).toBeGreaterThan(dayAt(2).getTime());
  });
});
