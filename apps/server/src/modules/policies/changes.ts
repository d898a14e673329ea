import type { Policy } from "@console/contracts";

export interface Change {
  column: string;
  oldVal: string;
  newVal: string;
}

const text = (v: unknown) => (v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));

/** The change set of the policy audit (spec: columns handled in policy change sets). */
export function changeSet(before: Partial<Policy> | null, after: Partial<Policy>): Change[] {
  const pick = (p: Partial<Policy> | null) => ({
    policyName: p?.policyName,
    category: p?.category,
    catalogName: p?.catalogName,
    schemaName: p?.schemaName?.join("|"),
    tables: p?.tables?.join("|"),
    tags: p?.tags?.join("|"),
    tablePrivileges: p?.tablePrivileges?.join(","),
    accessPeriod: p?.tnc ? `${p.tnc.startDate ?? ""} - ${p.tnc.endDate ?? ""}` : undefined,
    approvalStatus: p?.approvalStatus,
    rejectionReason: p?.rejectionReason ?? undefined,
    rowFilters: p?.rowFilters,
    customRowFilter: p?.customRowFilter,
    assignToUsers: p?.assignToUsers?.join("|"),
    assignToGroups: p?.assignToGroups?.join("|"),
    columnDetails: p?.columnDetails,
    config: p?.config,
    // What a rules-file kind gives (the data categories keep the defaults, which never change).
    access: p?.access,
    tnc: p?.tnc
      ? { description: p.tnc.description, contactDetails: p.tnc.contactDetails, generalTerms: p.tnc.generalTerms }
      : undefined,
  });
  const a = pick(before);
  const b = pick(after);
  const out: Change[] = [];
  for (const key of Object.keys(b) as Array<keyof typeof b>) {
    const o = text(a[key]);
    const n = text(b[key]);
    if (o !== n) out.push({ column: key, oldVal: o, newVal: n });
  }
  return out;
}
