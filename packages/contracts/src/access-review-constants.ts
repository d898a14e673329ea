/** Constants of "who can see this" and of access reviews (docs/reviews.md), shared by server and web app. */

export const WHO_CAN_SEE_PATH = "/admin-api/api/v1/acl/who-can-see";
export const WHO_CAN_SEE_CSV_PATH = "/admin-api/api/v1/acl/who-can-see.csv";
export const ACCESS_REVIEWS_PATH = "/admin-api/api/v1/access-reviews";

/** What a user's access to a table comes through: the user named in a policy, one of their groups, or everyone. */
export const ACCESS_VIAS = ["user", "group", "everyone"] as const;
export type AccessVia = (typeof ACCESS_VIAS)[number];

/** The level a who-can-see question is asked at. */
export const WHO_CAN_SEE_LEVELS = ["catalog", "schema", "table", "column"] as const;
export type WhoCanSeeLevel = (typeof WHO_CAN_SEE_LEVELS)[number];

/** The query-count windows of the evidence, in days (the access rollup keeps 91). */
export const USAGE_WINDOWS = [30, 90] as const;

/** A reviewer's answer on one item. */
export const REVIEW_DECISIONS = ["keep", "revoke", "end"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** What happens at the due date to the items nobody decided. */
export const REVIEW_UNANSWERED = ["keep", "revoke"] as const;
export type ReviewUnanswered = (typeof REVIEW_UNANSWERED)[number];

export const REVIEW_STATUSES = ["open", "closed"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * How a revocation is carried out, one per way the access is given: the user taken out of a
 * policy's users (a policy left with nobody is disabled), the user taken out of a group, or
 * nothing the console can do for one person (access given to everyone: the report says so).
 */
export const REVOCATION_KINDS = ["narrow-assignment", "end-policy", "remove-from-group", "manual"] as const;
export type RevocationKind = (typeof REVOCATION_KINDS)[number];

export const REVIEW_LIMITS = {
  name: 100,
  comment: 1000,
  scopeEntries: 200,
  reviewers: 200,
  reminders: 5,
  /** Items one review may hold; a wider scope is refused with a 400. */
  items: 200_000,
} as const;

/** Reminders: days before the due date a reviewer with open items is reminded. */
export const DEFAULT_REMINDER_DAYS = [7, 1] as const;

/** How often the console closes due reviews, applies ended dates and sends reminders (one replica). */
export const REVIEW_CHECK_MS = 60_000;

/** The audit trail's source of access reviews' events (the Access Reviews tab of Policy Management). */
export const REVIEW_AUDIT_SOURCE = "policy-management-reviews";

/** Audit actions of access reviews. */
export const REVIEW_AUDIT_ACTIONS = {
  start: "Access Review Started",
  decide: "Access Review Decision",
  due: "Access Review Due",
  close: "Access Review Closed",
  revocations: "Access Review Revocations",
  reminder: "Access Review Reminder",
} as const;
