import type { LicenceRow } from "@console/contracts";
import { StatusBadge } from "../../shared/ui/StatusBadge";

/** Active green, inactive grey, anything else (expired, deleted) the warning colour (spec section 4). */
export function LicenceStatusBadge(props: { row: Pick<LicenceRow, "status" | "statusEn"> }) {
  const { status, statusEn } = props.row;
  return (
    <StatusBadge
      value={status}
      label={statusEn}
      status={status === "active" ? "success" : status === "inactive" ? "default" : "warning"}
    />
  );
}
