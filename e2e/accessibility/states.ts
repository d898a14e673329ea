import type { Locator, Page } from "playwright-core";
import { settled, violations } from "./main.js";

const MARK = "data-a11y-state";

/** What a button draws: its text colour, fill and border (a hover or a focus changes some of them). */
const drawn = (button: Locator) =>
  button.evaluate((el) => {
    const s = getComputedStyle(el);
    return `${s.color} on ${s.backgroundColor}, border ${s.borderColor}, outline ${s.outlineStyle}, shadow ${s.boxShadow}`;
  });

/**
 * Scans one button at rest, hovered and focused from the keyboard (axe-core measures the colours
 * the button draws at that moment). Returns the violations, and fails if hovering or focusing
 * changes nothing, as the scan would then have looked at the resting button twice.
 */
export async function buttonStates(page: Page, button: Locator, where: string): Promise<string[]> {
  await button.waitFor();
  await button.evaluate((el, mark) => el.setAttribute(mark, ""), MARK);
  const found: string[] = [];
  try {
    await page.mouse.move(0, 0);
    await settled(page);
    const rest = await drawn(button);
    found.push(...(await violations(page, `${where} at rest`, `[${MARK}]`)));
    await button.hover();
    await settled(page);
    const hovered = await drawn(button);
    if (hovered === rest) throw new Error(`${where}: hovering changed nothing (${rest})`);
    found.push(...(await violations(page, `${where} hovered`, `[${MARK}]`)));
    await page.mouse.move(0, 0);
    // Focus as the keyboard gives it (after a key press the browser draws the focus ring).
    await page.keyboard.press("Shift");
    await button.focus();
    await settled(page);
    const focused = await drawn(button);
    if (focused === rest) throw new Error(`${where}: focusing changed nothing (${rest})`);
    found.push(...(await violations(page, `${where} focused`, `[${MARK}]`)));
  } finally {
    await button.evaluate((el, mark) => el.removeAttribute(mark), MARK).catch(() => undefined);
  }
  return found;
}
