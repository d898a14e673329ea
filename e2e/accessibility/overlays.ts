import type { Locator, Page } from "playwright-core";
import { apply, openFilter, openTab, postTrino, trinoRefused } from "../audits/main.js";
import { adminApi } from "../users/main.js";

/** A query of the administrator's that Trino refused: the Explain drawer and the request form open from it. */
export const DENIED_QUERY_ID = `20260301_090000_00042_a11y${Date.now().toString(36)}`;
export const A11Y_GROUP = "a11y group";

/**
 * Something that opens over a screen, scanned while open: where, what to do first, the button
 * that opens it, and, for a dialog or drawer, its name (it must close with Escape and give focus
 * back to its button).
 */
export interface Overlay {
  where: string;
  prepare?: (page: Page) => Promise<void>;
  opener: (page: Page) => Locator;
  dialog?: string;
}

const button = (name: string | RegExp) => (page: Page) => page.getByRole("button", { name }).first();

export const OVERLAYS: Overlay[] = [
  { where: "/home", opener: button(/user menu$/) },
  { where: "/home", opener: button(/^Quick launch$/) },
  // The hosts table's page-size menu (the home tables' own pager).
  { where: "/home", opener: button("10 / page") },
  { where: "/policy-management", opener: button(/Filter$/) },
  { where: "/policy-management", opener: button(/Sync$/), dialog: "Publish the policies to Trino" },
  { where: "/policy-management", opener: button(/Preview$/), dialog: "Impact preview" },
  { where: "/policy-management", opener: button(/Export as code$/), dialog: "Export policies as code" },
  { where: "/policy-management", opener: button(/(^|\s)Import$/), dialog: "Import policies" },
  { where: "/audits", opener: button(/Filter$/) },
  {
    where: "/audits",
    // Other browser tests post queries to the same console: only the administrator's, so it is on the first page.
    prepare: async (page) => {
      await openTab(page, "Trino", "Query Events");
      await openFilter(page);
      await page.getByLabel("Username").fill("admin");
      await apply(page);
      await page.getByRole("button", { name: `Explain query ${DENIED_QUERY_ID}` }).waitFor();
    },
    opener: button(`Explain query ${DENIED_QUERY_ID}`),
    dialog: `Why? Query ${DENIED_QUERY_ID}`,
  },
  {
    where: "/user-management",
    prepare: async (page) => {
      await page.getByRole("tab", { name: "Groups" }).click();
      await page.getByRole("tab", { name: "Groups", selected: true }).waitFor();
    },
    opener: button(`Update users of ${A11Y_GROUP}`),
    dialog: "add users",
  },
  {
    where: "/my-access",
    prepare: (page) => page.getByRole("button", { name: new RegExp(DENIED_QUERY_ID) }).click(),
    opener: button("Request access to hive.sales.orders"),
    dialog: "Request access",
  },
];

/** What the overlays need: a denied query of the administrator's and a group. */
export async function prepareOverlays(baseUrl: string, token: string): Promise<void> {
  await adminApi(baseUrl, token, "POST", "/groups", { name: A11Y_GROUP });
  await postTrino(baseUrl, [
    trinoRefused(DENIED_QUERY_ID, {
      user: "admin",
      query: "SELECT id, status FROM hive.sales.orders",
      columns: ["id", "status"],
      table: "hive.sales.orders",
    }),
  ]);
}

/** The log viewer while it searches: matches marked, the match count, only the matching lines. */
export async function searchTheLog(page: Page): Promise<void> {
  const box = page.getByRole("textbox", { name: "Search the log" });
  await box.fill("INFO");
  await page
    .getByText(/^\d+ of \d+$/)
    .first()
    .waitFor();
  await page.getByRole("switch", { name: "Matching lines only" }).click();
}
