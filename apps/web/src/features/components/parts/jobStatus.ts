import type { Job } from "@console/contracts";
import type { BadgeStatus } from "../../../shared/ui/StatusBadge";

/** Job status display (spec section 4): capitalised; success for running, submitted, completed; error for failed. */
export function jobBadge(s: NonNullable<Job["status"]>): { value: string; label: string; status: BadgeStatus } {
  const status: BadgeStatus =
    s === "FAILED" ? "error" : s === "RUNNING" || s === "SUBMITTED" || s === "COMPLETED" ? "success" : "warning";
  return { value: s, label: s.charAt(0) + s.slice(1).toLowerCase(), status };
}
