import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "../support/browser.js";
import { createUser } from "../support/db.js";
import { ROOT } from "../support/server.js";
import { ADMIN_PASSWORD, apiToken, signInAs } from "../support/session.js";
import { adminApi } from "../users/main.js";
import { syncApi } from "../policies/main.js";
import { settled, useTheme, violations, type Theme } from "./main.js";
import { A11Y_GROUP, OVERLAYS, prepareOverlays, searchTheLog } from "./overlays.js";
import { buttonStates } from "./states.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const REQUESTER = "a11y-req";

/**
 * Every path the console's features declare (apps/web/src/features/x/routes.tsx), written there
 * as a string, as the file's own `PATH`, or as a name from a links.ts (`path: settingsPaths.menu`).
 */
function declaredPaths(): string[] {
  const dir = path.join(ROOT, "apps/web/src/features");
  const read = (feature: string, file: string) => {
    const f = path.join(dir, feature, file);
    return fs.existsSync(f) ? fs.readFileSync(f, "utf8") : "";
  };
  const features = fs.readdirSync(dir);
  // Every `export const xPaths = { key: "..." }` of every feature's links.ts, by "xPaths.key".
  const named = new Map<string, string>();
  for (const feature of features)
    for (const [, object, body] of read(feature, "links.ts").matchAll(/const (\w+Paths) = \{([^}]*)\}/g))
      for (const [, key, value] of body!.matchAll(/(\w+):\s*"([^"]+)"/g)) named.set(`${object}.${key}`, value!);
  return features.flatMap((feature) => {
    const routes = read(feature, "routes.tsx");
    const own = routes.match(/const PATH = "([^"]+)"/)?.[1] ?? "unresolved PATH";
    return [...routes.matchAll(/path:\s*(?:"([^"]+)"|(PATH)\b|(\w+Paths\.\w+))/g)].map(
      (m) => m[1] ?? (m[2] ? own : (named.get(m[3]!) ?? `unresolved ${m[3]}`)),
    );
  });
}

// A sweep of every screen takes a minute or two while the other browser tests run beside it.
describe("WCAG 2.1 AA on every screen, in both themes (axe-core)", { timeout: 600_000 }, () => {
  let browser: Browser;
  let page: Page;
  /** Route pattern -> the address visited for it. */
  const visits = new Map<string, string>();

  beforeAll(async () => {
    await createUser(databaseUrl, REQUESTER, "A11y-Req-Pass-123");
    const token = await apiToken(baseUrl);
    const policy = await adminApi<{ id: number }>(baseUrl, token, "POST", "/acl/add", {
      policyName: "a11y policy",
      category: "tables",
      catalogName: "hive",
      schemaName: ["sales"],
      tables: ["orders"],
      tablePrivileges: ["SELECT"],
      assignToUsers: [REQUESTER],
    });
    const requester = await apiToken(baseUrl, REQUESTER, "A11y-Req-Pass-123");
    const request = await adminApi<{ id: number }>(baseUrl, requester, "POST", "/acl/requests", {
      catalogName: "hive",
      schemaName: "sales",
      tableName: "customers",
    });
    // A review of the requester's table, reviewed by the administrator, for the review screens
    // (a review reads the publication in force).
    await syncApi(baseUrl, token);
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const review = await adminApi<{ id: number }>(baseUrl, token, "POST", "/access-reviews", {
      name: "a11y review",
      scope: { tables: ["hive.sales.orders"] },
      reviewers: { users: ["admin"] },
      dueDate: due,
      unanswered: "keep",
    });
    await prepareOverlays(baseUrl, token);
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
    // A component's pod, as the components screen links to it.
    await page.goto(`${baseUrl}/components`);
    const pod = page.getByRole("link", { name: /^trino-coordinator-/ }).first();
    const podHref = (await pod.getAttribute("href", { timeout: 30_000 })) ?? "";
    const entries: Array<[string, string]> = [
      ["/home", "/home"],
      ["/components", "/components"],
      ["/components/podlogs/:component/:podName", podHref],
      ["/hosts/:id", "/hosts/master-01"],
      ["/hosts/podlogs/:host/:podName", "/hosts/podlogs/master-01/etcd-master-01"],
      ["/home/cdc", "/home/cdc"],
      ["/components/cdc", "/components/cdc"],
      ["/home/cdc/new", "/home/cdc/new"],
      ["/components/cdc/new", "/components/cdc/new"],
      ["/audits", "/audits"],
      ["/user-management", "/user-management"],
      ["/policy-management", "/policy-management"],
      ["/policy-management/new", "/policy-management/new"],
      ["/policy-management/:id/edit", `/policy-management/${policy.id}/edit`],
      ["/policy-management/:id/review", `/policy-management/${request.id}/review`],
      ["/policy-management/publications", "/policy-management/publications"],
      ["/policy-management/what-can-see", "/policy-management/what-can-see"],
      ["/policy-management/test-access", "/policy-management/test-access"],
      ["/policy-management/who-can-see", "/policy-management/who-can-see?catalog=hive&schema=sales&table=orders"],
      ["/policy-management/access-reviews", "/policy-management/access-reviews"],
      ["/policy-management/access-reviews/:id", `/policy-management/access-reviews/${review.id}`],
      ["/my-reviews", "/my-reviews"],
      ["/insights", "/insights"],
      ["/my-access", "/my-access"],
      ["/client-configuration", "/client-configuration"],
      ["/settings", "/settings"],
      ["/settings/menu", "/settings/menu"],
      ["/settings/component", "/settings/component"],
      ["/settings/secrets", "/settings/secrets"],
      ["/settings/licenses", "/settings/licenses"],
    ];
    for (const [pattern, url] of entries) visits.set(pattern, url);
  });
  afterAll(() => browser?.close());

  it("visits every route the features declare", () => {
    expect(podHref(visits)).toMatch(/^\/components\/podlogs\/trino\/trino-coordinator-/);
    expect([...visits.keys()].sort()).toEqual([...new Set(declaredPaths())].sort());
  });

  for (const theme of ["light", "dark"] as Theme[]) {
    it(`finds no WCAG 2.1 A/AA violation on any screen in the ${theme} theme`, async () => {
      await useTheme(page, theme);
      const found: string[] = [];
      for (const [pattern, url] of visits) {
        await page.goto(`${baseUrl}${url}`);
        await settled(page);
        const here = await violations(page, `${theme} ${pattern}`);
        if (here.length) await screenshot(page, `a11y-${theme}-${pattern.replace(/[/:]+/g, "-")}`);
        found.push(...here);
      }
      // The sign-in screen, signed out in a fresh profile of the same browser.
      const { context, page: login } = await newPage(browser);
      await login.goto(`${baseUrl}/login`);
      await useTheme(login, theme);
      await login.reload();
      await login.getByLabel("Username").waitFor();
      found.push(...(await violations(login, `${theme} /login`)));
      await context.close();
      if (found.length) console.error(`${found.length} accessibility violations:\n${found.join("\n")}`);
      expect(found).toEqual([]);
    });
  }

  for (const theme of ["light", "dark"] as Theme[]) {
    it(`finds no violation in the menus, popovers, dialogs and drawers in the ${theme} theme; Escape closes them`, async () => {
      await useTheme(page, theme);
      const found: string[] = [];
      for (const { where, prepare, opener: openerOf, dialog } of OVERLAYS) {
        await page.goto(`${baseUrl}${where}`);
        await settled(page);
        await prepare?.(page);
        const opener = openerOf(page);
        // Opened from the keyboard: focus on its button, Enter.
        await opener.focus();
        await page.keyboard.press("Enter");
        const open = dialog
          ? page.getByRole("dialog", { name: dialog })
          : page
              .locator(".ant-popover:visible, .ant-dropdown:visible, .ant-modal-wrap:visible, .ant-drawer-open")
              .first();
        await open.waitFor();
        await settled(page);
        const label = `${theme} ${where} ${dialog ?? (await opener.textContent())}`;
        found.push(...(await violations(page, label)));
        await page.keyboard.press("Escape");
        await open.waitFor({ state: "hidden" });
        if (dialog) {
          // Focus goes back to the button that opened it.
          await expect
            .poll(() => opener.evaluate((el) => el === document.activeElement), { message: label })
            .toBe(true);
        }
      }
      // The log viewer while it searches.
      await page.goto(`${baseUrl}${podHref(visits)}`);
      await settled(page);
      await searchTheLog(page);
      await settled(page);
      found.push(...(await violations(page, `${theme} log viewer searching`)));
      if (found.length) console.error(`${found.length} accessibility violations:\n${found.join("\n")}`);
      expect(found).toEqual([]);
    });
  }

  for (const theme of ["light", "dark"] as Theme[]) {
    it(`finds no violation on primary, default and danger buttons hovered and focused in the ${theme} theme`, async () => {
      await useTheme(page, theme);
      const found: string[] = [];
      // A review page has all three in its header: Cancel, Reject (danger) and Approve (primary).
      const review = visits.get("/policy-management/:id/review")!;
      await page.goto(`${baseUrl}${review}`);
      await settled(page);
      for (const name of ["Cancel", "Reject", "Approve"])
        found.push(...(await buttonStates(page, page.getByRole("button", { name, exact: true }), `${theme} ${name}`)));
      // A filled danger button: the confirmation of a deletion.
      await page.goto(`${baseUrl}/user-management`);
      await page.getByRole("tab", { name: "Groups" }).click();
      await page.getByRole("button", { name: `Delete group ${A11Y_GROUP}` }).click();
      const dialog = page.getByRole("dialog");
      for (const name of ["Confirm", "Cancel"])
        found.push(...(await buttonStates(page, dialog.getByRole("button", { name }), `${theme} dialog ${name}`)));
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      if (found.length) console.error(`${found.length} accessibility violations:\n${found.join("\n")}`);
      expect(found).toEqual([]);
    });
  }
});

const podHref = (visits: Map<string, string>) => visits.get("/components/podlogs/:component/:podName");
