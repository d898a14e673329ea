import { lazy, type ComponentType } from "react";
import { loadTexts, type TextsName } from "../i18n";

/**
 * A route's screen, loaded when first shown: its code and the texts it names arrive together,
 * so the screen never renders before its texts (no raw key shows). i18n/texts.test.ts checks
 * that each screen names every text file it uses.
 */
export function screen(texts: TextsName[], load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => Promise.all([load(), loadTexts(...texts)]).then(([page]) => page));
}
