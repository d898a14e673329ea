import { App } from "antd";
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { useShell } from "../../app/state";
import i18n from "../../i18n";

/** While `dirty`, leaving the screen (or logging out) asks first. */
export function useUnsavedChanges(dirty: boolean): void {
  const setUnsaved = useShell((s) => s.setUnsaved);
  const { modal } = App.useApp();
  useEffect(() => {
    setUnsaved(dirty);
    return () => setUnsaved(false);
  }, [dirty, setUnsaved]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    modal.confirm({
      title: i18n.t("common.areYouSure"),
      content: i18n.t("common.unsavedChanges"),
      okText: i18n.t("common.confirm"),
      cancelText: i18n.t("common.cancel"),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
}
