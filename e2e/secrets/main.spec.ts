import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "../support/browser.js";
import { ADMIN_PASSWORD, confirmation, signInAs } from "../support/session.js";

const baseUrl = inject("baseUrl");
const VALUE = "E2e-Secret-Value-Never-Shown-42";

describe("secrets", () => {
  let browser: Browser;
  let page: Page;
  /** Every answer of the secrets API the page received, to prove the value never comes back. */
  const answers: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    page.on("response", (res) => {
      if (res.url().includes("/k8s-proxy/api/v1/secrets"))
        void res.text().then(
          (t) => answers.push(t),
          () => undefined,
        );
    });
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
  });
  afterAll(() => browser.close());

  const row = (name: string) => page.getByRole("row").filter({ hasText: name });
  const drawer = (title: string) => page.getByRole("dialog", { name: title });

  it("creates a secret: the name is cleaned as typed, and Save waits for a complete form", async () => {
    await page.goto(`${baseUrl}/settings/secrets`);
    await page.getByRole("navigation", { name: "Settings sections" }).waitFor();
    // The title is hidden for secrets; the crumb names the section.
    expect(await page.getByRole("heading", { name: "Secrets" }).count()).toBe(0);
    await page.getByRole("button", { name: "Create secret" }).click();
    const d = drawer("Create secret");
    const save = d.getByRole("button", { name: "Save" });
    await d.getByLabel("Name").fill("E2E Warehouse_DB!");
    expect(await d.getByLabel("Name").inputValue()).toBe("e2ewarehousedb");
    await d.getByLabel("Description").fill("Warehouse database password");
    expect(await save.isDisabled()).toBe(true);
    await d.getByLabel("Value").fill(VALUE);
    expect(await d.getByLabel("Value").getAttribute("type")).toBe("password");
    await d.getByLabel("Name").evaluate((el) => (el as HTMLInputElement).blur());
    await d.getByRole("button", { name: "Save", disabled: false }).waitFor();
    await screenshot(page, "secrets-create");
    await save.click();
    await page.getByRole("status").filter({ hasText: "Secret created successfully." }).waitFor();
    await row("e2ewarehousedb").getByText("Warehouse database password").waitFor();
  });

  it("says a taken name is taken, and keeps Save disabled", async () => {
    await page.goto(`${baseUrl}/settings/secrets`);
    await page.getByRole("button", { name: "Create secret" }).click();
    const d = drawer("Create secret");
    await d.getByLabel("Name").fill("e2ewarehousedb");
    await d.getByLabel("Description").fill("Again");
    await d.getByLabel("Value").fill("x");
    await d.getByText("A secret with this name already exists.").waitFor();
    expect(await d.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await d.getByRole("button", { name: "Cancel" }).click();
    await d.waitFor({ state: "hidden" });
  });

  it("edits the description with the name locked, and the value never comes back", async () => {
    await page.goto(`${baseUrl}/settings/secrets`);
    await row("e2ewarehousedb").getByRole("button", { name: "Edit secret e2ewarehousedb" }).click();
    const d = drawer("Update secret");
    expect(await d.getByLabel("Name").isDisabled()).toBe(true);
    expect(await d.getByLabel("Value").inputValue()).toBe("");
    expect(await d.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await d.getByLabel("Description").fill("Warehouse reader password");
    await d.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Secret updated successfully." }).waitFor();
    await row("e2ewarehousedb").getByText("Warehouse reader password").waitFor();
    await screenshot(page, "secrets-list");
    expect(answers.length).toBeGreaterThan(2);
    expect(answers.join("\n")).not.toContain(VALUE);
    expect(await page.content()).not.toContain(VALUE);
  });

  it("searches by name and description", async () => {
    await page.goto(`${baseUrl}/settings/secrets`);
    const search = page.getByRole("searchbox", { name: "Search secrets" });
    await row("e2ewarehousedb").waitFor();
    await search.fill("reader");
    await row("e2ewarehousedb").waitFor();
    await search.fill("no-such-secret");
    await page.getByText("No data").waitFor();
    expect(await row("e2ewarehousedb").count()).toBe(0);
  });

  it("deletes a secret after a confirmation naming it", async () => {
    await page.goto(`${baseUrl}/settings/secrets`);
    await row("e2ewarehousedb").getByRole("button", { name: "Delete secret e2ewarehousedb" }).click();
    const confirm = await confirmation(page);
    await confirm.getByText(/Secret e2ewarehousedb will be deleted/).waitFor();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("status").filter({ hasText: "Secret deleted successfully." }).waitFor();
    await row("e2ewarehousedb").waitFor({ state: "detached" });
    expect(await row("e2ewarehousedb").count()).toBe(0);
  });
});
