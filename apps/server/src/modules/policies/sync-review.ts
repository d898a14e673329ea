import type { SyncIssue } from "@console/contracts";
import { UpstreamError } from "../../platform/errors.js";
import type { CompileProblem, Narrowed } from "./compile.js";
import { STAR, type CompilePolicy } from "./entries.js";
import type { Metadata } from "./metadata.js";
import { metadataProblems } from "./name-checks.js";

export interface Review {
  errors: SyncIssue[];
  warnings: SyncIssue[];
}

const issue = (p: Pick<CompilePolicy, "id" | "policyName">, field: string | null, message: string): SyncIssue => ({
  policyId: p.id,
  policyName: p.policyName,
  field,
  message,
});

export const fromCompileProblem = (p: CompileProblem): SyncIssue => ({
  policyId: p.policyId,
  policyName: p.policyName,
  field: p.field,
  message: p.message,
});

/**
 * Checks each policy in force against Trino's catalogue again (it may have been saved while
 * Trino was unreachable, or a table may have changed since): a mask or filter that names a
 * column its table lacks is an error (Trino would fail every query on that table); a catalog,
 * schema or table that no longer exists is a warning (rules about it are inert).
 */
export async function reviewNames(policies: CompilePolicy[], meta: Metadata): Promise<Review> {
  const out: Review = { errors: [], warnings: [] };
  if (!meta.configured) {
    out.warnings.push({
      policyId: null,
      policyName: null,
      field: null,
      message: "Trino is not configured (TRINO_URL): tables and columns were not checked",
    });
    return out;
  }
  // The console's own defaults name what every Trino has (the system catalog's built-in functions).
  for (const p of policies.filter((x) => !x.system)) {
    let problems;
    try {
      problems = await metadataProblems(p, meta);
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      throw new UpstreamError(
        "Trino",
        `the policies' tables and columns cannot be checked (${err.error}); the current publication stays in force`,
        err.status === 504 ? 504 : 503,
      );
    }
    for (const x of problems)
      (x.kind === "breaks" ? out.errors : out.warnings).push(
        issue(p, x.field, x.kind === "breaks" ? x.message : `${x.message}: this part of the policy applies to nothing`),
      );
  }
  return out;
}

/**
 * Sync's warning for privileges left out of a rule (docs/policies.md, "How restrictions
 * combine"): a policy's privilege reaches a table only with the filter and masks that policy set,
 * so where another policy's restriction is the one published, it is left out. One warning per
 * granting policy, table and privileges, naming who loses them and the restricting policy.
 */
export function narrowedWarnings(narrowed: Narrowed[], policies: CompilePolicy[]): SyncIssue[] {
  const byId = new Map(policies.map((p) => [p.id, p]));
  const groups = new Map<string, { n: Narrowed; granting: number; users: string[] }>();
  for (const n of narrowed)
    for (const granting of n.grantedBy) {
      const key = JSON.stringify([granting, n.catalog, n.schema, n.table, n.privileges, n.restrictedBy]);
      const g = groups.get(key) ?? groups.set(key, { n, granting, users: [] }).get(key)!;
      g.users.push(n.user ?? "everyone");
    }
  const out: SyncIssue[] = [];
  for (const { n, granting, users } of groups.values()) {
    const p = byId.get(granting);
    if (!p) continue;
    const on = n.table === STAR ? `${n.catalog}.${n.schema}` : `${n.catalog}.${n.schema}.${n.table}`;
    const restricting = n.restrictedBy
      .filter((id) => id !== granting)
      .map((id) => `"${byId.get(id)?.policyName ?? id}"`)
      .join(", ");
    const who = users.length > 3 ? `${users.slice(0, 3).join(", ")} and ${users.length - 3} more` : users.join(", ");
    out.push(
      issue(
        p,
        "tablePrivileges",
        `its ${n.privileges.join(", ")} on ${on} are left out for ${who}: the rows or columns published there are those of ${restricting || "another policy"}, and a privilege goes only with the filter and masks of a policy that grants it`,
      ),
    );
  }
  return out;
}
