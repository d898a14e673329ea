import { expect } from "vitest";
import type { Page } from "playwright-core";
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

export async function expectVisible(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: "visible" });
  expect(await page.getByText(text).first().isVisible()).toBe(true);
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
