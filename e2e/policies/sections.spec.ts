import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { publishing } from "../support/lock.js";
import { createUser } from "../support/db.js";
import { adminPagePerTest, apiToken } from "../support/session.js";
import { choose, syncApi, syncFromList } from "./main.js";
import { RULES_TOKEN } from "../support/server.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const WATCHER = "pol-watcher";
const WATCHED = "pol-etl";

interface QueryRule {
  user?: string;
  queryOwner?: string;
  allow: string[];
}

async function served(): Promise<{ publication: number; queries: QueryRule[] }> {
  const res = await fetch(`${baseUrl}/trino/rules.json?token=${RULES_TOKEN}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { queries?: QueryRule[] };
  return { publication: Number(res.headers.get("x-publication")), queries: body.queries ?? [] };
}

const ours = (r: QueryRule) => r.user === WATCHER && r.queryOwner === WATCHED;

describe("the rest of Trino's rules, governed from the console", () => {
  let page: Page;
  beforeAll(async () => {
    await createUser(databaseUrl, WATCHER, "Pol-Watcher-Pass-123");
    await createUser(databaseUrl, WATCHED, "Pol-Etl-Pass-12345");
  });
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("a query rule's whole life: created in the wizard, previewed, published, then an earlier publication restored", async () => {
    // Publications are shared: nothing else publishes until this test has restored.
    await publishing(async () => {
      // A publication to come back to, without the rule.
      await syncFromList(page, baseUrl);
      await page.goto(`${baseUrl}/policy-management/new`);
      await page.getByRole("heading", { name: "Create policy" }).waitFor();
      await page.getByLabel("Policy name", { exact: true }).fill("e2e watch etl queries");
      await choose(page, "Category", "Query access");
      await page.getByRole("checkbox", { name: "Run queries" }).uncheck();
      await page.getByRole("checkbox", { name: "See others' queries" }).check();
      await page.getByRole("checkbox", { name: "Kill others' queries" }).check();
      const owners = page.getByRole("combobox", { name: "Queries of", exact: true });
      await owners.fill(WATCHED);
      await page.keyboard.press("Enter");
      await page.keyboard.press("Escape");
      await screenshot(page, "policies-wizard-queries");
      await page.getByRole("button", { name: "Next" }).click();
      await choose(page, "Users", WATCHER, true);
      // Previewed before it is saved: nothing anyone ran depends on it.
      await page.getByRole("button", { name: "Preview", exact: true }).click();
      const drawer = page.getByRole("dialog", { name: /Impact preview/ });
      await drawer.getByText(/No change to anyone's access/).waitFor();
      await drawer.getByRole("button", { name: "Close" }).click();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Policy created").waitFor();
      // Other tests' policies share the list: find ours by name, whatever page it falls on.
      await page.getByRole("button", { name: "Filter" }).click();
      await page.getByLabel("Search by policy name").fill("e2e watch etl queries");
      await page.getByRole("button", { name: "Apply" }).click();
      const row = page.getByRole("row").filter({ hasText: "e2e watch etl queries" });
      await row.getByText("Query access").waitFor();

      // The row expands to what the policy decides (before Sync, which opens the list afresh).
      await row.getByRole("button", { name: /expand/i }).click();
      await page.getByText("What the policy decides").waitFor();
      await screenshot(page, "policies-list-queries");

      const before = await served();
      expect(before.queries.some(ours)).toBe(false);
      await syncFromList(page, baseUrl);
      const after = await served();
      expect(after.queries.find(ours)).toEqual({ user: WATCHER, queryOwner: WATCHED, allow: ["view", "kill"] });

      await page.goto(`${baseUrl}/policy-management/publications`);
      await page.getByRole("heading", { name: "Publications" }).waitFor();
      await choose(page, "From", `Publication ${before.publication}`);
      await choose(page, "To", `Publication ${after.publication}`);
      await page.getByText("Query rules").waitFor();
      await page.getByRole("button", { name: `Restore publication ${before.publication}` }).click();
      const confirm = page
        .getByRole("dialog")
        .filter({ hasText: `Publication ${before.publication} will be published again` });
      await confirm.getByRole("button", { name: "Confirm" }).click();
      await page.getByText(new RegExp(`Publication ${before.publication} restored as publication \\d+`)).waitFor();
      const restored = await served();
      expect(restored.publication).toBeGreaterThan(after.publication);
      expect(restored.queries.some(ours)).toBe(false);
    });
  }, 120_000);

  it("Test access: decides what a user may do under the publication in force, naming the rule and its policy", async () => {
    await syncApi(baseUrl, await apiToken(baseUrl));
    await page.goto(`${baseUrl}/policy-management`);
    await page.getByRole("button", { name: "Test access" }).click();
    await page.getByRole("heading", { name: "Test access" }).waitFor();
    await choose(page, "User", WATCHER);
    await choose(page, "Operation", "ExecuteQuery");
    await page.getByRole("button", { name: "Test", exact: true }).click();
    const decision = page.getByRole("region", { name: "Decision" });
    await decision.getByText("Allowed", { exact: true }).waitFor();
    await decision.getByText(/^queries, rule \d+$/).waitFor();
    await decision.getByText("Everyone runs queries (the console's default)").waitFor();

    // Any name, with groups, under a rules file the administrator uploads.
    await page.getByRole("radio", { name: "A rules file" }).check();
    await page.locator("input[type=file]").setInputFiles({
      name: "rules.json",
      mimeType: "application/json",
      buffer: Buffer.from(
        JSON.stringify({ impersonation: [{ original_user: "superset", new_user: "alice", allow: true }] }),
      ),
    });
    await page.getByText("rules.json").waitFor();
    await page.getByRole("radio", { name: "Any name, with groups" }).check();
    await page.getByRole("textbox", { name: "User name" }).fill("superset");
    await choose(page, "Operation", "ImpersonateUser");
    await page.getByRole("textbox", { name: "Other user" }).fill("bob");
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await decision.getByText("Denied", { exact: true }).waitFor();
    await decision.getByText(/impersonation: no rule matched, so it is denied/).waitFor();
    await screenshot(page, "policies-test-access");
  }, 90_000);
});
