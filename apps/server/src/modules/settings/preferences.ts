import { INSIGHTS_REFRESH_DEFAULT, type InsightsPreferences } from "@console/contracts";
import { writeAudit, type Actor } from "../../platform/audit.js";
import { badRequest } from "../../platform/errors.js";
import type { Queryable } from "../../platform/db/index.js";
import type { Services } from "../../platform/services.js";
import { groupsByName, usersByName } from "../users/store.js";
import { saveSetting } from "../../platform/settings-store.js";

const KEY = "insights.preferences";

/** The insights preference as the insights module uses it. */
export interface InsightsPreference {
  isScheduled: boolean;
  /** Seconds. */
  scheduleInterval: number;
  usersToExclude: string[];
  adminGroups: string[];
}

const DEFAULTS: InsightsPreference = {
  isScheduled: false,
  scheduleInterval: INSIGHTS_REFRESH_DEFAULT,
  usersToExclude: [],
  adminGroups: [],
};

export async function readInsightsPreference(q: Queryable): Promise<InsightsPreference> {
  const { rows } = await q.query<{ value: Partial<InsightsPreference> }>(
    "SELECT value FROM app_settings WHERE key = $1",
    [KEY],
  );
  return { ...DEFAULTS, ...(rows[0]?.value ?? {}) };
}

export const toWire = (p: InsightsPreference): InsightsPreferences => ({
  is_scheduled: p.isScheduled,
  schedule_interval: p.scheduleInterval,
  users_to_exclude: p.usersToExclude.join("|"),
  admin_groups: p.adminGroups.join("|"),
});

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export async function updateInsightsPreference(
  s: Services,
  actor: Actor,
  body: { is_scheduled: boolean; schedule_interval: number; users_to_exclude: string[]; admin_groups: string[] },
): Promise<{ message: string }> {
  const users = [...new Set(body.users_to_exclude.map((u) => u.toLowerCase()))].sort();
  const groups = [...new Set(body.admin_groups)].sort();
  const [u, g] = await Promise.all([usersByName(s.db, users), groupsByName(s.db, groups)]);
  if (u.missing.length) throw badRequest(`User ${u.missing[0]} does not exist.`, "body.users_to_exclude");
  if (g.missing.length) throw badRequest(`Group ${g.missing[0]} does not exist.`, "body.admin_groups");
  const next: InsightsPreference = {
    isScheduled: body.is_scheduled,
    scheduleInterval: body.schedule_interval,
    usersToExclude: users,
    adminGroups: groups,
  };
  const message = "Insights preferences updated successfully.";
  await s.db.tx(async (q) => {
    const before = await readInsightsPreference(q);
    const changeSet = [
      { column: "is_scheduled", oldVal: before.isScheduled, newVal: next.isScheduled },
      { column: "schedule_interval", oldVal: before.scheduleInterval, newVal: next.scheduleInterval },
      { column: "users_to_exclude", oldVal: before.usersToExclude, newVal: next.usersToExclude },
      { column: "admin_groups", oldVal: before.adminGroups, newVal: next.adminGroups },
    ].filter((c) => (Array.isArray(c.oldVal) ? !sameList(c.oldVal, c.newVal as string[]) : c.oldVal !== c.newVal));
    if (changeSet.length === 0) return;
    await saveSetting(q, KEY, next);
    await writeAudit(q, {
      source: "settings-general",
      action: "Update Insights Preference",
      actor,
      status: "success",
      subjectName: "insights preference",
      summary: "Insights preference updated",
      details: { changeSet },
    });
  });
  await s.bus.publish("settings");
  return { message };
}
