import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { signInOverHttp } from "../../scripts/lib/sign-in.mjs";
import { launchBrowser, newPage } from "./browser.js";
import { ADMIN_PASSWORD } from "./server.js";

export { ADMIN_PASSWORD };

/** Signs in through the console's login page, as a person does. */
export async function signInAs(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The callback returns to "/", which sends the user on to their landing page.
  await page.waitForURL(
    (url) => url.pathname !== "/" && !url.pathname.startsWith("/interaction") && !url.pathname.startsWith("/login"),
  );
}

/** Runs `run` in a fresh browser context signed in as the user, and closes the context after. */
export async function asUser(
  browser: Browser,
  baseUrl: string,
  user: { username: string; password: string },
  run: (page: Page) => Promise<void>,
): Promise<void> {
  const { context, page } = await newPage(browser);
  try {
    await signInAs(page, baseUrl, user.username, user.password);
    await run(page);
  } catch (err) {
    // What the screen showed when the step failed: the address and the start of its text.
    if (err instanceof Error) err.message += `\n  ${user.username} was on ${page.url()}: ${await pageText(page)}`;
    throw err;
  } finally {
    await context.close();
  }
}

async function pageText(page: Page): Promise<string> {
  const text = await page.evaluate(() => document.body.innerText).catch((e: Error) => `(unreadable: ${e.message})`);
  return JSON.stringify(text.replace(/\s+/g, " ").slice(0, 400));
}

/**
 * Opens the user menu in the header and waits until it has finished zooming in: a click on one
 * of its buttons while it still moves can land beside the button, outside the menu, which then
 * closes and nothing happens (seen with Logout and My access on a fast machine).
 */
export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("button", { name: /Logout$/ }).waitFor();
  await settled(page);
}

/**
 * Opens My access from the user menu, as any signed-in user does. Under the suite's load a click
 * in the menu has, now and then, not opened the screen (seen in a few full runs, never twice
 * in a row); a person would open the menu and click again, and so does this, once, saying so.
 */
export async function openMyAccess(page: Page): Promise<void> {
  const item = page.getByRole("button", { name: "My access" });
  for (let attempt = 1; ; attempt++) {
    // Again: the menu may still be open (a click on its button would close it).
    if (!(await item.isVisible())) await openUserMenu(page);
    await item.click();
    try {
      await page.waitForURL((url) => url.pathname === "/my-access", { timeout: 10_000 });
      break;
    } catch (err) {
      if (attempt > 1) throw err;
      console.warn(
        `My access did not open from the user menu; again. The screen: ${page.url()} ${await pageText(page)}`,
      );
    }
  }
  await page.getByRole("heading", { name: "My access" }).waitFor();
}

export async function expectVisible(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: "visible" });
  expect(await page.getByText(text).first().isVisible()).toBe(true);
}

/**
 * Waits until what is opening has opened: every finite animation of the page (a dialog or a
 * confirmation zooming in) has finished. A click during one can land beside its moving target
 * and do nothing, as a person's would. Endless ones (spinners) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // An overlay inserted by the last action starts its animation on the next frames.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * The "Are you sure?" confirmation, once it has finished opening. A click while it still zooms
 * in can land beside its moving button and do nothing, as a person's would.
 */
export async function confirmation(page: Page): Promise<Locator> {
  const dialog = page.getByRole("dialog").filter({ hasText: "Are you sure?" });
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  return dialog;
}

/** Closes every toast, as a person does when one covers what they want to click next. */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.getByRole("status").filter({ has: page.getByRole("button", { name: "Close" }) });
  await expect
    .poll(
      async () => {
        const open = await toasts.count();
        // A toast on its way out may go before the click lands; the next poll looks again.
        if (open > 0) {
          await toasts
            .last()
            .getByRole("button", { name: "Close" })
            .click({ timeout: 1000 })
            .catch(() => {});
          // A pointer resting on a toast keeps the others from closing: move it aside.
          await page.mouse.move(0, 0);
        }
        return open;
      },
      { timeout: 15_000 },
    )
    .toBe(0);
}

/**
 * The hooks most browser tests share: one browser for the block and, for each test, a fresh
 * profile signed in as the administrator, then `prepare` (permissions, the screen to open).
 * Each test's page is handed to `use`; the profile is closed after the test.
 */
export function adminPagePerTest(
  baseUrl: string,
  use: (page: Page) => void,
  prepare?: (page: Page) => Promise<void>,
): void {
  let browser: Browser;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ page } = await newPage(browser));
    use(page);
    await signInAs(page, baseUrl, "admin", ADMIN_PASSWORD);
    await prepare?.(page);
  });
  afterEach(() => page?.context().close());
}

/** Signs in over HTTP, as the web app does, and returns the access token (to seed data through the API). */
export const apiToken = (baseUrl: string, username = "admin", password = ADMIN_PASSWORD): Promise<string> =>
  signInOverHttp(baseUrl, username, password);
