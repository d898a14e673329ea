import { POLICY_AUDIT_SOURCE } from "@console/contracts";
import { writeAudit, type Actor } from "../../platform/audit.js";
import type { Queryable } from "../../platform/db/index.js";
import { HttpError } from "../../platform/errors.js";
import { checkRules, compilePolicies } from "./compile.js";
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
 * Publishes the current publication's policies again without those whose access period
 * ended and with those whose period started; the caller holds the publication lock.
 * Edits not yet synced stay unpublished: only what was synced is recompiled.
 */
export async function publishPeriodChange(q: Queryable, current: store.PublicationRow, now: number) {
  const inputs = current.inputs;
  const change = inputs ? periodChange(inputs, now) : null;
  if (!inputs || !change) return null;
  const compiled = compilePolicies(change.due, new Map(Object.entries(inputs.members)));
  // Checked at sync for every policy kept here; a problem now means the compiler changed since.
  const why = compiled.problems[0]?.message ?? checkRules(compiled.rules);
  if (why) throw new HttpError(400, `The access periods cannot be applied: ${why}`, "invalid_rules");
  const endedIds = new Set(change.ended.map((p) => p.id));
  const pub = await store.publish(q, {
    rules: compiled.rules,
    groupFile: current.group_file,
    etag: store.etagOf(JSON.stringify(compiled.rules)),
    policyCount: compiled.policyCount,
    restoredFrom: null,
    by: SYSTEM.username,
    inputs: {
      policies: inputs.policies.filter((p) => !endedIds.has(p.id)),
      members: inputs.members,
      compiled: change.due.map((p) => p.id),
      sources: compiled.sources,
    },
  });
  const { rows: noted } = await q.query<{ id: number }>(
    "UPDATE policies SET expiry_noted = true WHERE id = ANY($1::int[]) AND NOT expiry_noted RETURNING id",
    [[...endedIds]],
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
  await writeAudit(q, {
    source: POLICY_AUDIT_SOURCE,
    action: "Sync",
    actor: SYSTEM,
    status: "success",
    summary: `Publication ${pub.number}: access periods started (${names(change.started)}) and ended (${names(change.ended)})`,
    details: {
      publication: pub.number,
      trigger: "access-period",
      started: change.started.map((p) => p.id),
      ended: change.ended.map((p) => p.id),
      policies: change.due.map((p) => p.id),
    },
  });
  return { pub, expired: newlyNoted.size };
}
