import { cleanup } from "@testing-library/react";
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
