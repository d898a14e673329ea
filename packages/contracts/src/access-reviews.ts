import { z } from "zod";
import {
  ACCESS_REVIEWS_PATH,
  ACCESS_VIAS,
  DEFAULT_REMINDER_DAYS,
  REVIEW_DECISIONS,
  REVIEW_LIMITS,
  REVIEW_STATUSES,
  REVIEW_UNANSWERED,
  REVOCATION_KINDS,
  WHO_CAN_SEE_LEVELS,
  WHO_CAN_SEE_PATH,
} from "./access-review-constants.js";
import { MessageBody } from "./common.js";
import { CATALOG_ACCESS, PRIVILEGES } from "./policy-constants.js";
import { route } from "./route.js";

/** A catalog, schema, table, column or principal name as Trino and the directory know it. */
const name = z
  .string()
  .trim()
  .min(1, { message: "is required" })
  .max(255, { message: "must be 255 characters or fewer" })
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  .refine((v) => !/[\u0000-\u001f]/.test(v), { message: "must not contain control characters" });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date as YYYY-MM-DD" });

export const WhoCanSeeQuery = z
  .object({
    catalog: name,
    schema: name.optional(),
    table: name.optional(),
    column: name.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.table !== undefined && q.schema === undefined)
      ctx.addIssue({ code: "custom", path: ["schema"], message: "is required with a table" });
    if (q.column !== undefined && q.table === undefined)
      ctx.addIssue({ code: "custom", path: ["table"], message: "is required with a column" });
  });
export type WhoCanSeeQuery = z.input<typeof WhoCanSeeQuery>;

export const AccessPath = z.object({
  policyId: z.number().int(),
  policyName: z.string(),
  via: z.enum(ACCESS_VIAS),
  /** The group the policy is assigned to, when it comes through a group. */
  group: z.string().nullable(),
  /** The policy's access period end, or null when it has none. */
  endDate: z.string().nullable(),
  createdBy: z.string(),
});
export type AccessPath = z.infer<typeof AccessPath>;

export const WhoCanSeeUser = z.object({
  username: z.string(),
  /** False for a user of the directory who is disabled (Trino still decides for the name). */
  enabled: z.boolean(),
  groups: z.array(z.string()),
  catalogAccess: z.enum(CATALOG_ACCESS),
  catalogRule: z.number().int().nullable(),
  /** The first matching table rule (its place in the published rules), which decides. */
  tableRule: z.number().int().nullable(),
  privileges: z.array(z.enum(PRIVILEGES)),
  /** The policies behind the deciding rule that apply to this user, and how they reach them. */
  paths: z.array(AccessPath),
  masks: z.array(z.object({ column: z.string(), mask: z.string() })),
  hidden: z.array(z.string()),
  filter: z.string().nullable(),
  /** The latest end of an access period among the granting policies; null when one has none. */
  until: z.string().nullable(),
  lastRead: z.string().nullable(),
  queries30: z.number().int(),
  queries90: z.number().int(),
});
export type WhoCanSeeUser = z.infer<typeof WhoCanSeeUser>;

export const WhoCanSee = z
  .object({
    level: z.enum(WHO_CAN_SEE_LEVELS),
    catalog: z.string(),
    schema: z.string().nullable(),
    table: z.string().nullable(),
    column: z.string().nullable(),
    publication: z.number().int().nullable(),
    /** How many users were decided for (the directory's, and names the policies give to). */
    usersChecked: z.number().int(),
    users: z.array(WhoCanSeeUser),
    /** Groups whose policies would give it to a new member (from the next publication on). */
    groups: z.array(
      z.object({ name: z.string(), policies: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
    ),
  })
  .meta({ id: "WhoCanSee" });
export type WhoCanSee = z.infer<typeof WhoCanSee>;

export const ReviewScope = z
  .strictObject({
    catalogs: z.array(name).max(REVIEW_LIMITS.scopeEntries).default([]),
    /** catalog.schema */
    schemas: z
      .array(z.string().regex(/^[^.\s]+\.[^.\s]+$/, { message: "must be catalog.schema" }))
      .max(REVIEW_LIMITS.scopeEntries)
      .default([]),
    /** catalog.schema.table */
    tables: z
      .array(z.string().regex(/^[^.\s]+\.[^.\s]+\.[^.\s]+$/, { message: "must be catalog.schema.table" }))
      .max(REVIEW_LIMITS.scopeEntries)
      .default([]),
    policies: z.array(z.number().int().positive()).max(REVIEW_LIMITS.scopeEntries).default([]),
    groups: z.array(name).max(REVIEW_LIMITS.scopeEntries).default([]),
  })
  .refine((s) => s.catalogs.length + s.schemas.length + s.tables.length + s.policies.length + s.groups.length > 0, {
    message: "names no catalog, schema, table, policy or group",
  });
export type ReviewScope = z.infer<typeof ReviewScope>;

export const ReviewInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: "is required" })
    .max(REVIEW_LIMITS.name, { message: `must be ${REVIEW_LIMITS.name} characters or fewer` }),
  scope: ReviewScope,
  /** Named reviewers and a reviewer group; with neither, whoever created each policy reviews its items. */
  reviewers: z
    .strictObject({
      users: z.array(name).max(REVIEW_LIMITS.reviewers).default([]),
      group: name.nullable().default(null),
    })
    .default({ users: [], group: null }),
  dueDate: day,
  /** Days before the due date on which reviewers with open items are reminded. */
  reminderDays: z
    .array(z.number().int().min(1).max(365))
    .max(REVIEW_LIMITS.reminders)
    .default([...DEFAULT_REMINDER_DAYS]),
  unanswered: z.enum(REVIEW_UNANSWERED, { message: "must be keep or revoke" }),
  /** Publish the revocations when the review closes (otherwise they wait for Sync). */
  publishOnClose: z.boolean().default(false),
});
export type ReviewInput = z.input<typeof ReviewInput>;

const Counts = z.object({
  total: z.number().int(),
  open: z.number().int(),
  keep: z.number().int(),
  revoke: z.number().int(),
  end: z.number().int(),
});

export const AccessReview = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scope: ReviewScope,
    reviewers: z.object({ users: z.array(z.string()), group: z.string().nullable() }),
    dueDate: z.string(),
    reminderDays: z.array(z.number().int()),
    unanswered: z.enum(REVIEW_UNANSWERED),
    publishOnClose: z.boolean(),
    status: z.enum(REVIEW_STATUSES),
    publication: z.number().int().nullable(),
    createdBy: z.string(),
    createdAt: z.string(),
    closedAt: z.string().nullable(),
    closedBy: z.string().nullable(),
    counts: Counts,
    /** Revocations carried out into the policies and groups, waiting for Sync or published. */
    revocationsApplied: z.number().int(),
  })
  .meta({ id: "AccessReview" });
export type AccessReview = z.infer<typeof AccessReview>;

export const ReviewItem = z
  .object({
    id: z.number().int(),
    reviewId: z.number().int(),
    reviewName: z.string(),
    dueDate: z.string(),
    username: z.string(),
    catalog: z.string(),
    schema: z.string(),
    /** "*" for access to a whole schema. */
    table: z.string(),
    privileges: z.array(z.enum(PRIVILEGES)),
    paths: z.array(AccessPath),
    /** Who granted the access and when, from the audit trail (the first granting policy's creation). */
    grantedBy: z.string().nullable(),
    grantedAt: z.string().nullable(),
    lastRead: z.string().nullable(),
    queries30: z.number().int(),
    queries90: z.number().int(),
    reviewer: z.string(),
    decision: z.enum(REVIEW_DECISIONS).nullable(),
    endDate: z.string().nullable(),
    comment: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
    /** True when nobody decided by the due date and the review's default was taken. */
    byDefault: z.boolean(),
    /** How the revocation was carried out, once it was. */
    revocation: z.array(z.object({ kind: z.enum(REVOCATION_KINDS), detail: z.string() })).nullable(),
  })
  .meta({ id: "ReviewItem" });
export type ReviewItem = z.infer<typeof ReviewItem>;

export const ReviewItemQuery = z.object({
  decision: z.enum([...REVIEW_DECISIONS, "open"]).optional(),
  reviewer: name.optional(),
  username: name.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const ReviewItemPage = z
  .object({ items: z.array(ReviewItem), total: z.number().int() })
  .meta({ id: "ReviewItemPage" });
export type ReviewItemPage = z.infer<typeof ReviewItemPage>;

export const DecisionInput = z
  .strictObject({
    decision: z.enum(REVIEW_DECISIONS, { message: "must be keep, revoke or end" }),
    /** For end: the last day of the access. */
    endDate: day.nullable().default(null),
    comment: z
      .string()
      .trim()
      .max(REVIEW_LIMITS.comment, { message: `must be ${REVIEW_LIMITS.comment} characters or fewer` })
      .default(""),
  })
  .superRefine((d, ctx) => {
    if (d.decision === "end" && d.endDate === null)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "is required to end the access on a date" });
    if (d.decision !== "end" && d.endDate !== null)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "is given only to end the access on a date" });
  });
export type DecisionInput = z.input<typeof DecisionInput>;

const ReviewId = z.object({ id: z.coerce.number().int().positive() });
const admin = { menu: "policy-management" } as const;
const tags = ["access reviews"];

export const whoCanSeeRoutes = {
  whoCanSee: route({
    method: "GET",
    path: WHO_CAN_SEE_PATH,
    access: admin,
    summary:
      "Who can read a catalog, schema, table or column under the current publication, how (groups, policies, the deciding rule, masks, row filter, until when) and their last reads (who-can-see.csv: the same as CSV)",
    tags: ["policies"],
    query: WhoCanSeeQuery,
    response: WhoCanSee,
  }),
} as const;

export const accessReviewRoutes = {
  start: route({
    method: "POST",
    path: ACCESS_REVIEWS_PATH,
    access: admin,
    summary: "Starts an access review: one item per person's access to each table in scope",
    tags,
    body: ReviewInput,
    response: AccessReview,
    status: 201,
  }),
  list: route({
    method: "GET",
    path: ACCESS_REVIEWS_PATH,
    access: admin,
    summary: "Access reviews, newest first",
    tags,
    response: z.object({ items: z.array(AccessReview) }),
  }),
  get: route({
    method: "GET",
    path: `${ACCESS_REVIEWS_PATH}/:id`,
    access: admin,
    summary: "One access review",
    tags,
    params: ReviewId,
    response: AccessReview,
  }),
  items: route({
    method: "GET",
    path: `${ACCESS_REVIEWS_PATH}/:id/items`,
    access: admin,
    summary: "A review's items with their evidence and decisions",
    tags,
    params: ReviewId,
    query: ReviewItemQuery,
    response: ReviewItemPage,
  }),
  close: route({
    method: "POST",
    path: `${ACCESS_REVIEWS_PATH}/:id/close`,
    access: admin,
    summary:
      "Closes a review: undecided items take its default, revocations become one change set (published now when the review says so)",
    tags,
    params: ReviewId,
    response: AccessReview,
  }),
  mine: route({
    method: "GET",
    path: `${ACCESS_REVIEWS_PATH}/mine/items`,
    access: "authenticated",
    summary: "The signed-in reviewer's items in open reviews (open ones first)",
    tags,
    query: ReviewItemQuery.pick({ decision: true, offset: true, limit: true }),
    response: ReviewItemPage,
  }),
  mineCount: route({
    method: "GET",
    path: `${ACCESS_REVIEWS_PATH}/mine/count`,
    access: "authenticated",
    summary: "How many items await the signed-in reviewer's decision",
    tags,
    response: z.object({ count: z.number().int() }),
  }),
  decide: route({
    method: "PUT",
    path: `${ACCESS_REVIEWS_PATH}/items/:itemId/decision`,
    access: "authenticated",
    summary:
      "Decides one item (keep, revoke, or end on a date) with a comment: its reviewer, or an administrator with policy management",
    tags,
    params: z.object({ itemId: z.coerce.number().int().positive() }),
    body: DecisionInput,
    response: MessageBody,
  }),
} as const;
