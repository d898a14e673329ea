import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { allTextsNames, loadTexts } from "../i18n";

// Tests render screens and their parts directly, without the routes that load their texts.
await loadTexts(...allTextsNames);

// antd reads these browser APIs, which happy-dom leaves out.
if (!window.matchMedia)
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;

afterEach(() => cleanup());

// An Ant Design dialog or drawer can take seconds to draw on a loaded two-core machine: wait
// for what a test looks for up to 10 s (a wait, not a timing; it ends as soon as it is there).
configure({ asyncUtilTimeout: 10_000 });
