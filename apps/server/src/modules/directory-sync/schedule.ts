import type { SyncSchedule } from "@console/contracts";
import { writeAudit, type Actor } from "../../platform/audit.js";
import type { Queryable } from "../../platform/db/index.js";
import type { Services } from "../../platform/services.js";
import { saveSetting } from "../../platform/settings-store.js";

export const SYNC_AUDIT = "user-management-sync";
const KEY = "directorySync.schedule";

export interface Schedule {
  periodic: boolean;
  periodMinutes: number;
}

export async function readSchedule(s: Services, q: Queryable = s.db): Promise<Schedule> {
  const { rows } = await q.query<{ value: Partial<Schedule> }>("SELECT value FROM app_settings WHERE key = $1", [KEY]);
  const stored = rows[0]?.value ?? {};
  return {
    periodic: typeof stored.periodic === "boolean" ? stored.periodic : s.config.SYNC_PERIODIC,
    periodMinutes: typeof stored.periodMinutes === "number" ? stored.periodMinutes : s.config.SYNC_PERIOD_MINUTES,
  };
}

export const toWire = (x: Schedule): SyncSchedule => ({
  periodicfullsync: x.periodic,
  fullsyncperiod: x.periodMinutes,
});

/** Saves the schedule with its audit event; the scheduler reads it on its next tick. */
export async function writeSchedule(s: Services, actor: Actor, next: Schedule): Promise<{ message: string }> {
  await s.db.tx(async (q) => {
    const before = await readSchedule(s, q);
    if (before.periodic === next.periodic && before.periodMinutes === next.periodMinutes) return;
    await saveSetting(q, KEY, next);
    await writeAudit(q, {
      source: SYNC_AUDIT,
      action: "Sync Schedule Updated",
      actor,
      status: "Completed",
      summary: next.periodic
        ? `Periodic full sync every ${next.periodMinutes} minutes`
        : "Periodic full sync turned off",
      details: {
        changeSet: [
          { column: "periodicFullSync", oldVal: before.periodic, newVal: next.periodic },
          { column: "fullSyncPeriod", oldVal: before.periodMinutes, newVal: next.periodMinutes },
        ].filter((c) => c.oldVal !== c.newVal),
      },
    });
  });
  return { message: "Sync period updated." };
}

/** Whether a periodic sync is due: never ran, or the last one started a whole period ago. */
export function isDue(schedule: Schedule, lastStartedAt: Date | null, now: number): boolean {
  if (!schedule.periodic) return false;
  if (!lastStartedAt) return true;
  return now - lastStartedAt.getTime() >= schedule.periodMinutes * 60_000;
}
