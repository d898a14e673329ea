import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "../support/browser.js";
import { createUser } from "../support/db.js";
import { ADMIN_PASSWORD, signInAs } from "../support/session.js";
import { assignAndSave, choose, fillDetails, servedRules, whatCanSee } from "./main.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const USER = "pol-ana";

describe("data-access policies", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    await createUser(databaseUrl, USER, "Pol-Ana-Pass-123");
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ page } = await newPage(browser));
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
  });
  afterEach(() => page.context().close());

  const sync = async () => {
    await page.goto(`${baseUrl}/policy-management`);
    await page.getByRole("button", { name: "Sync" }).click();
    await page.getByText(/Synced: publication \d+ is in force/).waitFor();
  };

  it("creates a table policy with a mask and a row filter, publishes it and shows what its user sees", async () => {
    await fillDetails(page, baseUrl, {
      name: "e2e customers",
      category: "Tables",
      catalog: "hive",
      schema: "sales",
      tables: ["customers"],
      privileges: ["SELECT"],
    });
    await screenshot(page, "policies-wizard-masks");
    await choose(page, "Table", "customers");
    await choose(page, "Column", "email");
    await choose(page, "Mask type", "Predefined");
    await choose(page, "Mask", "Hash");
    await page.getByRole("button", { name: "Add mask" }).click();
    await page.getByRole("cell", { name: "email", exact: true }).waitFor();
    await page.getByRole("button", { name: "Next" }).click();

    await choose(page, "Row filter table", "customers");
    await choose(page, "Row filter column", "country");
    await choose(page, "Condition", "IN");
    await page.getByRole("textbox", { name: "Value" }).fill("AE, SA");
    await page.getByRole("button", { name: "Add row filter" }).click();
    await page.getByRole("cell", { name: "AE, SA" }).waitFor();
    // The same filter again is refused.
    await choose(page, "Row filter column", "country");
    await choose(page, "Condition", "IN");
    await page.getByRole("textbox", { name: "Value" }).fill("AE, SA");
    await page.getByRole("button", { name: "Add row filter" }).click();
    await page.getByText("The row filter has already been added").waitFor();
    await screenshot(page, "policies-wizard-filters");
    await page.getByRole("button", { name: "Next" }).click();
    await assignAndSave(page, USER);
    await page.getByRole("row").filter({ hasText: "e2e customers" }).getByText("Ready to sync").waitFor();
    await screenshot(page, "policies-list");

    await sync();
    const rules = await servedRules(baseUrl);
    expect(rules.tables).toContainEqual({
      user: USER,
      catalog: "hive",
      schema: "sales",
      table: "customers",
      privileges: ["SELECT"],
      columns: [{ name: "email", mask: 'to_hex(sha256(to_utf8("email")))' }],
      filter: `("country" IN ('AE', 'SA'))`,
    });

    await whatCanSee(page, baseUrl, USER, "hive", "sales", "customers");
    const email = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "email", exact: true }) });
    await email.getByText("Masked").waitFor();
    await page.getByText(`("country" IN ('AE', 'SA'))`).waitFor();
    const vip = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "vip", exact: true }) });
    await vip.getByText("Visible").waitFor();
    await screenshot(page, "policies-what-can-see");
  });

  it("creates a policy of every other category and finds each in the served rules and in what the user sees", async () => {
    const cases = [
      { name: "e2e catalog", category: "Catalog", catalog: "postgresql", access: "All" },
      { name: "e2e schema", category: "Schema", catalog: "iceberg", schema: "logistics", access: "Read only" },
      {
        name: "e2e table tags",
        category: "Table tags",
        catalog: "hive",
        schema: "marketing",
        tags: ["Customer Data"],
        privileges: ["SELECT"],
      },
      {
        name: "e2e column tags",
        category: "Column tags",
        catalog: "hive",
        schema: "hr",
        tags: ["Sensitive"],
        privileges: ["SELECT"],
      },
      {
        name: "e2e table glossary",
        category: "Table glossary",
        catalog: "iceberg",
        schema: "finance",
        tags: ["Invoice"],
        tagLabel: "Glossary terms" as const,
        privileges: ["SELECT"],
      },
      {
        name: "e2e column glossary",
        category: "Column glossary",
        catalog: "hive",
        schema: "sales",
        tags: ["Customer Name"],
        tagLabel: "Glossary terms" as const,
        privileges: ["SELECT", "INSERT"],
      },
    ];
    for (const c of cases) {
      await fillDetails(page, baseUrl, c).catch(async (err: unknown) => {
        await screenshot(page, `policies-failed-${c.category}`);
        throw err;
      });
      // Table, tag and glossary policies have masks and row filters; catalog and schema go straight to access.
      if (c.tags) {
        await page.getByRole("button", { name: "Next" }).click();
        await page.getByRole("button", { name: "Next" }).click();
      }
      await assignAndSave(page, USER);
    }
    await sync();
    const rules = await servedRules(baseUrl);
    const rule = (catalog: string, schema?: string, table?: string) =>
      rules.tables.find((r) => r.user === USER && r.catalog === catalog && r.schema === schema && r.table === table);
    expect(rule("postgresql")?.privileges).toEqual(["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP"]);
    expect(rules.catalogs).toContainEqual({ user: USER, catalog: "postgresql", allow: "all" });
    expect(rule("iceberg", "logistics")?.privileges).toEqual(["SELECT"]);
    expect(rule("hive", "marketing", "leads")?.privileges).toEqual(["SELECT"]);
    expect(rule("hive", "hr", "payroll")?.privileges).toEqual(["SELECT"]);
    expect(rule("iceberg", "finance", "invoices")?.privileges).toEqual(["SELECT"]);
    // The first test's policy (SELECT, masked, filtered) and the glossary policy (SELECT, INSERT, every row)
    // merge into one rule on sales.customers: both privileges, the mask kept, no filter (the union of rows).
    expect(rule("hive", "sales", "customers")).toEqual({
      user: USER,
      catalog: "hive",
      schema: "sales",
      table: "customers",
      privileges: ["SELECT", "INSERT"],
      columns: [{ name: "email", mask: 'to_hex(sha256(to_utf8("email")))' }],
    });
    expect(rules.catalogs).toContainEqual({ user: USER, catalog: "hive", allow: "all" });
    expect(rule("hive", "sales", "orders")).toBeUndefined();

    await whatCanSee(page, baseUrl, USER, "hive", "hr", "payroll");
    await page.getByText("SELECT", { exact: true }).first().waitFor();
    await page.getByText("Every row").waitFor();
    await whatCanSee(page, baseUrl, USER, "iceberg", "logistics", "routes");
    await page.getByText("Read only").waitFor();
    await whatCanSee(page, baseUrl, USER, "iceberg", "analytics", "churn_scores");
    await page.getByText("No access").waitFor();
  });

  it("checks the name as it is typed and compares publications", async () => {
    await page.goto(`${baseUrl}/policy-management/new`);
    await page.getByLabel("Policy name", { exact: true }).fill("e2e customers");
    await page.getByText("already existing policy name").waitFor();
    await page.goto(`${baseUrl}/policy-management/publications`);
    await page.getByRole("heading", { name: "Publications" }).waitFor();
    await choose(page, "From", "Publication 1");
    await choose(page, "To", "Publication 2");
    await page.getByText("Table rules").waitFor();
    await page.getByText(/\+ .*"table":"payroll"/).waitFor();
    await screenshot(page, "policies-publications");
  });
});
