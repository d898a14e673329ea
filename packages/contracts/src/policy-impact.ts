import { z } from "zod";
import { PolicyInput, policyRoutes } from "./policies.js";
import { DEFAULT_IMPACT_WINDOW, type ImpactWindow } from "./policy-constants.js";
import { route } from "./route.js";

const windowField = z
  .union([z.literal("7"), z.literal("30"), z.literal("90"), z.literal(7), z.literal(30), z.literal(90)], {
    message: "must be 7, 30 or 90 (days)",
  })
  .default(DEFAULT_IMPACT_WINDOW)
  .transform((v) => Number(v) as ImpactWindow);

export const ImpactQuery = z.object({ window: windowField });

/** The wizard's unsaved policy (with its id when it edits a saved one), previewed against the saved policies. */
export const ImpactBody = z.object({
  window: windowField,
  policyId: z.number().int().min(1).optional(),
  policy: PolicyInput,
});

export const IMPACT_KINDS = [
  "denied",
  "allowed",
  "maskAdded",
  "maskRemoved",
  "maskChanged",
  "filterAdded",
  "filterChanged",
  "filterRemoved",
] as const;
export type ImpactKind = (typeof IMPACT_KINDS)[number];

/** One change to what one user reads of one table (of one column, for masks). */
export const ImpactChange = z
  .object({
    kind: z.enum(IMPACT_KINDS),
    user: z.string(),
    /** False when the user no longer exists in the console's directory. */
    userExists: z.boolean(),
    /** catalog.schema.table */
    table: z.string(),
    /** The column whose mask changes; null for access and row filters. */
    column: z.string().nullable(),
    /** Columns those queries read (for access changes). */
    columns: z.array(z.string()),
    /** The mask or row filter before and after (null: none). */
    before: z.string().nullable(),
    after: z.string().nullable(),
    queries: z.number().int(),
    lastSeen: z.string(),
  })
  .meta({ id: "ImpactChange" });
export type ImpactChange = z.infer<typeof ImpactChange>;

/** A service account that acted as a user in the window, and whether it still may (or now may). */
export const ImpersonationChange = z
  .object({
    kind: z.enum(["denied", "allowed"]),
    /** Who authenticated (Trino's principal), e.g. a BI tool's service account. */
    principal: z.string(),
    principalExists: z.boolean(),
    /** The user it ran queries as. */
    user: z.string(),
    queries: z.number().int(),
    lastSeen: z.string(),
  })
  .meta({ id: "ImpersonationChange" });
export type ImpersonationChange = z.infer<typeof ImpersonationChange>;

const Group = z.object({
  key: z.string(),
  /** For a user group: whether the user still exists. */
  userExists: z.boolean().nullable(),
  queries: z.number().int(),
  lastSeen: z.string(),
  changes: z.array(ImpactChange),
});

export const ImpactPreview = z
  .object({
    mode: z.enum(["sync", "policy"]),
    window: z.number().int(),
    /** The current publication compared against (null: none yet). */
    publication: z.number().int().nullable(),
    summary: z.string(),
    totals: z.object({
      users: z.number().int(),
      tables: z.number().int(),
      queries: z.number().int(),
      deniedUsers: z.number().int(),
      deniedTables: z.number().int(),
      deniedQueries: z.number().int(),
      allowedUsers: z.number().int(),
      changes: z.number().int(),
      /** Service accounts that could act as some user and no longer can, and the queries they ran so. */
      impersonationDenied: z.number().int(),
      impersonationDeniedQueries: z.number().int(),
    }),
    byUser: z.array(Group),
    byTable: z.array(Group),
    /** Impersonation rights that change for the service accounts that used them in the window. */
    impersonations: z.array(ImpersonationChange),
    /** Groups beyond the first 500 are left out of the lists (the totals count them). */
    truncated: z.boolean(),
  })
  .meta({ id: "ImpactPreview" });
export type ImpactPreview = z.infer<typeof ImpactPreview>;

/** Guarded exactly as Sync is. */
const access = policyRoutes.sync.access;
const tags = ["policies"];
const path = "/admin-api/api/v1/acl/impact";

export const impactRoutes = {
  sync: route({
    method: "GET",
    path,
    access,
    summary:
      "Impact preview of a Sync: how publishing what is in force now would change the accesses Trino's queries made in the window; changes nothing",
    tags,
    query: ImpactQuery,
    response: ImpactPreview,
  }),
  policy: route({
    method: "POST",
    path,
    access,
    summary:
      "Impact preview of one unsaved policy (new, or editing policyId) against the saved policies in force; changes nothing",
    tags,
    body: ImpactBody,
    response: ImpactPreview,
  }),
};
