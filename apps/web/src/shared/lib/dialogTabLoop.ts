const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]",
  "[contenteditable=true]",
].join(",");

/** The elements of `root` that Tab stops on, in order (drawn, enabled, not taken out with tabindex -1). */
export function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest("[inert], [aria-hidden=true]") && el.getClientRects().length > 0,
  );
}

/** The modal dialog or drawer in front: the last one open (each opens in its own layer at the end of the page). */
function frontDialog(doc: Document): HTMLElement | null {
  const open = [...doc.querySelectorAll<HTMLElement>("[role=dialog][aria-modal=true]")].filter(
    (d) => d.getClientRects().length > 0,
  );
  return open.at(-1) ?? null;
}

/**
 * Tab from a modal dialog's last control goes to its first, Shift+Tab from the first to the last.
 * Ant Design keeps focus inside by pulling it back once it has left; when the dialog ends the page,
 * focus leaves for the browser itself first, an extra Tab stop on no control at all.
 * Returns the function that stops it.
 */
export function keepTabInDialogs(doc: Document = document): () => void {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Tab" || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const dialog = frontDialog(doc);
    if (!dialog) return;
    const stops = tabStops(dialog);
    if (stops.length === 0) return;
    const first = stops[0]!;
    const last = stops.at(-1)!;
    const active = doc.activeElement;
    const inside = !!active && dialog.contains(active);
    if (!inside || (e.shiftKey ? active === first : active === last)) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    }
  };
  doc.addEventListener("keydown", onKeyDown, true);
  return () => doc.removeEventListener("keydown", onKeyDown, true);
}
