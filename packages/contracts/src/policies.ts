import { z } from "zod";
import { MessageBody, page } from "./common.js";
import {
  APPROVAL_STATUSES,
  CATALOG_ACCESS,
  defaultAccess,
  FUNCTION_PRIVILEGES,
  QUERY_ACCESS,
  SYSTEM_INFORMATION_ACCESS,
  TRINO_SECTIONS,
  DEFAULT_PHONE_EXTENSION,
  FILTER_CONDITIONS,
  MASK_TYPES,
  POLICY_CATEGORIES,
  POLICY_LIMITS,
  POLICY_QUICK_FILTERS,
  POLICY_STATES,
  PRIVILEGES,
  SYNC_STATUSES,
} from "./policy-constants.js";
import { PolicyCheck, SyncIssue, SyncPreview } from "./policy-sync.js";
import { route } from "./route.js";

/** A catalog, schema, table, column or principal name as Trino and the directory know it. */
const name = z
  .string()
  .trim()
  .min(1, { message: "is required" })
  .max(255, { message: "must be 255 characters or fewer" })
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  .refine((v) => !/[\u0000-\u001f]/.test(v), { message: "must not contain control characters" });
const dataType = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9 _(),]{0,99}$/, { message: "must be a Trino type such as varchar or decimal(10,2)" });

export const MaskCondition = z.strictObject({
  column: name,
  columnDataType: dataType,
  condition: z.enum(FILTER_CONDITIONS, { message: `must be one of ${FILTER_CONDITIONS.join(", ")}` }),
  value: z.string().max(POLICY_LIMITS.customRowFilter).default(""),
});
export type MaskCondition = z.infer<typeof MaskCondition>;

export const ColumnMask = z.strictObject({
  table: name,
  name,
  columnDataType: dataType,
  type: z.enum(MASK_TYPES, { message: `must be one of ${MASK_TYPES.join(", ")}` }),
  /** A mask kind for predefine and dynamic masks; the SQL expression for custom masks. */
  mask: z
    .string()
    .trim()
    .min(1, { message: "is required" })
    .max(POLICY_LIMITS.customMask, { message: `must be ${POLICY_LIMITS.customMask} characters or fewer` }),
  conditions: z.array(MaskCondition).max(10).default([]),
});
export type ColumnMask = z.infer<typeof ColumnMask>;

export const RowFilter = z.strictObject({
  table: name,
  columnName: name,
  columnDataType: dataType,
  filterCondition: z.enum(FILTER_CONDITIONS, { message: `must be one of ${FILTER_CONDITIONS.join(", ")}` }),
  value: z.string().max(POLICY_LIMITS.customRowFilter).default(""),
});
export type RowFilter = z.infer<typeof RowFilter>;

const term = z.string().max(POLICY_LIMITS.term, { message: `must be ${POLICY_LIMITS.term} characters or fewer` });
export const Tnc = z.strictObject({
  startDate: z.iso.datetime({ offset: true, message: "must be an ISO date-time" }).nullable().default(null),
  endDate: z.iso.datetime({ offset: true, message: "must be an ISO date-time" }).nullable().default(null),
  domainNames: z.array(z.string().max(100)).max(50).default([]),
  description: term.default(""),
  contactDetails: z
    .strictObject({
      name: z.string().trim().max(POLICY_LIMITS.contactName, { message: "must be 50 characters or fewer" }).default(""),
      extension: z
        .string()
        .regex(/^\+\d{1,4}$/, { message: "must be + and 1 to 4 digits" })
        .default(DEFAULT_PHONE_EXTENSION),
      phoneNumber: z
        .string()
        .regex(/^\d{0,15}$/, { message: "must contain digits only" })
        .default(""),
      email: z
        .string()
        .trim()
        .max(254)
        .refine((v) => v === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { message: "invalidEmail" })
        .default(""),
    })
    .default({ name: "", extension: DEFAULT_PHONE_EXTENSION, phoneNumber: "", email: "" }),
  generalTerms: z
    .strictObject({
      prohibitedUses: term.default(""),
      liabilityLimits: term.default(""),
      dataQualityDisclaimer: term.default(""),
      terminationConditions: term.default(""),
    })
    .default({ prohibitedUses: "", liabilityLimits: "", dataQualityDisclaimer: "", terminationConditions: "" }),
});
export type Tnc = z.infer<typeof Tnc>;

/**
 * What a policy of one of the rules-file kinds gives (docs/policies.md, "Every section of the
 * rules"); each kind reads its own fields and the others keep their defaults.
 */
export const PolicyAccess = z.strictObject({
  /** queries: run queries (execute), and view or kill those of `queryOwners`. */
  queryAccess: z.array(z.enum(QUERY_ACCESS, { message: `must be among ${QUERY_ACCESS.join(", ")}` })).default([]),
  /** queries: whose queries may be viewed or killed (user names; ".*" is anyone's). */
  queryOwners: z.array(name).max(5000).default([]),
  /** impersonation and authorization: the users they may act as, or make owners (".*" is anyone). */
  targetUsers: z.array(name).max(5000).default([]),
  /** authorization: the roles they may make owners. */
  targetRoles: z.array(name).max(500).default([]),
  /** Session properties (".*" is every property). */
  properties: z.array(name).max(500).default([]),
  /** functions and procedures: their names (".*" is every one in the schema). */
  routines: z.array(name).max(500).default([]),
  routinePrivileges: z
    .array(z.enum(FUNCTION_PRIVILEGES, { message: `must be among ${FUNCTION_PRIVILEGES.join(", ")}` }))
    .default([]),
  systemInformation: z.array(z.enum(SYSTEM_INFORMATION_ACCESS, { message: "must be read or write" })).default([]),
  /** impersonation, session properties and authorization: allow, or deny, what the policy names. */
  allow: z.boolean().default(true),
  /** trinoRule: the section the rule belongs to, and the rule as Trino reads it. */
  section: z.enum(TRINO_SECTIONS, { message: `must be one of ${TRINO_SECTIONS.join(", ")}` }).optional(),
  rule: z.record(z.string(), z.unknown()).optional(),
});
export type PolicyAccess = z.output<typeof PolicyAccess>;

export const PolicyConfig = z.strictObject({
  allow: z.enum(CATALOG_ACCESS, { message: `must be one of ${CATALOG_ACCESS.join(", ")}` }).default("read-only"),
  owner: z.boolean().default(false),
});

/** The wizard's form (spec: policy form); the same body creates and updates. */
export const PolicyInput = z.strictObject({
  policyName: z
    .string()
    .trim()
    .min(1, { message: "is required" })
    .max(POLICY_LIMITS.name, { message: `must be ${POLICY_LIMITS.name} characters or fewer` }),
  category: z.enum(POLICY_CATEGORIES, { message: `must be one of ${POLICY_CATEGORIES.join(", ")}` }),
  priority: z.number().int().min(1).max(999_999).optional(),
  /** Empty for kinds that name no catalog (queries, impersonation, ...). */
  catalogName: z.union([z.literal(""), name]).default(""),
  schemaName: z.array(name).max(500).default([]),
  tables: z.array(name).max(2000).default([]),
  tags: z.array(name).max(200).default([]),
  tablePrivileges: z.array(z.enum(PRIVILEGES, { message: `must be among ${PRIVILEGES.join(", ")}` })).default([]),
  config: PolicyConfig.default({ allow: "read-only", owner: false }),
  columnDetails: z.array(ColumnMask).max(500).default([]),
  rowFilters: z.array(RowFilter).max(200).default([]),
  customRowFilter: z
    .string()
    .trim()
    .max(POLICY_LIMITS.customRowFilter, { message: `must be ${POLICY_LIMITS.customRowFilter} characters or fewer` })
    .default(""),
  assignToUsers: z.array(name).max(5000).default([]),
  assignToGroups: z.array(name).max(5000).default([]),
  access: PolicyAccess.default(defaultAccess),
  tnc: Tnc.default({
    startDate: null,
    endDate: null,
    domainNames: [],
    description: "",
    contactDetails: { name: "", extension: DEFAULT_PHONE_EXTENSION, phoneNumber: "", email: "" },
    generalTerms: { prohibitedUses: "", liabilityLimits: "", dataQualityDisclaimer: "", terminationConditions: "" },
  }),
});
export type PolicyInput = z.input<typeof PolicyInput>;
export type PolicyValues = z.output<typeof PolicyInput>;

export const Policy = z
  .object({
    id: z.number().int(),
    priority: z.number().int(),
    policyName: z.string(),
    category: z.enum(POLICY_CATEGORIES),
    state: z.enum(POLICY_STATES),
    approvalStatus: z.enum(APPROVAL_STATUSES).nullable(),
    systemPolicy: z.boolean(),
    synced: z.boolean(),
    expired: z.boolean(),
    /** What the list shows (spec section 4). */
    syncStatus: z.enum(SYNC_STATUSES),
    catalogName: z.string(),
    schemaName: z.array(z.string()),
    tables: z.array(z.string()),
    tags: z.array(z.string()),
    tablePrivileges: z.array(z.enum(PRIVILEGES)),
    config: z.object({ allow: z.enum(CATALOG_ACCESS), owner: z.boolean() }),
    columnDetails: z.array(ColumnMask),
    rowFilters: z.array(RowFilter),
    customRowFilter: z.string(),
    assignToUsers: z.array(z.string()),
    assignToGroups: z.array(z.string()),
    access: PolicyAccess,
    tnc: Tnc,
    /** A table access request's period as asked; `tnc` holds the period granted (the same until approved). */
    requestedPeriod: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() }).nullable(),
    /** Why the reviewer rejected a table access request (null unless rejected). */
    rejectionReason: z.string().nullable(),
    createdBy: z.string(),
    createdAt: z.string(),
    updatedBy: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: "Policy" });
export type Policy = z.infer<typeof Policy>;

export const PolicyQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(10),
  quick: z.enum(POLICY_QUICK_FILTERS, { message: `must be one of ${POLICY_QUICK_FILTERS.join(", ")}` }).default("all"),
  search: z.string().trim().max(100).optional(),
  category: z.enum(POLICY_CATEGORIES).optional(),
  state: z.enum(POLICY_STATES).optional(),
  id: z
    .string()
    .regex(/^\d{1,6}$/, { message: "must be at most 6 digits" })
    .optional(),
  user: z.string().trim().max(255).optional(),
  group: z.string().trim().max(255).optional(),
});
export type PolicyQuery = z.input<typeof PolicyQuery>;
export const PolicyPage = page(Policy).meta({ id: "PolicyPage" });
export type PolicyPage = z.infer<typeof PolicyPage>;

export const PolicyId = z.object({ id: z.coerce.number().int().min(1).max(999_999) });

export const ReviewBody = z.object({
  tnc: Tnc.optional(),
  columnDetails: z.array(ColumnMask).max(500).optional(),
  rowFilters: z.array(RowFilter).max(200).optional(),
  customRowFilter: z
    .string()
    .trim()
    .max(POLICY_LIMITS.customRowFilter, { message: `must be ${POLICY_LIMITS.customRowFilter} characters or fewer` })
    .optional(),
});
export type ReviewBody = z.input<typeof ReviewBody>;
/** A rejection says why: the requester reads the reason in My access. */
export const RejectBody = ReviewBody.extend({
  reason: z
    .string({ message: "is required: say why the request is rejected" })
    .trim()
    .min(1, { message: "is required: say why the request is rejected" })
    .max(POLICY_LIMITS.rejectionReason, {
      message: `must be ${POLICY_LIMITS.rejectionReason} characters or fewer`,
    }),
});
export type RejectBody = z.input<typeof RejectBody>;

/** A table access request from a data catalogue or a user: becomes a policy pending approval. */
export const AccessRequest = z.object({
  catalogName: name,
  schemaName: name,
  tableName: name,
  privileges: z.array(z.enum(PRIVILEGES)).min(1, { message: "must hold at least one privilege" }).default(["SELECT"]),
  /** Defaults to the caller. */
  username: name.optional(),
  /** More tables of the same schema, asked for in the same request. */
  moreTables: z.array(name).max(50).optional(),
  /** The columns the requester needs; recorded in the request's description for the reviewer. */
  columns: z.array(name).max(200).optional(),
  tnc: Tnc.optional(),
});
export type AccessRequest = z.input<typeof AccessRequest>;

/**
 * Trino's file-based access control rules as the console writes them. The rules engine
 * (@console/trino-access) holds the one full typing of Trino's format, and checks every rule a
 * publication carries (a rule kept verbatim may use any field Trino reads: roles, environments).
 */
const principal = { user: z.string().optional(), group: z.string().optional(), role: z.string().optional() };
const environment = z.strictObject({ user: z.string() });
export const TrinoCatalogRule = z.strictObject({
  ...principal,
  catalog: z.string().optional(),
  allow: z.enum(CATALOG_ACCESS),
});
export const TrinoSchemaRule = z.strictObject({
  ...principal,
  catalog: z.string().optional(),
  schema: z.string().optional(),
  owner: z.boolean(),
});
export const TrinoColumnRule = z.strictObject({
  name: z.string().min(1),
  allow: z.boolean().optional(),
  mask: z.string().optional(),
  mask_environment: environment.optional(),
});
export const TrinoTableRule = z.strictObject({
  ...principal,
  catalog: z.string().optional(),
  schema: z.string().optional(),
  table: z.string().optional(),
  privileges: z.array(z.enum(PRIVILEGES)),
  columns: z.array(TrinoColumnRule).optional(),
  filter: z.string().optional(),
  filter_environment: environment.optional(),
});
/** A rule of one of the other sections; its shape is checked by the rules engine (@console/trino-access). */
const OtherRule = z.record(z.string(), z.unknown());
export const TrinoRules = z.strictObject({
  catalogs: z.array(TrinoCatalogRule),
  schemas: z.array(TrinoSchemaRule),
  tables: z.array(TrinoTableRule),
  queries: z.array(OtherRule).optional(),
  impersonation: z.array(OtherRule).optional(),
  principals: z.array(OtherRule).optional(),
  system_information: z.array(OtherRule).optional(),
  system_session_properties: z.array(OtherRule).optional(),
  catalog_session_properties: z.array(OtherRule).optional(),
  functions: z.array(OtherRule).optional(),
  procedures: z.array(OtherRule).optional(),
  authorization: z.array(OtherRule).optional(),
});
export type TrinoRules = z.infer<typeof TrinoRules>;
/** A rule of any section, as published: shown and compared, never re-read as Trino's shape here. */
export const PublishedRule = z.record(z.string(), z.unknown());
/** Published rules as answers carry them (the engine checked them before they were published). */
export const PublishedRules = z.record(z.string(), z.array(PublishedRule)).meta({ id: "PublishedRules" });
export type TrinoTableRule = z.infer<typeof TrinoTableRule>;

export const PublicationSummary = z
  .object({
    number: z.number().int(),
    createdAt: z.string(),
    createdBy: z.string(),
    policyCount: z.number().int(),
    ruleCount: z.number().int(),
    etag: z.string(),
    current: z.boolean(),
    restoredFrom: z.number().int().nullable(),
  })
  .meta({ id: "PublicationSummary" });
export type PublicationSummary = z.infer<typeof PublicationSummary>;
export const Publication = PublicationSummary.extend({ rules: PublishedRules, groupFile: z.string() }).meta({
  id: "Publication",
});
export type Publication = z.infer<typeof Publication>;
export const PublicationNumber = z.object({ number: z.coerce.number().int().min(1) });
export const PublicationStatus = z
  .object({
    publication: z.number().int().nullable(),
    /** Groups named by the published policies whose members changed since it was made (republished within a minute). */
    membershipsChanged: z.array(z.string()),
  })
  .meta({ id: "PublicationStatus" });
export type PublicationStatus = z.infer<typeof PublicationStatus>;

export const PublicationDiff = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    sections: z.array(
      z.object({
        section: z.enum([...TRINO_SECTIONS, "groups"]),
        added: z.array(z.string()),
        removed: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: "PublicationDiff" });
export type PublicationDiff = z.infer<typeof PublicationDiff>;

export const SyncResult = z
  .object({
    message: z.string(),
    publication: PublicationSummary.nullable(),
    expired: z.number().int(),
    /** What Sync's lint found that does not block publishing. */
    warnings: z.array(SyncIssue).default([]),
    /** A restore: the policies of the earlier publication left out because their access period has ended. */
    endedLeftOut: z.array(z.object({ id: z.number().int(), name: z.string() })).default([]),
  })
  .meta({ id: "SyncResult" });
export type SyncResult = z.infer<typeof SyncResult>;

export const EvaluateQuery = z.object({
  username: name,
  catalog: name,
  schema: name,
  table: name,
  /** An earlier publication; the current one when absent. */
  publication: z.coerce.number().int().min(1).optional(),
});
export type EvaluateQuery = z.input<typeof EvaluateQuery>;
export const Visibility = z
  .object({
    username: z.string(),
    groups: z.array(z.string()),
    publication: z.number().int().nullable(),
    catalogAccess: z.enum(CATALOG_ACCESS),
    catalogRule: z.number().int().nullable(),
    tableRule: z.number().int().nullable(),
    privileges: z.array(z.enum(PRIVILEGES)),
    /** Privileges granted that Trino refuses all the same (INSERT, DELETE, UPDATE on a table with a column mask). */
    refusedWrites: z.array(z.enum(PRIVILEGES)),
    canSelect: z.boolean(),
    columns: z.array(
      z.object({
        name: z.string(),
        dataType: z.string().nullable(),
        visible: z.boolean(),
        mask: z.string().nullable(),
      }),
    ),
    filter: z.string().nullable(),
    /** Columns named by the rule that the table does not have (or all, when metadata is unavailable). */
    metadataAvailable: z.boolean(),
  })
  .meta({ id: "Visibility" });
export type Visibility = z.infer<typeof Visibility>;

export const Lookups = z
  .object({
    catalogs: z.array(
      z.object({
        name: z.string(),
        schemas: z.array(z.object({ name: z.string(), tables: z.array(z.object({ name: z.string() })) })),
      }),
    ),
    loadedAt: z.string(),
  })
  .meta({ id: "Lookups" });
export type Lookups = z.infer<typeof Lookups>;
export const ColumnsQuery = z.object({ catalog: name, schema: name, tables: z.string().min(1).max(20_000) });
export const TableColumns = z
  .object({
    tables: z.array(
      z.object({ table: z.string(), columns: z.array(z.object({ name: z.string(), dataType: z.string() })) }),
    ),
  })
  .meta({ id: "TableColumns" });
export type TableColumns = z.infer<typeof TableColumns>;
export const TagQuery = z.object({
  tag_type: z.enum(["tableTags", "columnTags", "tableGlossary", "columnGlossary"]),
  catalog_name: name,
  schema_name: name,
});
export const TagList = z
  .object({ data: z.array(z.object({ name: z.string(), tables: z.array(z.string()) })) })
  .meta({ id: "TagList" });
export type TagList = z.infer<typeof TagList>;
export const NameExists = z.object({ exists: z.boolean() });
export const PrincipalChoices = z
  .object({ users: z.array(z.string()), groups: z.array(z.string()) })
  .meta({ id: "PrincipalChoices" });

const access = { menu: "policy-management" } as const;
const tags = ["policies"];
const base = "/admin-api/api/v1/acl";

export const policyRoutes = {
  list: route({
    method: "GET",
    path: base,
    access,
    summary: "Policies by priority, filtered and paged",
    tags,
    query: PolicyQuery,
    response: PolicyPage,
  }),
  get: route({
    method: "GET",
    path: `${base}/:id`,
    access,
    summary: "One policy",
    tags,
    params: PolicyId,
    response: Policy,
  }),
  create: route({
    method: "POST",
    path: `${base}/add`,
    access,
    summary: "Creates a policy (needs a valid licence)",
    tags,
    body: PolicyInput,
    response: Policy,
    status: 201,
  }),
  update: route({
    method: "PUT",
    path: `${base}/:id`,
    access,
    summary: "Updates a policy (needs a valid licence)",
    tags,
    params: PolicyId,
    body: PolicyInput,
    response: Policy,
  }),
  remove: route({
    method: "DELETE",
    path: `${base}/:id`,
    access,
    summary: "Marks a policy deleted",
    tags,
    params: PolicyId,
    response: MessageBody,
  }),
  check: route({
    method: "POST",
    path: `${base}/check`,
    access,
    summary: "Checks the tables, columns and expressions a policy names against Trino, saving nothing",
    tags,
    body: PolicyInput,
    response: PolicyCheck,
  }),
  exists: route({
    method: "GET",
    path: `${base}/:name/exists`,
    access,
    summary: "Whether a policy name is taken",
    tags,
    params: z.object({ name: z.string().min(1).max(255) }),
    response: NameExists,
  }),
  enable: route({
    method: "PUT",
    path: `${base}/:id/enable`,
    access,
    summary: "Enables a policy",
    tags,
    params: PolicyId,
    response: MessageBody,
  }),
  disable: route({
    method: "PUT",
    path: `${base}/:id/disable`,
    access,
    summary: "Disables a policy",
    tags,
    params: PolicyId,
    response: MessageBody,
  }),
  clone: route({
    method: "POST",
    path: `${base}/:id/clone`,
    access,
    summary: "Copies a policy under a new name",
    tags,
    params: PolicyId,
    response: Policy,
    status: 201,
  }),
  approve: route({
    method: "PUT",
    path: `${base}/:id/approve`,
    access,
    summary: "Approves a table access request",
    tags,
    params: PolicyId,
    body: ReviewBody,
    response: MessageBody,
  }),
  reject: route({
    method: "PUT",
    path: `${base}/:id/reject`,
    access,
    summary: "Rejects a table access request, saying why (the requester reads the reason)",
    tags,
    params: PolicyId,
    body: RejectBody,
    response: MessageBody,
  }),
  request: route({
    method: "POST",
    path: `${base}/requests`,
    access: "authenticated",
    summary: "Requests access to a table (a policy pending approval)",
    tags,
    body: AccessRequest,
    response: Policy,
    status: 201,
  }),
  sync: route({
    method: "PUT",
    path: `${base}/sync`,
    access,
    summary: "Compiles, validates and publishes the rules to Trino",
    tags,
    response: SyncResult,
  }),
  preview: route({
    method: "GET",
    path: `${base}/sync/preview`,
    access,
    summary: "What Sync would publish now: its errors and warnings, without publishing",
    tags,
    response: SyncPreview,
  }),
  publications: route({
    method: "GET",
    path: `${base}/publications`,
    access,
    summary: "Publications, newest first",
    tags,
    response: z.object({ items: z.array(PublicationSummary) }),
  }),
  publication: route({
    method: "GET",
    path: `${base}/publications/:number`,
    access,
    summary: "One publication with its rules",
    tags,
    params: PublicationNumber,
    response: Publication,
  }),
  compare: route({
    method: "GET",
    path: `${base}/publications/compare`,
    access,
    summary: "What changed between two publications",
    tags,
    query: z.object({ from: z.coerce.number().int().min(1), to: z.coerce.number().int().min(1) }),
    response: PublicationDiff,
  }),
  publicationStatus: route({
    method: "GET",
    path: `${base}/publications/status`,
    access,
    summary: "Whether the publication in force still matches the group memberships it expanded",
    tags,
    response: PublicationStatus,
  }),
  restore: route({
    method: "POST",
    path: `${base}/publications/:number/restore`,
    access,
    summary: "Publishes an earlier publication again",
    tags,
    params: PublicationNumber,
    response: SyncResult,
  }),
  evaluate: route({
    method: "GET",
    path: `${base}/evaluate`,
    access,
    summary: "What a user can see of a table under a publication",
    tags,
    query: EvaluateQuery,
    response: Visibility,
  }),
  principals: route({
    method: "GET",
    path: `${base}/principals`,
    access,
    summary: "Users and groups to assign",
    tags,
    response: PrincipalChoices,
  }),
  lookups: route({
    method: "GET",
    path: "/admin-api/api/v1/lookups",
    access,
    summary: "Catalogs, schemas and tables from Trino",
    tags,
    query: z.object({ refresh: z.enum(["true", "false"]).optional() }),
    response: Lookups,
  }),
  columns: route({
    method: "GET",
    path: "/admin-api/api/v1/lookups/columns",
    access,
    summary: "Columns of tables with their types",
    tags,
    query: ColumnsQuery,
    response: TableColumns,
  }),
  tags: route({
    method: "GET",
    path: "/admin-api/api/v1/lookups/tags",
    access,
    summary: "Tags or glossary terms from the data catalogue",
    tags,
    query: TagQuery,
    response: TagList,
  }),
} as const;
