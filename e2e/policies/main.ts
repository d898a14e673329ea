import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { publishing } from "../support/lock.js";
import { RULES_TOKEN } from "../support/server.js";
import { adminApi } from "../users/main.js";

/** Picks an option of a select the way a keyboard user does: type, then Enter. */
export async function choose(page: Page, label: string, option: string, many = false): Promise<void> {
  const box = page.getByRole("combobox", { name: label, exact: true });
  await box.click();
  await box.fill(option);
  // Options may still be loading (Trino, the data catalogue): wait until the typed one is offered.
  await page.locator(".ant-select-dropdown:visible").getByTitle(option).first().waitFor();
  await page.keyboard.press("Enter");
  if (many) await page.keyboard.press("Escape");
}

export interface Step1 {
  name: string;
  category: string;
  catalog: string;
  schema?: string;
  tables?: string[];
  tags?: string[];
  tagLabel?: "Tags" | "Glossary terms";
  privileges?: string[];
  access?: string;
}

/** Opens the wizard and fills policy details, then goes to the next step. */
export async function fillDetails(page: Page, baseUrl: string, s: Step1): Promise<void> {
  await page.goto(`${baseUrl}/policy-management/new`);
  await page.getByRole("heading", { name: "Create policy" }).waitFor();
  await page.getByLabel("Policy name", { exact: true }).fill(s.name);
  await choose(page, "Category", s.category);
  await choose(page, "Catalog", s.catalog);
  if (s.schema) await choose(page, "Schema", s.schema, s.category === "Schema");
  for (const t of s.tables ?? []) await choose(page, "Tables", t, true);
  for (const t of s.tags ?? []) await choose(page, s.tagLabel ?? "Tags", t, true);
  for (const p of s.privileges ?? []) await page.getByRole("checkbox", { name: p, exact: true }).check();
  const next = page.getByRole("button", { name: "Next" });
  await expect.poll(() => next.isEnabled(), { timeout: 10_000 }).toBe(true);
  await next.click();
  // The config (access level) is part of the access controls, step 4 (spec).
  if (s.access) await choose(page, "Access", s.access);
}

/**
 * Steps through the wizard to its last step, where Preview shows. Next checks each step
 * first, then moves on, so the click is retried until the step changes.
 */
export async function toLastStep(page: Page): Promise<void> {
  const preview = page.getByRole("button", { name: "Preview", exact: true });
  const next = page.getByRole("button", { name: "Next" });
  await expect
    .poll(
      async () => {
        if (await preview.isVisible()) return true;
        await next.click({ timeout: 2_000 }).catch(() => undefined);
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Opens Sync when it would take access away: the dialog says who loses access, and Publish
 * stays disabled until the confirmation is ticked.
 */
export async function openSyncThatDenies(page: Page): Promise<{ dialog: Locator; publish: Locator; confirm: Locator }> {
  await page.getByRole("button", { name: "Sync" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish the policies to Trino" });
  await dialog.getByText(/loses? access to/).waitFor();
  const publish = dialog.getByRole("button", { name: "Publish" });
  const confirm = dialog.getByRole("checkbox", { name: /access becomes denied/ });
  await confirm.waitFor();
  expect(await publish.isEnabled()).toBe(false);
  return { dialog, publish, confirm };
}

/** Ticks Sync's confirmation that access becomes denied, then publishes. */
export async function confirmAndPublish(page: Page, sync: { publish: Locator; confirm: Locator }): Promise<void> {
  await sync.confirm.check();
  await expect.poll(() => sync.publish.isEnabled(), { timeout: 15_000 }).toBe(true);
  await sync.publish.click();
  await page.getByText(/Synced: publication \d+ is in force/).waitFor();
}

/** The last step: assign a user and save; the list comes back. */
export async function assignAndSave(page: Page, username: string): Promise<void> {
  await choose(page, "Users", username, true);
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("Policy created").waitFor();
  await page.getByRole("heading", { name: "Policy Management" }).waitFor();
}

export interface Rules {
  catalogs: Array<Record<string, unknown>>;
  tables: Array<{
    user?: string;
    catalog?: string;
    schema?: string;
    table?: string;
    privileges: string[];
    columns?: unknown[];
    filter?: string;
  }>;
}

export async function servedRules(baseUrl: string): Promise<Rules> {
  const res = await fetch(`${baseUrl}/trino/rules.json?token=${RULES_TOKEN}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Rules;
}

/** Checks "what can this user see" for a table and returns the result card. */
export async function whatCanSee(
  page: Page,
  baseUrl: string,
  user: string,
  catalog: string,
  schema: string,
  table: string,
) {
  await page.goto(`${baseUrl}/policy-management/what-can-see`);
  await page.getByRole("heading", { name: "What can this user see" }).waitFor();
  await choose(page, "User", user);
  await choose(page, "Catalog", catalog);
  await choose(page, "Schema", schema);
  await choose(page, "Table", table);
  await page.getByRole("button", { name: "Check" }).click();
  await page.getByText(`What ${user} can see`).waitFor();
}

/** The served rules with the ETag and publication number they were served with. */
export async function servedWithEtag(baseUrl: string): Promise<{ rules: Rules; etag: string; publication: number }> {
  const res = await fetch(`${baseUrl}/trino/rules.json?token=${RULES_TOKEN}`);
  expect(res.status).toBe(200);
  return {
    etag: res.headers.get("etag") ?? "",
    publication: Number(res.headers.get("x-publication")),
    rules: (await res.json()) as Rules,
  };
}

/** Sync from the policy list: the confirmation shows what will be published, then Publish. */
export async function syncFromList(page: Page, baseUrl: string): Promise<void> {
  await publishing(async () => {
    await page.goto(`${baseUrl}/policy-management`);
    await page.getByRole("button", { name: "Sync" }).click();
    const dialog = page.getByRole("dialog", { name: "Publish the policies to Trino" });
    const publish = dialog.getByRole("button", { name: "Publish" });
    // When access becomes denied (another test's change), Sync asks to confirm it.
    const confirm = dialog.getByRole("checkbox", { name: /access becomes denied/ });
    await expect
      .poll(
        async () => {
          if (await confirm.isVisible()) await confirm.check();
          return publish.isEnabled();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await publish.click();
    await page.getByText(/Synced: publication \d+ is in force/).waitFor();
  });
}

/** Sync through the API, holding the publishing lock as every publishing test does. */
export async function syncApi(baseUrl: string, token: string): Promise<void> {
  await publishing(() => adminApi(baseUrl, token, "PUT", "/acl/sync"));
}

/** The first publication whose table rules pass `test` (other test files publish too, in parallel). */
export async function firstPublicationWith(
  baseUrl: string,
  token: string,
  test: (rule: Rules["tables"][number]) => boolean,
): Promise<number> {
  const get = async <T>(path: string) => {
    const res = await fetch(`${baseUrl}/admin-api/api/v1/acl${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  const { items } = await get<{ items: Array<{ number: number }> }>("/publications");
  for (const n of items.map((p) => p.number).sort((a, b) => a - b))
    if ((await get<{ rules: Rules }>(`/publications/${n}`)).rules.tables.some(test)) return n;
  throw new Error("no publication has the rule");
}
