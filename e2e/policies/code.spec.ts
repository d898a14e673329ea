import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { createUser } from "../support/db.js";
import { TMP } from "../support/server.js";
import { adminPagePerTest, apiToken, settled } from "../support/session.js";
import { adminApi } from "../users/main.js";
import { choose } from "./main.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const USER = "pol-code";
const NAME = "code e2e customers";

describe("policies as code", () => {
  let page: Page;
  let token: string;
  beforeAll(async () => {
    await createUser(databaseUrl, USER, "Pol-Code-Pass-123");
    token = await apiToken(baseUrl);
    await adminApi(baseUrl, token, "POST", "/acl/add", {
      policyName: NAME,
      category: "tables",
      catalogName: "hive",
      schemaName: ["sales"],
      tables: ["customers"],
      tablePrivileges: ["SELECT"],
      assignToUsers: [USER],
    });
  });
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("exports the filtered list, imports a changed file, shows the plan, applies it and the policy changes", async () => {
    await page.goto(`${baseUrl}/policy-management`);
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByLabel("Search by policy name").fill(NAME);
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("cell", { name: NAME, exact: true }).waitFor();

    await screenshot(page, "policies-code-toolbar");
    await page.getByRole("button", { name: "Export as code" }).click();
    const exportDialog = page.getByRole("dialog", { name: "Export policies as code" });
    await exportDialog.getByRole("radio", { name: "JSON" }).check();
    await exportDialog.getByRole("radio", { name: "Filtered list" }).check();
    await screenshot(page, "policies-code-export");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      exportDialog.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^policies-\d{8}-\d{6}\.json$/);
    const doc = JSON.parse(readFileSync((await download.path())!, "utf8")) as {
      version: number;
      policies: Array<{ policyName: string; tables: string[] }>;
    };
    expect(doc.version).toBe(1);
    expect(doc.policies.map((p) => p.policyName)).toEqual([NAME]);

    doc.policies[0]!.tables = ["customers", "orders"];
    const file = path.join(TMP, "policies-code-changed.json");
    writeFileSync(file, JSON.stringify(doc, null, 2));

    await page.getByRole("button", { name: "Import" }).click();
    const importDialog = page.getByRole("dialog", { name: "Import policies" });
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      importDialog.getByRole("button", { name: "Choose file" }).click(),
    ]);
    await chooser.setFiles(file);
    const updates = importDialog.getByRole("region", { name: "To update" });
    await updates.getByText(NAME).waitFor();
    await updates
      .getByRole("listitem")
      .filter({ hasText: /orders/ })
      .first()
      .waitFor();
    await importDialog.getByText("1 to update").waitFor();
    await screenshot(page, "policies-code-plan");

    await importDialog.getByRole("button", { name: "Apply" }).click();
    await settled(page);
    await page.getByRole("tooltip").getByRole("button", { name: "Apply" }).click();
    await page.getByText(/Import applied: 0 created, 1 updated, 0 deleted/).waitFor();

    const list = await adminApi<{ items: Array<{ policyName: string; tables: string[]; syncStatus: string }> }>(
      baseUrl,
      token,
      "GET",
      `/acl?search=${encodeURIComponent(NAME)}`,
    );
    expect(list.items[0]).toMatchObject({ tables: ["customers", "orders"], syncStatus: "readyToSync" });
  });

  it("shows every problem of a refused file by path, and Apply stays disabled", async () => {
    const file = path.join(TMP, "policies-code-bad.json");
    writeFileSync(
      file,
      JSON.stringify({
        kind: "PolicySet",
        version: 1,
        policies: [
          {
            policyName: "code e2e bad",
            priority: 1,
            category: "tables",
            catalogName: "hive",
            schemaName: ["sales"],
            tables: ["customers"],
            tablePrivileges: ["SELECT"],
            assignToUsers: ["nobody-at-all"],
          },
        ],
      }),
    );
    await page.goto(`${baseUrl}/policy-management`);
    await page.getByRole("button", { name: "Import" }).click();
    const dialog = page.getByRole("dialog", { name: "Import policies" });
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      dialog.getByRole("button", { name: "Choose file" }).click(),
    ]);
    await chooser.setFiles(file);
    const problems = dialog.getByRole("list", { name: "Problems" });
    await problems.getByText("policies.0.assignToUsers.0").waitFor();
    await problems.getByText("no user is named nobody-at-all").waitFor();
    expect(await dialog.getByRole("button", { name: "Apply" }).isDisabled()).toBe(true);
    await screenshot(page, "policies-code-problems");
  });

  it("plans an Apache Ranger export and lists, per Ranger policy, what could not be mapped", async () => {
    const fixture = new URL("../../apps/server/test/fixtures/ranger/trino-export.json", import.meta.url).pathname;
    await page.goto(`${baseUrl}/policy-management`);
    await page.getByRole("button", { name: "Import" }).click();
    const dialog = page.getByRole("dialog", { name: "Import policies" });
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      dialog.getByRole("button", { name: "Choose file" }).click(),
    ]);
    await chooser.setFiles(fixture);
    await dialog.getByText("Not mapped exactly (imported stricter or not at all)").waitFor();
    await dialog.getByText("tag-based policies are refused: the console has no tag service of Ranger's kind").waitFor();
    await dialog.getByText("policies.11 (pii tag)").waitFor();
    await screenshot(page, "policies-code-ranger");

    // Ranger's Hive policies name databases, not catalogs: the administrator picks the catalog, and the plan follows.
    const planned = dialog
      .getByRole("listitem")
      .filter({ hasText: /^dave customers/ })
      .first();
    await planned.getByText("hive / sales / customers").waitFor();
    await choose(page, "Catalog for Ranger's Hive policies", "iceberg");
    await planned.getByText("iceberg / sales / customers").waitFor();
    await dialog.getByText("schema iceberg.sales does not exist").first().waitFor();
    await screenshot(page, "policies-code-ranger-hive-catalog");
  });
});
