import type { Policy, PolicyInput } from "@console/contracts";
import type { PolicyRow } from "./store.js";

/** Whether the policy's access period has ended. */
export function isExpired(r: Pick<PolicyRow, "end_date">, now = Date.now()): boolean {
  return r.end_date !== null && r.end_date.getTime() < now;
}

/** A stored policy row as the API shows it, with its expiry and the list's sync status. */
export function toPolicy(r: PolicyRow, now = Date.now()): Policy {
  const expired = isExpired(r, now);
  const syncStatus: Policy["syncStatus"] =
    r.synced && expired
      ? "expired"
      : r.approval_status === "PENDING_APPROVAL"
        ? "pendingApproval"
        : r.approval_status === "REJECTED"
          ? "rejected"
          : r.approval_status === "APPROVED"
            ? r.synced
              ? "synced"
              : "approved"
            : r.synced
              ? "synced"
              : "readyToSync";
  return {
    id: r.id,
    priority: r.priority,
    policyName: r.policy_name,
    category: r.category,
    state: r.state,
    approvalStatus: r.approval_status,
    systemPolicy: r.system_policy,
    synced: r.synced,
    expired,
    syncStatus,
    ...r.body,
    requestedPeriod: r.body.requestedPeriod ?? null,
    rejectionReason: r.approval_status === "REJECTED" ? (r.body.rejectionReason ?? null) : null,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    updatedBy: r.updated_by,
    updatedAt: r.updated_at.toISOString(),
  };
}

/** A policy's form values (what PolicyInput reads, which refuses any other field). */
export function formOf(p: Policy): PolicyInput {
  return {
    policyName: p.policyName,
    category: p.category,
    priority: p.priority,
    catalogName: p.catalogName,
    schemaName: p.schemaName,
    tables: p.tables,
    tags: p.tags,
    tablePrivileges: p.tablePrivileges,
    config: p.config,
    columnDetails: p.columnDetails,
    rowFilters: p.rowFilters,
    customRowFilter: p.customRowFilter,
    assignToUsers: p.assignToUsers,
    assignToGroups: p.assignToGroups,
    access: p.access,
    tnc: p.tnc,
  };
}
