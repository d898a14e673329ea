import { useLayoutEffect, type DependencyList } from "react";

/**
 * Runs `prepare` (empty or fill a form) as a dialog or drawer opens, before the browser paints
 * it: in an effect after the paint, what a person typed at once could be wiped (seen in a browser
 * test on a busy machine). `deps` are what `prepare` reads besides the form.
 */
export function useWhenOpening(open: boolean, prepare: () => void, deps: DependencyList = []): void {
  useLayoutEffect(() => {
    if (open) prepare();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, ...deps]);
}
