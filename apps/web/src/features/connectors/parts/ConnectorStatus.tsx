import type { ConnectorSummary } from "@console/contracts";
import { StatusBadge, type BadgeStatus } from "../../../shared/ui/StatusBadge";

/** Worker states that are on their way somewhere. */
const MOVING = new Set(["UNASSIGNED", "RESTARTING"]);

export function badgeOf(state: string): BadgeStatus {
  if (state === "RUNNING") return "success";
  if (state === "FAILED") return "error";
  if (MOVING.has(state)) return "processing";
  return "warning";
}

/** The state exactly as the worker names it (unknown ones too), with a colour for the known ones. */
export function ConnectorStatus(props: { state: string }) {
  return <StatusBadge value={props.state} label={props.state} status={badgeOf(props.state)} />;
}

export function hasFailure(c: ConnectorSummary): boolean {
  return !!c.trace || c.tasks.some((t) => !!t.trace);
}
