import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** The WCAG 2.1 level A and AA rules of axe-core: what the console claims to meet. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export type Theme = "light" | "dark";

/** Chooses the theme as the user menu's switch does (it is kept in the browser's storage). */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((dark) => localStorage.setItem("isDarkMode", String(dark)), theme === "dark");
}

/** Waits until the screen has drawn what it loads: no spinner, no animation still running. */
export async function settled(page: Page): Promise<void> {
  await page.locator("main").first().waitFor();
  await page
    .locator(".ant-spin-spinning, .ant-skeleton-active")
    .first()
    .waitFor({ state: "detached", timeout: 15_000 })
    .catch(() => {}); // a spinner that stays (a live log) is checked as it is
  await page.evaluate(() => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined));
    return Promise.race([Promise.all(finite), new Promise((done) => setTimeout(done, 2000))]);
  });
}

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the page (or only on what `within` selects); returns one
 * readable line per failing element.
 */
export async function violations(page: Page, where: string, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${where}: [${v.id}] ${n.target.join(" ")}\n    ${v.help}\n    ${(n.failureSummary ?? "").replace(/\n/g, "\n    ")}`,
    ),
  );
}
