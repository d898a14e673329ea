import { z } from "zod";
import { CATALOG_ACCESS, PRIVILEGES } from "./policy-constants.js";
import { PublishedRule } from "./policies.js";
import { route } from "./route.js";

/** A policy that gave (or took) something in an explanation, with what it gave. */
export const ExplainedPolicy = z.object({
  id: z.number().int(),
  name: z.string(),
  /** grant: its privileges count; deny: it denies the catalog or schema; mask / filter: it decided one. */
  roles: z.array(z.enum(["grant", "deny", "mask", "filter", "hide"])),
});
export type ExplainedPolicy = z.infer<typeof ExplainedPolicy>;

export const EXPLAIN_REASONS = [
  /** The first matching table rule grants what the query needed. */
  "allowed",
  /** No table rule matched the user and table: Trino denies by default. */
  "noRuleMatched",
  /** A table rule matched but grants nothing the query needed (a deny, or other privileges). */
  "ruleDenies",
  /** No catalog rule matched: the catalog is closed by default. */
  "noCatalogRule",
  /** The matching catalog rule gives access none. */
  "catalogDenied",
  /** The table rule allows the table but hides a column the query read. */
  "columnHidden",
] as const;
export type ExplainReason = (typeof EXPLAIN_REASONS)[number];

export const ExplainedTable = z.object({
  catalog: z.string(),
  schema: z.string().nullable(),
  table: z.string().nullable(),
  /** The columns the query read (from Trino's event or its message); empty when unknown. */
  columnsRead: z.array(z.string()),
  allowed: z.boolean(),
  reason: z.enum(EXPLAIN_REASONS),
  catalogAccess: z.enum(CATALOG_ACCESS),
  /** The first matching rule, with its place in its section (0-based), or null when none matched. */
  catalogRule: z.object({ index: z.number().int(), rule: PublishedRule }).nullable(),
  tableRule: z.object({ index: z.number().int(), rule: PublishedRule }).nullable(),
  privileges: z.array(z.enum(PRIVILEGES)),
  columns: z.array(
    z.object({
      name: z.string(),
      outcome: z.enum(["visible", "masked", "hidden", "denied"]),
      mask: z.string().nullable(),
      policy: ExplainedPolicy.pick({ id: true, name: true }).nullable(),
    }),
  ),
  filter: z
    .object({ expression: z.string(), policy: ExplainedPolicy.pick({ id: true, name: true }).nullable() })
    .nullable(),
  /** The policies that apply to this user and table, in precedence order. */
  policies: z.array(ExplainedPolicy),
});
export type ExplainedTable = z.infer<typeof ExplainedTable>;

export const Explanation = z
  .object({
    queryId: z.string(),
    username: z.string(),
    createdAt: z.string(),
    query: z.string(),
    failed: z.boolean(),
    accessDenied: z.boolean(),
    errorName: z.string().nullable(),
    failureMessage: z.string().nullable(),
    /** The publication in force when the query ran (null: none existed then). */
    publication: z.object({ number: z.number().int(), createdAt: z.string() }).nullable(),
    currentPublication: z.number().int().nullable(),
    /** Where the tables came from: Trino's inputs, its access-denied message, or the query text. */
    source: z.enum(["inputs", "message", "queryText", "none"]),
    /** True when the tables or columns were worked out from a message or the query text. */
    bestEffort: z.boolean(),
    /** What Trino refused, parsed from its message (null when it did not refuse or the form is unknown). */
    denial: z
      .object({
        action: z.string(),
        catalog: z.string().nullable(),
        schema: z.string().nullable(),
        table: z.string().nullable(),
        columns: z.array(z.string()),
      })
      .nullable(),
    /** The groups the user was in, as the publication expanded them. */
    groups: z.array(z.string()),
    tables: z.array(ExplainedTable),
  })
  .meta({ id: "Explanation" });
export type Explanation = z.infer<typeof Explanation>;

export const MyTable = z.object({
  catalog: z.string(),
  /** "*" for every schema (or table) the rule covers. */
  schema: z.string(),
  table: z.string(),
  privileges: z.array(z.enum(PRIVILEGES)),
  /** Privileges granted that Trino refuses all the same (INSERT, DELETE, UPDATE on a table with a column mask). */
  refusedWrites: z.array(z.enum(PRIVILEGES)),
  columns: z.array(z.object({ name: z.string(), allow: z.boolean(), mask: z.string().nullable() })),
  filter: z.string().nullable(),
  policies: z.array(ExplainedPolicy.pick({ id: true, name: true })),
});
export type MyTable = z.infer<typeof MyTable>;

export const MyAccess = z
  .object({
    username: z.string(),
    groups: z.array(z.string()),
    publication: z.number().int().nullable(),
    tables: z.array(MyTable),
  })
  .meta({ id: "MyAccess" });
export type MyAccess = z.infer<typeof MyAccess>;

export const MY_REQUEST_STATUSES = ["pending", "approved", "rejected", "expired"] as const;
export const MyRequest = z.object({
  id: z.number().int(),
  policyName: z.string(),
  catalog: z.string(),
  schema: z.string(),
  tables: z.array(z.string()),
  privileges: z.array(z.enum(PRIVILEGES)),
  status: z.enum(MY_REQUEST_STATUSES),
  /** Approved and published to Trino. */
  inForce: z.boolean(),
  reason: z.string(),
  /** The reviewer's reason, when the request was rejected. */
  rejectionReason: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
});
export type MyRequest = z.infer<typeof MyRequest>;

export const MyDenial = z.object({
  queryId: z.string(),
  createdAt: z.string(),
  query: z.string(),
  failureMessage: z.string().nullable(),
  explanation: Explanation,
});
export type MyDenial = z.infer<typeof MyDenial>;

const tags = ["self-service"];
const base = "/admin-api/api/v1/acl";

export const selfServiceRoutes = {
  explain: route({
    method: "GET",
    path: `${base}/explain/:queryId`,
    access: "authenticated",
    summary:
      "Explains a Trino query with the publication in force when it ran: one's own queries, or any with the audits menu (another user's query is 404, as an unknown id)",
    tags,
    params: z.object({ queryId: z.string().trim().min(1).max(200) }),
    response: Explanation,
  }),
  myAccess: route({
    method: "GET",
    path: `${base}/me/access`,
    access: "authenticated",
    summary: "The tables the signed-in user can read under the current publication, with masks and row filters",
    tags,
    response: MyAccess,
  }),
  myDenials: route({
    method: "GET",
    path: `${base}/me/denials`,
    access: "authenticated",
    summary: "The signed-in user's recent access-denied queries (last 30 days), each explained",
    tags,
    response: z.object({ items: z.array(MyDenial) }),
  }),
  myRequests: route({
    method: "GET",
    path: `${base}/me/requests`,
    access: "authenticated",
    summary: "The signed-in user's table access requests and their status",
    tags,
    response: z.object({ items: z.array(MyRequest) }),
  }),
  pendingCount: route({
    method: "GET",
    path: `${base}/requests/pending-count`,
    access: { menu: "policy-management" },
    summary: "How many table access requests await a decision",
    tags,
    /** oldestId: the request waiting longest, which the header opens for review. */
    response: z.object({ count: z.number().int(), oldestId: z.number().int().nullable() }),
  }),
} as const;
