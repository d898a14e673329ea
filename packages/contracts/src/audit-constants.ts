/** Constants of the audits screen (spec sections 2, 5 and 9), shared by server and web app. */

export interface AuditTypeDef {
  key: string;
  name: string;
}
export interface AuditableComponentDef {
  key: string;
  name: string;
  auditTypes: AuditTypeDef[];
}

/** Every auditable component; a tab's key is `${component}-${auditType}`. */
export const AUDITABLE_COMPONENTS: readonly AuditableComponentDef[] = [
  {
    key: "user-management",
    name: "User Management",
    auditTypes: [
      { key: "login", name: "Login Events" },
      { key: "admin-events", name: "Admin Events" },
      { key: "userManagement", name: "User Management" },
      { key: "sync", name: "Sync" },
    ],
  },
  { key: "presto-db", name: "Trino", auditTypes: [{ key: "trino", name: "Query Events" }] },
  { key: "apache-airflow", name: "Airflow", auditTypes: [{ key: "airflow", name: "DAG Runs" }] },
  {
    key: "policy-management",
    name: "Policy Management",
    auditTypes: [
      { key: "acl", name: "Policies" },
      { key: "reviews", name: "Access Reviews" },
    ],
  },
  { key: "minio", name: "MinIO", auditTypes: [{ key: "minio", name: "Object Store" }] },
  {
    key: "settings",
    name: "Settings",
    auditTypes: [
      { key: "components", name: "Components" },
      { key: "menu", name: "Menu" },
    ],
  },
  { key: "debezium", name: "Change Data Capture", auditTypes: [{ key: "connectors", name: "Connectors" }] },
  { key: "querybook", name: "Notebook Service", auditTypes: [{ key: "querybook", name: "Notebook Events" }] },
  {
    key: "data-classification",
    name: "Data Classification",
    auditTypes: [{ key: "classification", name: "Rule History" }],
  },
];

/** Audit-trail source keys written by the console's own modules. */
export const AUDIT_TRAIL_SOURCES = {
  userManagement: "user-management-userManagement",
  sync: "user-management-sync",
  acl: "policy-management-acl",
  reviews: "policy-management-reviews",
  components: "settings-components",
  menu: "settings-menu",
  connectors: "debezium-connectors",
} as const;

export const AUDIT_PAGE_SIZE = 10;
export const AUDIT_MAX_PAGE_SIZE = 100;
/** Maximum of the duration filters, in seconds. */
export const AUDIT_MAX_DURATION_SECONDS = 3600;
export const POLICY_ID_MAX_DIGITS = 6;

/** Every action the user-management trail records (spec's four, and the console's own), in the filter's order. */
export const USER_MANAGEMENT_ACTIONS = [
  "Create User",
  "Update User Groups",
  "Enable",
  "Disable",
  "Reset Password",
  "Create Group",
  "Update Group Users",
  "Delete Group",
] as const;
export type UserManagementAction = (typeof USER_MANAGEMENT_ACTIONS)[number];
export const SYNC_ACTIONS = [
  "Sync Initiated",
  "Sync AD Users To NiFi",
  "Sync Users and Groups to Trino",
  "Sync Groups To NiFi",
  "Sync Users To NiFi",
  "Sync Completed",
  "Sync Failed",
] as const;
export const AUDIT_SYNC_STATUSES = ["Started", "Completed", "Failed"] as const;
export const CLASSIFICATION_ACTIONS = ["CREATE", "DELETE", "DISABLE", "ENABLE", "SYNC", "UPDATE"] as const;
/** Policy actions whose row opens the change-set drawer. */
export const POLICY_CHANGE_SET_ACTIONS = ["Update", "Clone", "Approve", "Reject Policy", "Reject"] as const;
export const ADMIN_OPERATION_TYPES = ["ACTION", "CREATE", "DELETE", "UPDATE"] as const;
export const LOGIN_EVENT_TYPES = [
  "LOGIN",
  "LOGIN_ERROR",
  "LOGOUT",
  "LOGOUT_ERROR",
  "CODE_TO_TOKEN",
  "CODE_TO_TOKEN_ERROR",
  "REFRESH_TOKEN",
  "REFRESH_TOKEN_ERROR",
  "UPDATE_PASSWORD",
  "UPDATE_PASSWORD_ERROR",
] as const;
export const QUERY_STATUSES = ["success", "failure"] as const;
export const OUTCOME_STATUSES = ["success", "failure"] as const;
/** What the query engine's time column says for a failed query. */
export const NOT_APPLICABLE = "Not Applicable";
