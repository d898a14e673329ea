import type { NotificationInstance } from "antd/es/notification/interface";
import { NOTIFICATION_MS, TOAST_MS } from "@console/contracts/constants";
import { errorMessage, isAbort } from "../../shared/lib/api";

let api: NotificationInstance | null = null;

/** Bound once by the shell to Ant Design's notification API (max 3, centred 50 px from the top). */
export function bindNotifications(instance: NotificationInstance): void {
  api = instance;
}

type Kind = "success" | "error" | "info" | "warning";

export function notify(
  kind: Kind,
  message: string,
  durationMs: number = kind === "error" ? TOAST_MS : NOTIFICATION_MS,
) {
  api?.open({ type: kind, title: message, duration: durationMs / 1000, role: kind === "error" ? "alert" : "status" });
}

export const toast = {
  success: (message: string, ms = TOAST_MS) => notify("success", message, ms),
  error: (message: string, ms = TOAST_MS) => notify("error", message, ms),
  info: (message: string, ms = NOTIFICATION_MS) => notify("info", message, ms),
  warning: (message: string, ms = TOAST_MS) => notify("warning", message, ms),
};

/** Shows a failed call's error; cancelled calls stay silent. */
export function notifyError(err: unknown): void {
  if (isAbort(err)) return;
  toast.error(errorMessage(err));
}
