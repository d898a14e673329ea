import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { writeAudit, type AuditEntry } from "../../apps/server/src/platform/audit.js";
import { withDb } from "../support/db.js";
import { TMP } from "../support/server.js";

import { trinoCompleted } from "../../apps/server/test/audit-payloads.js";

export { minioEntry, trinoCompleted } from "../../apps/server/test/audit-payloads.js";

/**
 * A query Trino refused while analysing it, as its event listener reports it: no inputs, the
 * PERMISSION_DENIED code and the access-denied message (`Cannot select from columns [..] in table
 * or view c.s.t`).
 */
export function trinoRefused(queryId: string, opts: { user: string; query: string; columns: string[]; table: string }) {
  const e = trinoCompleted(queryId, { user: opts.user, failed: true, at: new Date().toISOString(), query: opts.query });
  return {
    ...e,
    ioMetadata: { inputs: [] },
    failureInfo: {
      errorCode: { code: 4, name: "PERMISSION_DENIED", type: "USER_ERROR" },
      failureType: "io.trino.spi.security.AccessDeniedException",
      failureMessage: `Access Denied: Cannot select from columns [${opts.columns.join(", ")}] in table or view ${opts.table}`,
    },
  };
}

/** The ingest tokens the console generated for its sandbox (kept in its data folder). */
export function ingestTokens(): { trino: string; minio: string } {
  return JSON.parse(fs.readFileSync(path.join(TMP, "console-data", "ingest-tokens.json"), "utf8")) as {
    trino: string;
    minio: string;
  };
}

/** Posts events as Trino's HTTP event listener does (one event per request). */
export async function postTrino(baseUrl: string, events: unknown[]): Promise<void> {
  const token = ingestTokens().trino;
  for (const e of events) {
    const res = await fetch(`${baseUrl}/admin-api/api/v1/ingest/trino`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Trino-Ingest-Token": token },
      body: JSON.stringify(e),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

/** Posts a newline-delimited batch as MinIO's audit webhook does. */
export async function postMinio(baseUrl: string, entries: unknown[]): Promise<void> {
  const res = await fetch(`${baseUrl}/admin-api/api/v1/ingest/minio`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: ingestTokens().minio },
    body: entries.map((e) => JSON.stringify(e)).join("\n"),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Appends events to the audit trail the way the console's modules do (chained, in a transaction). */
export async function trailEvents(databaseUrl: string, entries: AuditEntry[]): Promise<void> {
  await withDb(databaseUrl, async (c) => {
    await c.query("BEGIN");
    try {
      for (const e of entries)
        await writeAudit({ query: (sql, params) => c.query(sql, params as unknown[]) as never }, e);
      await c.query("COMMIT");
    } catch (err) {
      await c.query("ROLLBACK");
      throw err;
    }
  });
}

export async function openAudits(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/audits`);
  await page.getByRole("heading", { name: "Audits" }).waitFor();
  await page.getByRole("tab").first().waitFor();
}

/** Chooses an auditable component, then one of its tabs. */
export async function openTab(page: Page, component: string, tab: string): Promise<void> {
  const box = page.getByRole("combobox", { name: "Component" });
  await box.click();
  await box.fill(component);
  await page.locator(".ant-select-item-option").filter({ hasText: component }).first().click();
  await page.getByRole("tab", { name: tab }).click();
  await page.getByRole("tab", { name: tab, selected: true }).waitFor();
}

export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const box = page.getByRole("combobox", { name: label });
  await box.click();
  await box.fill(option);
  await page.keyboard.press("Enter");
}

/** The table's column headers, in order. */
export async function headers(page: Page): Promise<string[]> {
  const cells = await page.getByRole("columnheader").allInnerTexts();
  return cells.map((c) => c.trim()).filter(Boolean);
}

export const rowOf = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

/** Data rows of the table (not the header). */
export const dataRows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");

export async function openFilter(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByRole("button", { name: "Apply" }).waitFor();
}

export async function apply(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Apply" }).click();
}

/** Waits for the error toast with this sentence. */
export async function toast(page: Page, sentence: string): Promise<void> {
  await page.getByRole("alert").filter({ hasText: sentence }).first().waitFor();
}
