// @vitest-environment happy-dom
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../test/render";
import { usePrefersReducedMotion } from "./reducedMotion";
import { appTheme } from "./theme";

/** A system setting the test can change, as matchMedia reports it. */
function systemSetting(initial: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce: initial };
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query === "(prefers-reduced-motion: reduce)" && state.reduce;
      },
      media: query,
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    }) as unknown as MediaQueryList;
  return {
    set(reduce: boolean) {
      state.reduce = reduce;
      for (const fn of listeners) fn();
    },
    restore: () => (window.matchMedia = original),
  };
}

function Probe() {
  const reduce = usePrefersReducedMotion();
  return <output aria-label="Motion">{appTheme(false, reduce).token?.motion ? "on" : "off"}</output>;
}

let setting: ReturnType<typeof systemSetting> | undefined;
afterEach(() => setting?.restore());

describe("reduced motion", () => {
  it("turns the console's motion off while the system asks for less, and on again", () => {
    setting = systemSetting(true);
    render(<Probe />);
    expect(screen.getByLabelText("Motion").textContent).toBe("off");
    act(() => setting!.set(false));
    expect(screen.getByLabelText("Motion").textContent).toBe("on");
  });

  it("keeps motion by default", () => {
    expect(appTheme(true).token?.motion).toBe(true);
  });
});
