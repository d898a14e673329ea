import { z } from "zod";

/** One thing Sync found: an error refuses the publication, a warning does not. */
export const SyncIssue = z
  .object({
    policyId: z.number().int().nullable(),
    policyName: z.string().nullable(),
    /** The policy's field concerned, when one is. */
    field: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: "SyncIssue" });
export type SyncIssue = z.infer<typeof SyncIssue>;

/** What Sync would publish now, without publishing it. */
export const SyncPreview = z
  .object({
    policyCount: z.number().int(),
    ruleCount: z.number().int(),
    errors: z.array(SyncIssue),
    warnings: z.array(SyncIssue),
  })
  .meta({ id: "SyncPreview" });
export type SyncPreview = z.infer<typeof SyncPreview>;

/** What a policy being written names that Trino does not have (empty when Trino cannot answer). */
export const PolicyCheck = z
  .object({ problems: z.array(z.object({ field: z.string(), message: z.string() })) })
  .meta({ id: "PolicyCheck" });
export type PolicyCheck = z.infer<typeof PolicyCheck>;
