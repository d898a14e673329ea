import { App } from "antd";
import { useCallback, useEffect } from "react";
import { useBlocker } from "react-router";
import { useShell } from "../../app/state";
import i18n from "../../i18n";

/**
 * While `dirty`, leaving the screen (or logging out) asks first. Returns the guard for a drawer's
 * own ways out that do not leave the screen (its close button, Escape, a click on the mask):
 * `guardClose(close)` closes at once when nothing is typed, and asks first when something is.
 * A Cancel button stays a plain close: pressing it is the choice to drop what was typed.
 */
export function useUnsavedChanges(dirty: boolean): (close: () => void) => void {
  const setUnsaved = useShell((s) => s.setUnsaved);
  const { modal } = App.useApp();
  useEffect(() => {
    setUnsaved(dirty);
    return () => setUnsaved(false);
  }, [dirty, setUnsaved]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const ask = useCallback(
    (onOk: () => void, onCancel?: () => void) =>
      modal.confirm({
        title: i18n.t("common.areYouSure"),
        content: i18n.t("common.unsavedChanges"),
        okText: i18n.t("common.confirm"),
        cancelText: i18n.t("common.cancel"),
        onOk,
        onCancel,
      }),
    [modal],
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    ask(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker, ask]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  return useCallback(
    (close: () => void) => {
      if (dirty) ask(close);
      else close();
    },
    [dirty, ask],
  );
}
