import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage } from "../support/browser.js";
import { createUser, withDb } from "../support/db.js";
import { signInAs } from "../support/session.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const PASSWORD = "Cdc-Access-Pass-1";

describe("the connector screens need the debezium component", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    // Both hold the components menu; only the second holds the debezium component.
    await createUser(databaseUrl, "cdc-menu-only", PASSWORD, ["components"]);
    await createUser(databaseUrl, "cdc-holder", PASSWORD, ["components"]);
    await withDb(databaseUrl, async (c) => {
      await c.query(
        `INSERT INTO component_users (component_id, user_id)
         SELECT p.id, u.id FROM component_permissions p, users u
          WHERE p.component_key = 'debezium' AND u.username = 'cdc-holder'`,
      );
      await c.query("SELECT pg_notify('console_cache', 'e2e:access')");
    });
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ page } = await newPage(browser));
  });
  afterEach(() => page.context().close());

  it("shows the unauthorized page to a user with the menu but not the component", async () => {
    await signInAs(page, baseUrl, "cdc-menu-only", PASSWORD);
    await page.goto(`${baseUrl}/components/cdc`);
    await page.getByText("You are not authorized to view this page.").waitFor();
    expect(await page.getByRole("heading", { name: "Connectors" }).count()).toBe(0);
  });

  it("opens the connector list for a user holding the component", async () => {
    await signInAs(page, baseUrl, "cdc-holder", PASSWORD);
    await page.goto(`${baseUrl}/components/cdc`);
    await page.getByRole("heading", { name: "Connectors" }).waitFor();
    expect(await page.getByText("You are not authorized to view this page.").count()).toBe(0);
  });
});
