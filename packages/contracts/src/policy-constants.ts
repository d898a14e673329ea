/** Constants of the policy screens (spec sections 3, 5 and 9); no zod here, so the web bundle can import them. */

/**
 * The spec's categories (catalog to column glossary), then the kinds that govern the rest of
 * Trino's rules file, one section each (docs/policies.md, "Every section of the rules"), and
 * `trinoRule`: a rule of any section kept verbatim, as a hand-written rules file had it.
 */
export const POLICY_CATEGORIES = [
  "catalog",
  "schema",
  "tables",
  "tableTags",
  "columnTags",
  "tableGlossary",
  "columnGlossary",
  "queries",
  "impersonation",
  "systemInformation",
  "systemSessionProperties",
  "catalogSessionProperties",
  "functions",
  "procedures",
  "authorization",
  "trinoRule",
] as const;
export type PolicyCategory = (typeof POLICY_CATEGORIES)[number];
/** The spec's data categories: their policies merge into catalog, schema and table rules. */
export const DATA_CATEGORIES: readonly PolicyCategory[] = [
  "catalog",
  "schema",
  "tables",
  "tableTags",
  "columnTags",
  "tableGlossary",
  "columnGlossary",
];
/**
 * Kinds that each publish one section of Trino's rules, first match in priority order (the
 * console's defaults for the section last).
 */
export const RULE_KINDS = [
  "queries",
  "impersonation",
  "systemInformation",
  "systemSessionProperties",
  "catalogSessionProperties",
  "functions",
  "procedures",
  "authorization",
] as const satisfies readonly PolicyCategory[];
export type RuleKind = (typeof RULE_KINDS)[number];
/** Kinds whose policies name a catalog. */
export const CATALOG_KINDS: readonly PolicyCategory[] = [
  ...DATA_CATEGORIES,
  "catalogSessionProperties",
  "functions",
  "procedures",
];

/** The sections of Trino's file-based access control rules file, in the order the console writes them. */
export const TRINO_SECTIONS = [
  "catalogs",
  "schemas",
  "tables",
  "queries",
  "impersonation",
  "principals",
  "system_information",
  "system_session_properties",
  "catalog_session_properties",
  "functions",
  "procedures",
  "authorization",
] as const;
export type TrinoSection = (typeof TRINO_SECTIONS)[number];
/** The section each kind publishes. */
export const SECTION_OF_KIND: Record<RuleKind, TrinoSection> = {
  queries: "queries",
  impersonation: "impersonation",
  systemInformation: "system_information",
  systemSessionProperties: "system_session_properties",
  catalogSessionProperties: "catalog_session_properties",
  functions: "functions",
  procedures: "procedures",
  authorization: "authorization",
};
/** A policy's `access` when its kind reads none of it (the contract's defaults), with lists of its own. */
export const defaultAccess = () => ({
  queryAccess: [] as QueryAccess[],
  queryOwners: [] as string[],
  targetUsers: [] as string[],
  targetRoles: [] as string[],
  properties: [] as string[],
  routines: [] as string[],
  routinePrivileges: [] as RoutinePrivilege[],
  systemInformation: [] as Array<(typeof SYSTEM_INFORMATION_ACCESS)[number]>,
  allow: true as boolean,
});
/** The same, to compare with (never to change). */
export const DEFAULT_ACCESS: Readonly<ReturnType<typeof defaultAccess>> = Object.freeze(defaultAccess());

/** The fields of a policy's `access` each kind reads (the others keep their defaults). */
export const ACCESS_FIELDS: Partial<Record<PolicyCategory, readonly string[]>> = {
  queries: ["queryAccess", "queryOwners"],
  impersonation: ["targetUsers", "allow"],
  systemInformation: ["systemInformation"],
  systemSessionProperties: ["properties", "allow"],
  catalogSessionProperties: ["properties", "allow"],
  functions: ["routines", "routinePrivileges"],
  procedures: ["routines", "routinePrivileges"],
  authorization: ["targetUsers", "targetRoles", "allow"],
  trinoRule: ["section", "rule"],
};
/** Query rules' access: running queries, and viewing or killing other people's. */
export const QUERY_ACCESS = ["execute", "view", "kill"] as const;
export type QueryAccess = (typeof QUERY_ACCESS)[number];
export const SYSTEM_INFORMATION_ACCESS = ["read", "write"] as const;
export const FUNCTION_PRIVILEGES = ["EXECUTE", "GRANT_EXECUTE", "OWNERSHIP"] as const;
export const PROCEDURE_PRIVILEGES = ["EXECUTE", "GRANT_EXECUTE"] as const;
export type RoutinePrivilege = (typeof FUNCTION_PRIVILEGES)[number];
/** The group that holds every menu after the first start: the console's administrators. */
export const ADMIN_GROUP = "console-admins";
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

const groupsOfTypes = new Map<string, TypeGroup>();

/**
 * Maps a Trino type (as information_schema.columns.data_type gives it) to its group, kept by its
 * text: a Sync asks for the same few types for every value it turns into a literal.
 */
export function typeGroupOf(dataType: string): TypeGroup {
  let group = groupsOfTypes.get(dataType);
  if (group === undefined) {
    if (groupsOfTypes.size >= 1000) groupsOfTypes.clear();
    groupsOfTypes.set(dataType, (group = groupOfType(dataType)));
  }
  return group;
}

function groupOfType(dataType: string): TypeGroup {
  const t = dataType.trim().toLowerCase();
  if (/^(tinyint|smallint|integer|int|bigint)$/.test(t)) return "integer";
  if (/^(real|double|decimal(\(\d+(,\s*\d+)?\))?)$/.test(t)) return "decimal";
  // uuid, json and varbinary are no strings: a string mask or literal would not convert back.
  if (/^(varchar(\(\d+\))?|char(\(\d+\))?)$/.test(t)) return "text";
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
  /** Why a reviewer rejects a table access request (shown to the requester). */
  rejectionReason: 300,
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
