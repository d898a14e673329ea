import { z } from "zod";
import { AUDIT_MAX_PAGE_SIZE, AUDIT_PAGE_SIZE, POLICY_ID_MAX_DIGITS } from "./audit-constants.js";
import { route } from "./route.js";

const AUDITS = { menu: "audits" } as const;
const tags = ["audits"];

/** `YYYY-MM-DD HH:mm:ss` or `YYYY-MM-DD`, in UTC; a date alone covers its whole day. */
function utcDate(end: boolean) {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, { message: "must be YYYY-MM-DD HH:mm:ss or YYYY-MM-DD" })
    .transform((s, ctx) => {
      const dateOnly = s.length === 10;
      const iso = dateOnly ? `${s}T${end ? "23:59:59.999" : "00:00:00.000"}Z` : `${s.replace(" ", "T")}Z`;
      const d = new Date(iso);
      // Date accepts 2024-02-31 by rolling over; the round trip catches it.
      if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s.slice(0, 10)) {
        ctx.addIssue({ code: "custom", message: "is not a real date" });
        return z.NEVER;
      }
      return d;
    });
}

const text = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` });
const seconds = () =>
  z.coerce
    .number({ message: "must be a number of seconds" })
    .min(0, { message: "must not be negative" })
    .max(3600, { message: "must be at most 3600 seconds" });

const dateRange = {
  startDate: utcDate(false).optional(),
  endDate: utcDate(true).optional(),
};

function checked<T extends z.ZodRawShape>(shape: T) {
  return z
    .object(shape)
    .strict()
    .superRefine((q, ctx) => {
      const v = q as Record<string, unknown>;
      const start = (v.startDate ?? v.start_date) as Date | undefined;
      const end = (v.endDate ?? v.end_date) as Date | undefined;
      if (start && end && start > end)
        ctx.addIssue({
          code: "custom",
          path: [v.startDate ? "startDate" : "start_date"],
          message: "The start date should be earlier than the end date.",
        });
      const min = v.minDuration as number | undefined;
      const max = v.maxDuration as number | undefined;
      if (min !== undefined && max !== undefined && max < min)
        ctx.addIssue({
          code: "custom",
          path: ["maxDuration"],
          message: "The maximum execution time should not be lower than the minimum.",
        });
    });
}

/** Paging by `first` (offset, or page number for admin events) and `max`. */
const paging = {
  first: z.coerce.number().int().min(0).max(10_000_000).default(0),
  max: z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
};
const catalogPaging = {
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
};
const outcome = z.enum(["success", "failure"], { message: "must be success or failure" });

export const LoginEventsQuery = checked({
  ...paging,
  ...dateRange,
  user: text().optional(),
  eventType: text(64).optional(),
  clientId: text().optional(),
});
export const AdminEventsQuery = checked({
  ...paging,
  ...dateRange,
  user: text().optional(),
  resourceType: text(64).optional(),
  eventType: text(64).optional(),
});
export const TrinoAuditQuery = checked({
  ...paging,
  ...dateRange,
  user: text().optional(),
  status: outcome.optional(),
  minDuration: seconds().optional(),
  maxDuration: seconds().optional(),
});
export const AirflowAuditQuery = checked({ ...paging, ...dateRange });
export const ReviewAuditQuery = checked({
  ...paging,
  ...dateRange,
  user: text().optional(),
  action: text(64).optional(),
});
export const AclAuditQuery = checked({
  ...paging,
  ...dateRange,
  user: text().optional(),
  action: text(64).optional(),
  policyId: z
    .string()
    .regex(new RegExp(`^\\d{1,${POLICY_ID_MAX_DIGITS}}$`), {
      message: `must be at most ${POLICY_ID_MAX_DIGITS} digits`,
    })
    .optional(),
});
export const MinioAuditQuery = checked({
  ...paging,
  ...dateRange,
  /** The selected user's id. */
  user: z.string().uuid({ message: "must be a user id" }).optional(),
  bucket: text().optional(),
});
export const SyncAuditQuery = checked({
  ...paging,
  ...dateRange,
  user: text().optional(),
  action: text(64).optional(),
  status: z.enum(["Started", "Completed", "Failed"], { message: "must be Started, Completed or Failed" }).optional(),
});
export const UserManagementAuditQuery = checked({
  ...paging,
  ...dateRange,
  user: text().optional(),
  action: text(64).optional(),
  status: outcome.optional(),
});
export const SettingsAuditQuery = checked({
  ...paging,
  ...dateRange,
  user: text().optional(),
  action: text(64).optional(),
  status: outcome.optional(),
  component: text().optional(),
  menuName: text().optional(),
});
export const NotebookAuditQuery = checked({
  ...catalogPaging,
  action_by: text().optional(),
  start_date: utcDate(false).optional(),
  end_date: utcDate(true).optional(),
  status: outcome.optional(),
});
export const ClassificationAuditQuery = checked({
  ...catalogPaging,
  username: text().optional(),
  action: text(64).optional(),
  start_date: utcDate(false).optional(),
  end_date: utcDate(true).optional(),
});

export const ChangeEntry = z
  .object({ column: z.string(), oldVal: z.unknown(), newVal: z.unknown() })
  .meta({ id: "AuditChange" });
export type ChangeEntry = z.infer<typeof ChangeEntry>;

const time = z.string().meta({ description: "ISO-8601 UTC" });

export const LoginEventRow = z.object({
  id: z.string(),
  time,
  username: z.string(),
  ipAddress: z.string().nullable(),
  type: z.string(),
  clientId: z.string().nullable(),
  error: z.string().nullable(),
});
export const AdminEventRow = z.object({
  id: z.string(),
  time,
  username: z.string().nullable(),
  authDetails: z.object({
    ipAddress: z.string().nullable(),
    clientId: z.string().nullable(),
    userId: z.string().nullable(),
    realmId: z.string().nullable(),
  }),
  operationType: z.string(),
  resourceType: z.string(),
  resourcePath: z.string(),
});
export const TrinoEventRow = z.object({
  queryId: z.string(),
  created_at: time,
  username: z.string(),
  source: z.string().nullable(),
  query: z.string(),
  /** Seconds as text, or 'Not Applicable' for a failed query. */
  time_taken_to_record: z.string(),
  queryState: z.string(),
  catalog: z.string().nullable(),
  error: z.string().nullable(),
});
export const AirflowRunRow = z.object({
  execution_date: time,
  dag_id: z.string(),
  run_id: z.string(),
  run_type: z.string(),
  external_trigger: z.boolean(),
  start_date: time.nullable(),
  end_date: time.nullable(),
  state: z.string(),
});
export const AclEventRow = z.object({
  event_id: z.string(),
  createdAt: time,
  username: z.string(),
  ipAddress: z.string().nullable(),
  policyId: z.string().nullable(),
  policyName: z.string().nullable(),
  action: z.string(),
  changeSet: z.array(ChangeEntry).nullable(),
  /** Who the policy was assigned to by this event (the assignment drawer). */
  assignment: z
    .object({ usersAssigned: z.array(z.string()), groupsAssigned: z.array(z.string()), createdAt: time })
    .nullable(),
});
/** An access review's event: started, a decision, a reminder, due or closed, its revocations. */
export const ReviewEventRow = z.object({
  event_id: z.string(),
  createdAt: time,
  username: z.string(),
  reviewId: z.string().nullable(),
  reviewName: z.string().nullable(),
  action: z.string(),
  summary: z.string().nullable(),
  /** For a decision: who, what, the decision and the comment. */
  decision: z
    .object({
      username: z.string(),
      table: z.string(),
      decision: z.string(),
      endDate: z.string().nullable(),
      comment: z.string(),
    })
    .nullable(),
});
export const MinioEventRow = z.object({
  id: z.string(),
  time,
  username: z.string().nullable(),
  remoteHost: z.string().nullable(),
  bucket: z.string().nullable(),
  object: z.string().nullable(),
  api: z.object({
    name: z.string(),
    status: z.string().nullable(),
    statusCode: z.number().nullable(),
    timeToResponse: z.number().nullable(),
  }),
});
export const SyncEventRow = z.object({
  id: z.string(),
  createdAt: time,
  username: z.string(),
  jobId: z.string().nullable(),
  action: z.string(),
  syncedUsers: z.number().nullable(),
  syncedGroups: z.number().nullable(),
  status: z.string(),
  message: z.string().nullable(),
});
export const UserManagementEventRow = z.object({
  id: z.string(),
  createdAt: time,
  username: z.string(),
  ipAddress: z.string().nullable(),
  action: z.string(),
  summary: z.string().nullable(),
  status: z.boolean(),
});
export const SettingsEventRow = z.object({
  id: z.string(),
  createdAt: time,
  username: z.string(),
  ipAddress: z.string().nullable(),
  componentName: z.string().nullable(),
  menuName: z.string().nullable(),
  action: z.string(),
  status: z.boolean(),
  changeSet: z.array(ChangeEntry).nullable(),
});
export const NotebookEventRow = z.object({
  id: z.union([z.string(), z.number()]),
  created_at: z.number(),
  username: z.string().nullable(),
  ip_address: z.string().nullable(),
  summary: z.string().nullable(),
  status_code: z.number().nullable(),
});
export const ClassificationEventRow = z.object({
  id: z.union([z.string(), z.number()]),
  created_at: z.number(),
  created_by: z.string().nullable(),
  ip_address: z.string().nullable(),
  rule_name: z.string().nullable(),
  action_name: z.string(),
  change_set: z.array(ChangeEntry).nullable(),
});

function page<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      total: z.number().int().nonnegative(),
      /** True when more events match than the total counts (counting stops at 10,000). */
      capped: z.boolean(),
    })
    .meta({ id });
}
function catalogPage<T extends z.ZodType>(item: T, id: string) {
  return z.object({ data: z.array(item), total_count: z.number().int().nonnegative() }).meta({ id });
}

export const AuditableComponent = z
  .object({
    key: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    auditTypes: z.array(z.object({ key: z.string(), name: z.string() })),
  })
  .meta({ id: "AuditableComponent" });
export type AuditableComponent = z.infer<typeof AuditableComponent>;

export const IngestResult = z
  .object({
    accepted: z.number().int(),
    stored: z.number().int(),
    duplicates: z.number().int(),
    ignored: z.number().int(),
  })
  .meta({ id: "IngestResult" });

export const AuditTrailStatus = z
  .object({
    valid: z.boolean(),
    checked: z.number().int(),
    archived: z.number().int(),
    brokenAtSeq: z.number().int().nullable(),
    reason: z.string().nullable(),
    retentionDays: z.number().int().nullable(),
  })
  .meta({ id: "AuditTrailStatus" });

const get = <const P extends string, Q extends z.ZodType, R extends z.ZodType>(
  path: P,
  summary: string,
  query: Q,
  response: R,
) => route({ method: "GET", path, access: AUDITS, summary, tags, query, response });

export const AuditFilterOptions = z
  .object({
    users: z.array(z.object({ id: z.string(), username: z.string() })),
    componentNames: z.array(z.string()),
    menuNames: z.array(z.string()),
    clientIds: z.array(z.string()),
  })
  .meta({ id: "AuditFilterOptions" });
export type AuditFilterOptions = z.infer<typeof AuditFilterOptions>;

export const auditRoutes = {
  filterOptions: route({
    method: "GET",
    path: "/admin-api/api/v1/audit/filter-options",
    access: AUDITS,
    summary: "Users (id and username), component and menu names and sign-in client ids for the audit filters",
    tags,
    response: AuditFilterOptions,
  }),
  components: route({
    method: "GET",
    path: "/admin-api/api/v1/auditableComponents",
    access: AUDITS,
    summary: "Auditable components and their audit types; only configured sources are enabled",
    tags,
    response: z.array(AuditableComponent),
  }),
  login: get(
    "/admin-api/api/v1/keycloak/events/login",
    "Sign-in events of the identity provider",
    LoginEventsQuery,
    page(LoginEventRow, "LoginEventPage"),
  ),
  adminEvents: get(
    "/admin-api/api/v1/keycloak/events/admin-events",
    "Admin events of the identity provider (first is a page number)",
    AdminEventsQuery,
    page(AdminEventRow, "AdminEventPage"),
  ),
  trino: get(
    "/admin-api/api/v1/trino/audit",
    "Completed Trino queries",
    TrinoAuditQuery,
    page(TrinoEventRow, "TrinoEventPage"),
  ),
  airflow: get(
    "/admin-api/api/v1/airflow/audit",
    "Airflow DAG runs",
    AirflowAuditQuery,
    page(AirflowRunRow, "AirflowRunPage"),
  ),
  acl: get("/admin-api/api/v1/acl/audit", "Policy changes", AclAuditQuery, page(AclEventRow, "AclEventPage")),
  reviews: get(
    "/admin-api/api/v1/access-reviews/audit",
    "Access reviews' events: started, decisions with their comments, reminders, closing and revocations",
    ReviewAuditQuery,
    page(ReviewEventRow, "ReviewEventPage"),
  ),
  minio: get(
    "/admin-api/api/v1/minio/audit",
    "MinIO object-store requests",
    MinioAuditQuery,
    page(MinioEventRow, "MinioEventPage"),
  ),
  sync: get(
    "/admin-api/api/v1/usersync/audit",
    "Directory sync events",
    SyncAuditQuery,
    page(SyncEventRow, "SyncEventPage"),
  ),
  userManagement: get(
    "/admin-api/api/v1/events/userManagement",
    "User and group changes",
    UserManagementAuditQuery,
    page(UserManagementEventRow, "UserManagementEventPage"),
  ),
  settingsComponents: get(
    "/admin-api/api/v1/events/components",
    "Component permission changes",
    SettingsAuditQuery,
    page(SettingsEventRow, "ComponentEventPage"),
  ),
  menu: get(
    "/admin-api/api/v1/events/menu",
    "Menu permission changes",
    SettingsAuditQuery,
    page(SettingsEventRow, "MenuEventPage"),
  ),
  connectors: get(
    "/admin-api/api/v1/events/connectors",
    "Change-data-capture connector changes",
    UserManagementAuditQuery,
    page(UserManagementEventRow, "ConnectorEventPage"),
  ),
  querybook: get(
    "/admin-api/api/v1/querybook/audit",
    "Notebook service events",
    NotebookAuditQuery,
    catalogPage(NotebookEventRow, "NotebookEventPage"),
  ),
  classification: get(
    "/admin-api/api/v1/classification/audit",
    "Classification rule history",
    ClassificationAuditQuery,
    catalogPage(ClassificationEventRow, "ClassificationEventPage"),
  ),
  status: route({
    method: "GET",
    path: "/admin-api/api/v1/audit/status",
    access: AUDITS,
    summary: "Whether the audit trail verifies (archived events included) and the retention in force",
    tags,
    response: AuditTrailStatus,
  }),
  ingestTrino: route({
    method: "POST",
    path: "/admin-api/api/v1/ingest/trino",
    access: "public",
    summary: "Trino HTTP event listener endpoint (shared header token)",
    tags,
    body: z.unknown(),
    response: IngestResult,
  }),
  ingestMinio: route({
    method: "POST",
    path: "/admin-api/api/v1/ingest/minio",
    access: "public",
    summary: "MinIO audit webhook endpoint (auth token); single JSON or newline-delimited batches",
    tags,
    body: z.unknown(),
    response: IngestResult,
  }),
};
