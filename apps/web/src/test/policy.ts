import type { Policy } from "@console/contracts";
import { DEFAULT_PHONE_EXTENSION, defaultAccess } from "@console/contracts/constants";

/** A table policy as the server returns it, with what a test sets on top. */
export function aPolicy(over: Partial<Policy> = {}): Policy {
  return {
    id: 7,
    priority: 7,
    policyName: "sales-readers",
    category: "tables",
    state: "enabled",
    approvalStatus: null,
    systemPolicy: false,
    synced: false,
    expired: false,
    syncStatus: "readyToSync",
    catalogName: "hive",
    schemaName: ["sales"],
    tables: ["orders"],
    tags: [],
    tablePrivileges: ["SELECT"],
    config: { allow: "read-only", owner: false },
    columnDetails: [],
    rowFilters: [],
    customRowFilter: "",
    assignToUsers: ["ann"],
    assignToGroups: [],
    access: defaultAccess() as Policy["access"],
    tnc: {
      startDate: null,
      endDate: null,
      domainNames: [],
      description: "",
      contactDetails: { name: "", extension: DEFAULT_PHONE_EXTENSION, phoneNumber: "", email: "" },
      generalTerms: { prohibitedUses: "", liabilityLimits: "", dataQualityDisclaimer: "", terminationConditions: "" },
    },
    requestedPeriod: null,
    rejectionReason: null,
    createdBy: "admin",
    createdAt: "2026-11-20T10:00:00Z",
    updatedBy: null,
    updatedAt: "2026-11-20T10:00:00Z",
    ...over,
  };
}
