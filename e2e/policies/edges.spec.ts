import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { POLICY_LIMITS } from "@console/contracts";
import { screenshot } from "../support/browser.js";
import { createUser } from "../support/db.js";
import { adminPagePerTest, apiToken } from "../support/session.js";
import { apply, openAudits, openFilter, openTab } from "../audits/main.js";
import { adminApi } from "../users/main.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const USER = "pol-edge";
/** The spec's date format, DD-MM-YYYY, h:mm:ss a. */
const SPEC_DATE_TIME = /^\d{2}-\d{2}-\d{4}, \d{1,2}:\d{2}:\d{2} (am|pm)$/;

describe("policy screens' details", () => {
  let page: Page;
  let token: string;
  let requester: string;
  beforeAll(async () => {
    await createUser(databaseUrl, USER, "Pol-Edge-Pass-123");
    token = await apiToken(baseUrl);
    // A request is filed by the user who wants the access, signed in as themselves.
    requester = await apiToken(baseUrl, USER, "Pol-Edge-Pass-123");
  });
  adminPagePerTest(baseUrl, (p) => (page = p));

  const request = (table: string) =>
    adminApi<{ id: number; policyName: string }>(baseUrl, requester, "POST", "/acl/requests", {
      catalogName: "hive",
      schemaName: "sales",
      tableName: table,
    });

  it("shows the request's date in the spec's format on the review page", async () => {
    const req = await request("orders");
    await page.goto(`${baseUrl}/policy-management/${req.id}/review`);
    await page.getByRole("heading", { name: "Table access request" }).waitFor();
    const requestedAt = page.getByRole("cell", { name: /^Requested at/ });
    expect((await requestedAt.textContent())?.replace("Requested at", "").trim()).toMatch(SPEC_DATE_TIME);
    await screenshot(page, "policies-review-date");
  });

  it("takes no more of a policy name than the limit", async () => {
    await page.goto(`${baseUrl}/policy-management/new`);
    const name = page.getByLabel("Policy name", { exact: true });
    await name.pressSequentially("n".repeat(POLICY_LIMITS.name + 1));
    expect(await name.inputValue()).toBe("n".repeat(POLICY_LIMITS.name));
  });

  it("tells a request's approval in the audit change set as one sentence per field, wrapped in the drawer", async () => {
    const req = await request("customers");
    const stored = await adminApi<{ tnc: Record<string, unknown> & { contactDetails: Record<string, string> } }>(
      baseUrl,
      token,
      "GET",
      `/acl/${req.id}`,
    );
    const tnc = { ...stored.tnc, contactDetails: { ...stored.tnc.contactDetails, name: "Ops Team" } };
    await adminApi(baseUrl, token, "PUT", `/acl/${req.id}/approve`, { tnc });

    await openAudits(page, baseUrl);
    await openTab(page, "Policy Management", "Policies");
    await openFilter(page);
    await page.getByLabel("Policy ID").fill(String(req.id));
    await apply(page);
    await page.getByRole("button", { name: `View the change set of ${req.policyName}` }).click();
    const drawer = page.getByRole("dialog", { name: `Policy ${req.id}: ${req.policyName}` });
    const sentence = drawer.getByRole("listitem").filter({ hasText: "Contact name: (none) → Ops Team" });
    await sentence.waitFor();
    expect(await drawer.getByText(/\{"name"/).count()).toBe(0);
    // Every line stays inside the drawer.
    const overflowing = await drawer
      .getByRole("listitem")
      .evaluateAll((items) => items.filter((li) => li.scrollWidth > li.clientWidth).length);
    expect(overflowing).toBe(0);
    await screenshot(page, "audits-policy-change-sentences");
  });

  it("starts a review's general terms from the defaults an administrator edits in settings", async () => {
    await page.goto(`${baseUrl}/settings`);
    const card = page.getByLabel("Default general terms", { exact: true });
    const prohibited = card.getByRole("textbox", { name: "Prohibited uses" });
    await expect.poll(() => prohibited.inputValue()).toMatch(/^Use the data only for the purpose/);
    await prohibited.fill("Edge default: no resale.");
    await card.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Default general terms updated." }).waitFor();
    await screenshot(page, "settings-default-terms");

    const req = await request("payments");
    await page.goto(`${baseUrl}/policy-management/${req.id}/review`);
    await page.getByRole("heading", { name: "Table access request" }).waitFor();
    const terms = (name: string) => page.getByRole("textbox", { name, exact: true });
    await expect.poll(() => terms("Prohibited uses").inputValue()).toBe("Edge default: no resale.");
    expect(await terms("Data quality disclaimer").inputValue()).toMatch(/within 30 days/);
    expect(await terms("Termination conditions").inputValue()).toMatch(/30 days' written notice/);
    expect(await terms("Liability limits").inputValue()).not.toBe("");
    await screenshot(page, "policies-review-default-terms");
  });
});
