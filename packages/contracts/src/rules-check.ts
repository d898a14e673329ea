import { z } from "zod";
import { route } from "./route.js";

/**
 * The rules checker (docs/policies.md, "Test access"): asks the rules engine what Trino would
 * decide for OPA-shaped inputs, under the publication in force, an earlier one, Sync's
 * candidate or a rules document given in the body.
 */
export const RulesCheckBody = z.strictObject({
  /** A whole Trino rules document to check against; when absent, a publication or the candidate. */
  rules: z.record(z.string(), z.unknown()).optional(),
  /** An earlier publication (the one in force when neither this, `rules` nor `candidate` is given). */
  publication: z.number().int().min(1).optional(),
  /** What Sync would publish now. */
  candidate: z.boolean().default(false),
  /** Inputs as Trino's OPA access control sends them: `{context: {identity}, action: {operation, ...}}`. */
  inputs: z.array(z.unknown()).min(1, { message: "give at least one input" }).max(10_000),
  /** Also say, for each input, which rules (or which default) decided, and why. */
  explain: z.boolean().default(false),
});
export type RulesCheckBody = z.input<typeof RulesCheckBody>;

const DecidedBy = z.union([
  z.object({ section: z.string(), index: z.number().int(), rule: z.unknown() }),
  z.object({ section: z.string(), default: z.string() }),
]);

export const RulesCheckResult = z
  .object({
    /** Which rules answered: a publication's number, the candidate or the document given. */
    source: z.enum(["publication", "candidate", "document"]),
    publication: z.number().int().nullable(),
    /**
     * One answer per input, in order: true/false; the allowed indices of a batch; for
     * GetRowFilters a list of `{expression, identity?}`; for GetColumnMask one or null.
     */
    results: z.array(z.unknown()),
    /** With `explain`: the rules or defaults that decided each answer, with the policies behind them. */
    explanations: z
      .array(
        z.object({
          reason: z.string(),
          decidedBy: z.array(DecidedBy),
          /** `system`: one of the console's own defaults (shown, never edited). */
          policies: z.array(z.object({ id: z.number().int(), name: z.string(), system: z.boolean() })),
        }),
      )
      .optional(),
  })
  .meta({ id: "RulesCheckResult" });
export type RulesCheckResult = z.infer<typeof RulesCheckResult>;

export const RulesIdentityParams = z.object({ username: z.string().trim().min(1).max(255) });
export const RulesIdentity = z
  .object({ user: z.string(), groups: z.array(z.string()), exists: z.boolean() })
  .meta({ id: "RulesIdentity" });

const access = { menu: "policy-management" } as const;
const tags = ["policies"];
export const rulesCheckRoutes = {
  check: route({
    method: "POST",
    path: "/admin-api/api/v1/acl/rules/check",
    access,
    summary: "Decides OPA-shaped inputs as Trino would under a publication, Sync's candidate or a given rules document",
    tags,
    body: RulesCheckBody,
    response: RulesCheckResult,
  }),
  identity: route({
    method: "GET",
    path: "/admin-api/api/v1/acl/rules/identity/:username",
    access,
    summary: "A console user as Trino sees them: the groups the publication in force expanded them into",
    tags,
    params: RulesIdentityParams,
    response: RulesIdentity,
  }),
};
