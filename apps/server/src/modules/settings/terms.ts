import type { DefaultTerms } from "@console/contracts";
import { writeAudit, type Actor } from "../../platform/audit.js";
import type { Queryable } from "../../platform/db/index.js";
import type { Services } from "../../platform/services.js";
import { saveSetting } from "../../platform/settings-store.js";

const KEY = "policies.defaultTerms";

/** What ships until an administrator edits them (spec: sample agreement defaults), each within the term limit. */
export const SHIPPED_TERMS: DefaultTerms = {
  prohibitedUses:
    "Use the data only for the purpose stated in this request. Do not share it outside your team, " +
    "re-identify individuals, sell it or copy it to systems the platform does not manage.",
  liabilityLimits:
    "The data is provided as is. The data owner is not liable for decisions taken on it or for loss " +
    "arising from its use beyond what the law requires.",
  dataQualityDisclaimer:
    "The data may contain errors or gaps. Report any data errors you find to the data owner within " +
    "30 days of finding them.",
  terminationConditions:
    "Either party may end this access with 30 days' written notice. Access ends at once if these " +
    "terms are broken, and the data must then be deleted.",
};

export async function readDefaultTerms(q: Queryable): Promise<DefaultTerms> {
  const { rows } = await q.query<{ value: Partial<DefaultTerms> }>("SELECT value FROM app_settings WHERE key = $1", [
    KEY,
  ]);
  return { ...SHIPPED_TERMS, ...(rows[0]?.value ?? {}) };
}

export async function updateDefaultTerms(s: Services, actor: Actor, next: DefaultTerms): Promise<{ message: string }> {
  await s.db.tx(async (q) => {
    const before = await readDefaultTerms(q);
    const changeSet = (Object.keys(SHIPPED_TERMS) as Array<keyof DefaultTerms>)
      .filter((k) => before[k] !== next[k])
      .map((k) => ({ column: k, oldVal: before[k], newVal: next[k] }));
    if (changeSet.length === 0) return;
    await saveSetting(q, KEY, next);
    await writeAudit(q, {
      source: "settings-general",
      action: "Update Default Terms",
      actor,
      status: "success",
      subjectName: "default general terms",
      summary: "Default general terms updated",
      details: { changeSet },
    });
  });
  return { message: "Default general terms updated." };
}
