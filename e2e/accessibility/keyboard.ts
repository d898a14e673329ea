import type { Locator, Page } from "playwright-core";

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (Shift+Tab going back) until `target` has focus; fails when it is not reached. */
export async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < (opts.max ?? 80); i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(opts.back ? "Shift+Tab" : "Tab");
  }
  if (!(await isFocused(target))) throw new Error(`the keyboard did not reach ${target.toString()}`);
}

/**
 * Moves with the arrow key through a menu until the item named `name` has focus, then opens it.
 * The menu moves focus a moment after the key (a React update): each step waits until focus has
 * left the element it was on and rests on a menu item, and reads that item, not the one before.
 */
export async function arrowToAndEnter(page: Page, name: string, max = 20): Promise<void> {
  for (let i = 0; i < max; i++) {
    const before = await page.evaluateHandle(() => document.activeElement);
    await page.keyboard.press("ArrowDown");
    const moved = await page
      .waitForFunction(
        (prev) => {
          const el = document.activeElement;
          return el !== prev && el?.getAttribute("role") === "menuitem" ? el.textContent?.trim() : false;
        },
        before,
        { timeout: 5_000 },
      )
      .then((h) => h.jsonValue() as Promise<string>)
      .catch(() => null);
    await before.dispose();
    if (moved === null) {
      const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? "nothing");
      throw new Error(`the arrow key did not move focus to a menu item on the way to ${name}; focus is on ${at}`);
    }
    if (moved === name) return page.keyboard.press("Enter");
  }
  throw new Error(`the arrow keys did not reach the menu item ${name}`);
}

/** Picks in a searchable select by typing and Enter, as a keyboard user does; Escape closes a multiple one. */
export async function typeAndPick(page: Page, box: Locator, option: string, many = false): Promise<void> {
  await tabTo(page, box);
  await page.keyboard.type(option);
  await page.locator(".ant-select-dropdown:visible").getByTitle(option).first().waitFor();
  await page.keyboard.press("Enter");
  if (many) await page.keyboard.press("Escape");
}

/** Where keyboard focus is: its accessible name as the browser's accessibility tree gives it. */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return (el?.getAttribute("aria-label") ?? el?.innerText ?? "").trim();
  });
}

/** Whether the focused element draws a visible focus indicator (an outline or a box shadow). */
export async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const s = getComputedStyle(el);
    return (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== "none";
  });
}
