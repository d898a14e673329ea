import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest, apiToken, confirmation } from "../support/session.js";
import { DB_PASSWORD, expectState, field, fillDatabaseStep, rowOf, seedConnector } from "./main.js";

const baseUrl = inject("baseUrl");

describe("change-data-capture connectors", () => {
  let page: Page;
  let token: string;
  beforeAll(async () => {
    token = await apiToken(baseUrl);
  });
  adminPagePerTest(baseUrl, (p) => (page = p));

  const openList = async (path = "/home/cdc") => {
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole("heading", { name: "Connectors" }).waitFor();
  };

  it("creates a connector through the wizard and sees it RUNNING", async () => {
    await openList();
    await page.getByRole("button", { name: "Create connector" }).click();
    await page.getByRole("heading", { name: "Create connector" }).waitFor();
    // Only SQL Server can be chosen; it is chosen already.
    expect(await page.getByRole("radio", { name: /SQL Server/ }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: /MySQL/ }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Next" }).click();

    const next = page.getByRole("button", { name: "Next" });
    expect(await next.isDisabled()).toBe(true);
    await fillDatabaseStep(page, "mssql.sales.svc");
    // Digits only: letters typed into the port are dropped.
    await field(page, "Port").fill("14a33");
    expect(await field(page, "Port").inputValue()).toBe("1433");
    await screenshot(page, "connectors-wizard-database");
    await next.click();

    expect(await next.isDisabled()).toBe(true);
    const addTable = page.getByRole("button", { name: "Add table to Tables to whitelist" });
    await page.getByRole("textbox", { name: "Tables to whitelist: Schema" }).fill("dbo");
    expect(await addTable.isDisabled()).toBe(true);
    await page.getByRole("textbox", { name: "Tables to whitelist: Table" }).fill("customers");
    await addTable.click();
    await page.getByRole("textbox", { name: "Tables to whitelist: Table" }).fill("invoices");
    await addTable.click();
    await page.getByRole("button", { name: "Same as whitelist" }).click();
    await page.getByRole("listitem").filter({ hasText: "dbo.invoices" }).waitFor();
    await screenshot(page, "connectors-wizard-tables");
    await next.click();

    const save = page.getByRole("button", { name: "Save" });
    expect(await save.isDisabled()).toBe(true);
    await field(page, "Connector name").fill("  e2e-sales  ");
    await field(page, "Poll interval (seconds)").fill("5");
    await save.click();

    await page.getByText("Connector created").waitFor();
    expect(new URL(page.url()).pathname).toBe("/home/cdc");
    await expectState(page, "e2e-sales", "RUNNING");
    expect(await rowOf(page, "e2e-sales").getByRole("cell", { name: "SqlServerConnector" }).count()).toBe(1);
    await screenshot(page, "connectors-list");
  });

  it("shows Kafka Connect's validation errors on the field they belong to", async () => {
    await page.goto(`${baseUrl}/components/cdc/new`);
    await page.getByRole("link", { name: "components" }).waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await fillDatabaseStep(page, "mssql.invalid");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("textbox", { name: "Tables to whitelist: Schema" }).fill("dbo");
    await page.getByRole("textbox", { name: "Tables to whitelist: Table" }).fill("orders");
    await page.getByRole("button", { name: "Add table to Tables to whitelist" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await field(page, "Connector name").fill("e2e-broken");
    await page.getByRole("button", { name: "Save" }).click();
    // The wizard goes back to the database step and shows the worker's message under the host.
    await page.getByText(/Unable to connect\. Check this and other connection properties/).waitFor();
    expect(await field(page, "Host name").getAttribute("aria-invalid")).toBe("true");
    expect(new URL(page.url()).pathname).toBe("/components/cdc/new");
    await screenshot(page, "connectors-wizard-validation");
  });

  it("pauses and resumes a connector", async () => {
    await seedConnector(baseUrl, token, "e2e-pausing");
    await openList();
    await expectState(page, "e2e-pausing", "RUNNING");
    await page.getByRole("button", { name: "Pause e2e-pausing" }).click();
    await page.getByText("Connector status updated").first().waitFor();
    await expectState(page, "e2e-pausing", "PAUSED");
    await page.getByRole("button", { name: "Resume e2e-pausing" }).click();
    await expectState(page, "e2e-pausing", "RUNNING");
    expect(await page.getByRole("button", { name: "Pause e2e-pausing" }).count()).toBe(1);
  });

  it("reads a connector's details with the password masked until revealed", async () => {
    await seedConnector(baseUrl, token, "e2e-details");
    await openList("/components/cdc");
    await page.getByRole("button", { name: "View e2e-details" }).click();
    const drawer = page.getByRole("dialog", { name: "Connector details" });
    const passwordRow = drawer.getByRole("row").filter({ hasText: "database.password" });
    await passwordRow.waitFor();
    expect(await passwordRow.innerText()).toContain("**********");
    expect(await drawer.innerText()).not.toContain(DB_PASSWORD);
    expect(await drawer.getByRole("row").filter({ hasText: "database.user" }).innerText()).toContain("debezium");
    await screenshot(page, "connectors-details");
    await drawer.getByRole("button", { name: "Show database.password" }).click();
    await passwordRow.getByText(DB_PASSWORD).waitFor();
    await drawer.getByRole("button", { name: "Hide database.password" }).click();
    await passwordRow.getByText("**********").waitFor();
    expect(await drawer.innerText()).not.toContain(DB_PASSWORD);
    await drawer.getByRole("button", { name: "Close" }).click();
    await drawer.waitFor({ state: "hidden" });
  });

  it("deletes a connector after a confirmation naming it", async () => {
    await seedConnector(baseUrl, token, "e2e-deleting");
    await openList();
    await rowOf(page, "e2e-deleting").waitFor();
    await page.getByRole("button", { name: "Delete e2e-deleting" }).click();
    const confirm = await confirmation(page);
    expect(await confirm.innerText()).toContain("e2e-deleting");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Connector deleted").waitFor();
    await rowOf(page, "e2e-deleting").waitFor({ state: "detached" });
  });

  it("filters the list by name and status", async () => {
    await seedConnector(baseUrl, token, "e2e-filtered");
    await openList();
    const applyFilter = async (name: string, status: string) => {
      await page.getByRole("button", { name: "Filter", exact: true }).click();
      await page.getByLabel("Name", { exact: true }).fill(name);
      // Typing narrows the choices; Enter takes the match, as a keyboard user does.
      await page.getByRole("combobox", { name: "Status" }).fill(status);
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: "Apply", exact: true }).click();
    };
    await applyFilter("filtered", "RUNNING");
    await rowOf(page, "e2e-filtered").waitFor();
    await rowOf(page, "orders-cdc").waitFor({ state: "detached" });
    expect(await page.getByText("1 in total").count()).toBe(1);
    await applyFilter("filtered", "PAUSED");
    await page.getByText("No connectors match the filter.").waitFor();
    expect(await rowOf(page, "e2e-filtered").count()).toBe(0);
  });
});
