import { POLICY_AUDIT_SOURCE } from "@console/contracts";
import { writeAudit, type Actor } from "../../platform/audit.js";
import type { Queryable } from "../../platform/db/index.js";
import { HttpError } from "../../platform/errors.js";
import { checkRules, compilePolicies } from "./compile.js";
import { renderTrinoGroupFile } from "../../platform/trino-groups.js";
import * as store from "./store.js";

/**
 * How often the console looks for access periods that started or ended since the current
 * publication. Periods run from the start of a day to the end of one, so a minute is on time;
 * Trino then takes the new rules at its next poll (`security.refresh-period`).
 */
export const PERIOD_CHECK_MS = 60_000;

/** Who publishes when an access period starts or ends. */
export const SYSTEM: Actor = { username: "system", ipAddress: null };

/** Whether an access period holds at `now` (both ends included, as in isExpired and inForce). */
export function inPeriod(tnc: store.KeptPolicy["tnc"], now: number): boolean {
  if (tnc.startDate && Date.parse(tnc.startDate) > now) return false;
  return !(tnc.endDate && Date.parse(tnc.endDate) < now);
}

export interface PeriodChange {
  /** Policies to compile now. */
  due: store.KeptPolicy[];
  started: store.KeptPolicy[];
  ended: store.KeptPolicy[];
}

/** What changed since a publication was compiled, or null when its rules still hold. */
export function periodChange(inputs: store.PublicationInputs, now: number): PeriodChange | null {
  const compiled = new Set(inputs.compiled);
  const due = inputs.policies.filter((p) => inPeriod(p.tnc, now));
  const started = due.filter((p) => !compiled.has(p.id));
  const ended = inputs.policies.filter((p) => compiled.has(p.id) && !inPeriod(p.tnc, now));
  return started.length || ended.length ? { due, started, ended } : null;
}

/**
 * The groups assigned to the publication's policies whose members differ now from those the
 * publication expanded (a user added or removed, by hand or by directory sync, or disabled).
 */
export function membershipChanges(inputs: store.PublicationInputs, now: Map<string, string[]>): string[] {
  const used = new Set(inputs.policies.flatMap((p) => p.assignToGroups));
  const same = (a: string[] = [], b: string[] = []) =>
    a.length === b.length && [...a].sort().join("\u0000") === [...b].sort().join("\u0000");
  return [...used].filter((g) => !same(inputs.members[g], now.get(g))).sort();
}

/** A publication's synced policies compiled as they hold now, and what changed since. */
export interface AsOfNow {
  started: store.KeptPolicy[];
  ended: store.KeptPolicy[];
  /** Groups whose members changed since: expanded as they are now. */
  groups: string[];
  due: store.KeptPolicy[];
  compiled: ReturnType<typeof compilePolicies>;
  /** Why the rules cannot be published (the compiler or the check refused them), or null. */
  problem: string | null;
  inputs: store.PublicationInputs;
}

/**
 * A publication's synced policies compiled again as they hold now: without those whose access
 * period ended, with those whose period started, and with the members of the groups they name
 * as they are now when those changed (the rules name users). Null when nothing changed, so that
 * its rules still hold. Edits not yet synced stay out: only what was published is recompiled.
 */
export function asOfNow(inputs: store.PublicationInputs, members: Map<string, string[]>, now: number): AsOfNow | null {
  const groups = membershipChanges(inputs, members);
  const change =
    periodChange(inputs, now) ??
    (groups.length > 0 ? { due: inputs.policies.filter((p) => inPeriod(p.tnc, now)), started: [], ended: [] } : null);
  if (!change) return null;
  const compiled = compilePolicies(change.due, groups.length > 0 ? members : new Map(Object.entries(inputs.members)));
  const problem = compiled.problems[0]?.message ?? checkRules(compiled.rules);
  const endedIds = new Set(change.ended.map((p) => p.id));
  return {
    ...change,
    groups,
    compiled,
    problem,
    inputs: {
      policies: inputs.policies.filter((p) => !endedIds.has(p.id)),
      members: groups.length > 0 ? Object.fromEntries(members) : inputs.members,
      compiled: change.due.map((p) => p.id),
      sources: compiled.sources,
    },
  };
}

/**
 * Publishes the current publication's policies again as they hold now (asOfNow), audited as the
 * system's Sync; the caller holds the publication lock.
 */
export async function publishPeriodChange(q: Queryable, current: store.PublicationRow, now: number) {
  if (!current.inputs) return null;
  const change = asOfNow(current.inputs, await store.groupMembers(q), now);
  if (!change) return null;
  // Checked at sync for every policy kept here; a problem now means the compiler changed since.
  if (change.problem)
    throw new HttpError(400, `The access periods cannot be applied: ${change.problem}`, "invalid_rules");
  const { compiled, groups } = change;
  const endedIds = change.ended.map((p) => p.id);
  const pub = await store.publish(q, {
    rules: compiled.rules,
    groupFile: groups.length > 0 ? await renderTrinoGroupFile(q) : current.group_file,
    etag: store.etagOf(JSON.stringify(compiled.rules)),
    policyCount: compiled.policyCount,
    restoredFrom: null,
    by: SYSTEM.username,
    inputs: change.inputs,
  });
  const { rows: noted } = await q.query<{ id: number }>(
    "UPDATE policies SET expiry_noted = true WHERE id = ANY($1::int[]) AND NOT expiry_noted RETURNING id",
    [endedIds],
  );
  const newlyNoted = new Set(noted.map((r) => r.id));
  for (const p of change.ended.filter((e) => newlyNoted.has(e.id)))
    await writeAudit(q, {
      source: POLICY_AUDIT_SOURCE,
      action: "Policy Expired",
      actor: SYSTEM,
      status: "success",
      subjectId: String(p.id),
      subjectName: p.policyName,
      details: { endDate: p.tnc.endDate, publication: pub.number },
    });
  const names = (ps: store.KeptPolicy[]) => ps.map((p) => p.policyName).join(", ") || "none";
  const periods = change.started.length + change.ended.length > 0;
  const what = [
    ...(periods ? [`access periods started (${names(change.started)}) and ended (${names(change.ended)})`] : []),
    ...(groups.length > 0 ? [`the members of ${groups.join(", ")} changed`] : []),
  ];
  await writeAudit(q, {
    source: POLICY_AUDIT_SOURCE,
    action: "Sync",
    actor: SYSTEM,
    status: "success",
    summary: `Publication ${pub.number}: ${what.join("; ")}`,
    details: {
      publication: pub.number,
      trigger: periods ? (groups.length > 0 ? "access-period,membership" : "access-period") : "membership",
      groups,
      started: change.started.map((p) => p.id),
      ended: change.ended.map((p) => p.id),
      policies: change.due.map((p) => p.id),
    },
  });
  return { pub, expired: newlyNoted.size };
}
