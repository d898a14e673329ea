import { REVIEW_AUDIT_SOURCE, REVIEW_AUDIT_ACTIONS, type ReviewItem } from "@console/contracts";
import { writeAudit, type Actor } from "../../platform/audit.js";
import type { Queryable } from "../../platform/db/index.js";
import * as reviewStore from "./review-store.js";
import * as store from "./store.js";

type Step = NonNullable<ReviewItem["revocation"]>[number];

/**
 * Carries revoked items out as one change set, in the caller's transaction: each user named in
 * a policy is taken out of its users (a policy left with nobody is disabled), each user given
 * the access through a group is taken out of that group, and access given to everyone is left
 * for a person to handle (the report says so). The policies wait for Sync (the impact preview
 * shows them); the groups' members are republished by the membership check. One audit event
 * lists the whole change set. Returns whether policies and groups changed.
 */
export async function applyRevocations(
  q: Queryable,
  items: ReviewItem[],
  actor: Actor,
  review: { id: number; name: string },
): Promise<{ policies: boolean; groups: boolean }> {
  if (items.length === 0) return { policies: false, groups: false };
  const byPolicy = new Map<number, Set<string>>();
  const byGroup = new Map<string, Set<string>>();
  for (const i of items)
    for (const p of i.paths) {
      if (p.via === "user")
        (byPolicy.get(p.policyId) ?? byPolicy.set(p.policyId, new Set()).get(p.policyId)!).add(i.username);
      if (p.via === "group" && p.group)
        (byGroup.get(p.group) ?? byGroup.set(p.group, new Set()).get(p.group)!).add(i.username);
    }
  const policies: Array<{ id: number; name: string; removed: string[]; disabled: boolean }> = [];
  for (const [id, users] of [...byPolicy].sort(([a], [b]) => a - b)) {
    const r = await store.narrowPolicy(q, id, [...users].sort(), actor.username);
    if (r) policies.push({ id, name: r.name, removed: [...users].sort(), disabled: r.disabled });
  }
  const groups: Array<{ group: string; removed: string[] }> = [];
  for (const [group, users] of [...byGroup].sort(([a], [b]) => a.localeCompare(b))) {
    const removed: string[] = [];
    for (const u of [...users].sort()) if (await store.removeFromGroup(q, u, group)) removed.push(u);
    groups.push({ group, removed });
  }
  for (const i of items) {
    const steps: Step[] = i.paths.map((p) => {
      if (p.via === "group") return { kind: "remove-from-group", detail: `${i.username} out of group ${p.group}` };
      if (p.via === "user") {
        const d = policies.find((x) => x.id === p.policyId);
        return d?.disabled
          ? {
              kind: "end-policy",
              detail: `policy ${p.policyName} (id ${p.policyId}) disabled: it gave nobody else access`,
            }
          : { kind: "narrow-assignment", detail: `${i.username} out of policy ${p.policyName} (id ${p.policyId})` };
      }
      return { kind: "manual", detail: `policy ${p.policyName} (id ${p.policyId}) gives it to everyone` };
    });
    await reviewStore.markRevoked(q, i.id, steps);
  }
  await writeAudit(q, {
    source: REVIEW_AUDIT_SOURCE,
    action: REVIEW_AUDIT_ACTIONS.revocations,
    actor,
    status: "success",
    subjectId: `review-${review.id}`,
    subjectName: review.name,
    summary: `Access review "${review.name}": ${items.length} revocation(s); ${policies.length} policy(ies) narrowed, ${groups.length} group(s) changed`,
    details: { review: review.id, items: items.map((i) => i.id), policies, groups },
  });
  return { policies: policies.length > 0, groups: groups.some((g) => g.removed.length > 0) };
}
