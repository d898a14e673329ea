import { Badge } from "antd";

export type BadgeStatus = "success" | "error" | "warning" | "default" | "processing";

const SUCCESS = new Set([
  "success",
  "started",
  "completed",
  "running",
  "submitted",
  "active",
  "enabled",
  "ready",
  "healthy",
  "approved",
  "synced",
  "true",
]);
const ERROR = new Set(["failed", "failure", "error", "disabled", "rejected", "expired", "unhealthy", "false"]);

/** success, started, completed map to success; failed, failure to error; anything else to warning (spec section 4). */
export function statusOf(value: string | boolean | null | undefined): BadgeStatus {
  const v = String(value ?? "").toLowerCase();
  if (SUCCESS.has(v)) return "success";
  if (ERROR.has(v)) return "error";
  return "warning";
}

export function StatusBadge(props: {
  value: string | boolean | null | undefined;
  label?: string;
  status?: BadgeStatus;
}) {
  const status = props.status ?? statusOf(props.value);
  const text = props.label ?? String(props.value ?? "");
  // The dot and its word stay together, however narrow the column.
  return <Badge status={status} text={text.charAt(0).toUpperCase() + text.slice(1)} style={{ whiteSpace: "nowrap" }} />;
}
