/** Constants of the policy screens (spec sections 3, 5 and 9); no zod here, so the web bundle can import them. */

export const POLICY_CATEGORIES = [
  "catalog",
  "schema",
  "tables",
  "tableTags",
  "columnTags",
  "tableGlossary",
  "columnGlossary",
] as const;
export type PolicyCategory = (typeof POLICY_CATEGORIES)[number];
/** Categories whose policies select tables (and so have masks and row filters). */
export const TABLE_CATEGORIES: readonly PolicyCategory[] = [
  "tables",
  "tableTags",
  "columnTags",
  "tableGlossary",
  "columnGlossary",
];
export const TAG_CATEGORIES: readonly PolicyCategory[] = ["tableTags", "columnTags", "tableGlossary", "columnGlossary"];

export const PRIVILEGES = ["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP", "GRANT_SELECT"] as const;
export type Privilege = (typeof PRIVILEGES)[number];
/** Privileges that write: a policy holding one opens its catalog for all access, else read-only. */
export const WRITE_PRIVILEGES: readonly Privilege[] = ["INSERT", "DELETE", "UPDATE", "OWNERSHIP"];
export const CATALOG_ACCESS = ["all", "read-only", "none"] as const;
export type CatalogAccess = (typeof CATALOG_ACCESS)[number];

export const POLICY_STATES = ["enabled", "disabled", "deleted"] as const;
export type PolicyState = (typeof POLICY_STATES)[number];
export const APPROVAL_STATUSES = ["PENDING_APPROVAL", "APPROVED", "REJECTED"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/**
 * The list's quick filter (spec: segmented all, synced, not synced, expired, pending approval),
 * plus "deleted": deleted policies are left out of the others unless the state filter asks for them.
 */
export const POLICY_QUICK_FILTERS = ["all", "synced", "notSynced", "expired", "pendingApproval", "deleted"] as const;
export type PolicyQuickFilter = (typeof POLICY_QUICK_FILTERS)[number];
/** What the list shows as sync status (spec section 4). */
export const SYNC_STATUSES = ["synced", "readyToSync", "expired", "pendingApproval", "approved", "rejected"] as const;
export type PolicySyncStatus = (typeof SYNC_STATUSES)[number];

/** Column data type groups: masks, conditions and value patterns depend on them. */
export const TYPE_GROUPS = ["integer", "decimal", "text", "datetime", "boolean", "other"] as const;
export type TypeGroup = (typeof TYPE_GROUPS)[number];

/** Maps a Trino type (as information_schema.columns.data_type gives it) to its group. */
export function typeGroupOf(dataType: string): TypeGroup {
  const t = dataType.trim().toLowerCase();
  if (/^(tinyint|smallint|integer|int|bigint)$/.test(t)) return "integer";
  if (/^(real|double|decimal(\(\d+(,\s*\d+)?\))?)$/.test(t)) return "decimal";
  if (/^(varchar(\(\d+\))?|char(\(\d+\))?|varbinary|json|uuid)$/.test(t)) return "text";
  if (/^(date|time|timestamp)(\(\d+\))?( with(out)? time zone)?$/.test(t)) return "datetime";
  if (t === "boolean") return "boolean";
  return "other";
}

export const MASK_TYPES = ["predefine", "custom", "dynamic"] as const;
export type MaskType = (typeof MASK_TYPES)[number];
export const MASK_KINDS = [
  "restrict",
  "showLast4",
  "showFirst4",
  "hash",
  "nullify",
  "dateTruncYear",
  "dateTruncMonth",
  "dateTruncDay",
  "capitalize",
  "lowerCase",
  "round",
  "maskNumber",
  "scramble",
  "nationalId",
] as const;
export type MaskKind = (typeof MASK_KINDS)[number];
/** The predefined masks each type group offers (spec: mask options are filtered by column data type). */
export const MASKS_BY_TYPE: Record<TypeGroup, readonly MaskKind[]> = {
  integer: ["restrict", "nullify", "hash", "maskNumber"],
  decimal: ["restrict", "nullify", "round", "maskNumber"],
  text: ["restrict", "nullify", "hash", "showLast4", "showFirst4", "capitalize", "lowerCase", "scramble", "nationalId"],
  datetime: ["restrict", "nullify", "dateTruncYear", "dateTruncMonth", "dateTruncDay"],
  boolean: ["restrict", "nullify"],
  other: ["restrict", "nullify"],
};

export const FILTER_CONDITIONS = [
  "=",
  "!=",
  ">",
  ">=",
  "<",
  "<=",
  "LIKE",
  "IS NULL",
  "IS NOT NULL",
  "IN",
  "NOT IN",
] as const;
export type FilterCondition = (typeof FILTER_CONDITIONS)[number];
export const VALUELESS_CONDITIONS: readonly FilterCondition[] = ["IS NULL", "IS NOT NULL"];
export const LIST_CONDITIONS: readonly FilterCondition[] = ["IN", "NOT IN"];
export const CONDITIONS_BY_TYPE: Record<TypeGroup, readonly FilterCondition[]> = {
  integer: ["=", "!=", ">", ">=", "<", "<=", "IS NULL", "IS NOT NULL", "IN", "NOT IN"],
  decimal: ["=", "!=", ">", ">=", "<", "<=", "IS NULL", "IS NOT NULL", "IN", "NOT IN"],
  text: ["=", "!=", "LIKE", "IS NULL", "IS NOT NULL", "IN", "NOT IN"],
  datetime: ["=", "!=", ">", ">=", "<", "<=", "IS NULL", "IS NOT NULL"],
  boolean: ["=", "!=", "IS NULL", "IS NOT NULL"],
  other: ["IS NULL", "IS NOT NULL"],
};

/** Value patterns per type group (spec section 5); integers accept Arabic-Indic digits. */
export const VALUE_PATTERNS: Record<TypeGroup, RegExp> = {
  integer: /^-?[0-9\u0660-\u0669\u06F0-\u06F9]{1,19}$/,
  decimal: /^-?[0-9\u0660-\u0669\u06F0-\u06F9]{1,30}(\.[0-9\u0660-\u0669\u06F0-\u06F9]{1,30})?$/,
  text: /^[^\n\r]{1,255}$/,
  datetime: /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?$/,
  boolean: /^(true|false)$/i,
  other: /^$/,
};

export const POLICY_LIMITS = {
  name: 50,
  customMask: 255,
  customRowFilter: 255,
  term: 300,
  contactName: 50,
  idDigits: 6,
} as const;
export const POLICY_NAME_DEBOUNCE_MS = 500;
export const DEFAULT_PHONE_EXTENSION = "+971";
/** The data-product catalog, left out of catalog choices. */
export const DEFAULT_DATA_PRODUCT_CATALOG = "dataproducts";
/** "All" in table, user and group lists. */
export const ALL = ".*";

export const POLICY_AUDIT_SOURCE = "policy-management-acl";
export const POLICY_ACTIONS = [
  "Create",
  "Update",
  "Delete",
  "Enable",
  "Disable",
  "Sync",
  "Export as CSV",
  "Clone",
  "Table Access Request Created",
  "Reject",
  "Approve",
  "Policy Expired",
  "Restore",
  "Export as document",
] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

/** The days of usage an impact preview looks back over. */
export const IMPACT_WINDOWS = [7, 30, 90] as const;
export type ImpactWindow = (typeof IMPACT_WINDOWS)[number];
export const DEFAULT_IMPACT_WINDOW: ImpactWindow = 30;

/** Policies as code (docs/policies.md, "Policies as code"): the versioned document export writes and import reads. */
export const POLICY_DOCUMENT_VERSION = 1;
export const POLICY_DOCUMENT_KIND = "PolicySet";
export const POLICY_DOCUMENT_FORMATS = ["yaml", "json"] as const;
export const POLICY_IMPORT_MODES = ["merge", "replace"] as const;
export type PolicyImportMode = (typeof POLICY_IMPORT_MODES)[number];
/** The largest document import reads, in characters (the request body is limited to 1 MiB as well). */
export const POLICY_DOCUMENT_MAX_CHARS = 900_000;
