import type { AccessReview, ReviewItem } from "@console/contracts";
import { csvLines } from "../../platform/csv.js";

const pathText = (i: ReviewItem) =>
  i.paths
    .map((p) => `${p.via === "group" ? `group ${p.group}` : p.via} -> policy ${p.policyName} (id ${p.policyId})`)
    .join("; ");

/** A review's report: who decided what, when and why, and what changed, one line per item. */
export function reportCsv(r: AccessReview, items: ReviewItem[]): string {
  return csvLines([
    [
      "review",
      "item",
      "username",
      "catalog",
      "schema",
      "table",
      "privileges",
      "path",
      "granted_by",
      "granted_at",
      "last_read",
      "queries_30_days",
      "queries_90_days",
      "reviewer",
      "decision",
      "end_date",
      "comment",
      "decided_by",
      "decided_at",
      "by_default",
      "changes",
    ],
    ...items.map((i) => [
      r.name,
      i.id,
      i.username,
      i.catalog,
      i.schema,
      i.table,
      i.privileges.join(" "),
      pathText(i),
      i.grantedBy,
      i.grantedAt,
      i.lastRead,
      i.queries30,
      i.queries90,
      i.reviewer,
      i.decision ?? "undecided",
      i.endDate,
      i.comment,
      i.decidedBy,
      i.decidedAt,
      i.byDefault,
      (i.revocation ?? []).map((s) => `${s.kind}: ${s.detail}`).join("; "),
    ]),
  ]);
}
