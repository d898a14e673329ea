import type { Db } from "../../platform/db/index.js";
import { readDirectory, type DirectoryError } from "./ldap-client.js";
import type { LdapSettings } from "./ldap-settings.js";
import { planSync, type SyncPlan } from "./plan.js";
import {
  countDirectoryEntries,
  deleteMissingGroups,
  disableMissingUsers,
  localNames,
  setMemberships,
  upsertGroups,
  upsertUsers,
} from "./store.js";

const USER_BATCH = 1000;
const GROUP_BATCH = 100;

/** A sync that stops with a sentence for the job (as opposed to an unexpected fault). */
export class SyncFailure extends Error {}

export interface ApplyResult {
  users: number;
  groups: number;
  created: number;
  updated: number;
  disabled: string[];
  removedGroups: string[];
  membershipsAdded: number;
  membershipsRemoved: number;
  skipped: string[];
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Names the console's own directory holds are never taken over by the sync. */
async function withoutLocalConflicts(db: Db, plan: SyncPlan): Promise<SyncPlan> {
  const local = await localNames(
    db,
    plan.users.map((u) => u.username),
    plan.groups.map((g) => g.name),
  );
  const skipped = [...plan.skipped];
  for (const u of plan.users)
    if (local.users.has(u.username)) skipped.push(`user ${u.username}: a local user has this name`);
  for (const g of plan.groups)
    if (local.groups.has(g.name.toLowerCase())) skipped.push(`group ${g.name}: a local group has this name`);
  return {
    users: plan.users.filter((u) => !local.users.has(u.username)),
    groups: plan.groups.filter((g) => !local.groups.has(g.name.toLowerCase())),
    skipped,
  };
}

/**
 * Reads the whole directory first (a directory that fails changes nothing), then applies it
 * in batches, one transaction each: users, users who left, groups with their members,
 * groups that left. `stopping` is checked between batches.
 */
export async function applyDirectory(
  db: Db,
  settings: LdapSettings,
  stopping: () => boolean,
  onRead?: (users: number, groups: number) => void,
): Promise<ApplyResult> {
  const dir = await readDirectory(settings).catch((err: DirectoryError) => {
    throw new SyncFailure(err.message);
  });
  onRead?.(dir.users.length, dir.groups.length);
  const plan = await withoutLocalConflicts(db, planSync(dir.users, dir.groups));
  const held = await countDirectoryEntries(db);
  // An empty answer is far more often a wrong base or filter than an emptied directory.
  if (plan.users.length === 0 && held.users > 0)
    throw new SyncFailure(
      `The directory returned no users under ${settings.userBase}; nothing was changed. Check LDAP_USER_BASE and LDAP_USER_FILTER.`,
    );
  if (plan.groups.length === 0 && held.groups > 0)
    throw new SyncFailure(
      `The directory returned no groups under ${settings.groupBase}; nothing was changed. Check LDAP_GROUP_BASE and LDAP_GROUP_FILTER.`,
    );
  const checkStop = () => {
    if (stopping()) throw new SyncFailure("The console was stopped during the sync; run it again.");
  };

  let created = 0;
  let updated = 0;
  for (const batch of chunks(plan.users, USER_BATCH)) {
    checkStop();
    const r = await db.tx((q) => upsertUsers(q, batch));
    created += r.created;
    updated += r.updated;
  }
  checkStop();
  const disabled = await db.tx((q) =>
    disableMissingUsers(
      q,
      plan.users.map((u) => u.username),
    ),
  );

  let membershipsAdded = 0;
  let membershipsRemoved = 0;
  for (const batch of chunks(plan.groups, GROUP_BATCH)) {
    checkStop();
    const r = await db.tx(async (q) => {
      await upsertGroups(q, batch);
      return setMemberships(q, batch);
    });
    membershipsAdded += r.added;
    membershipsRemoved += r.removed;
  }
  checkStop();
  const removedGroups = await db.tx((q) =>
    deleteMissingGroups(
      q,
      plan.groups.map((g) => g.name),
    ),
  );
  return {
    users: plan.users.length,
    groups: plan.groups.length,
    created,
    updated,
    disabled,
    removedGroups,
    membershipsAdded,
    membershipsRemoved,
    skipped: plan.skipped,
  };
}

/** "1 user", "2 users" */
export const count = (n: number, word: string, plural = `${word}s`) => `${n} ${n === 1 ? word : plural}`;

/** The job's one-paragraph outcome. */
export function describeResult(r: ApplyResult, url: string): string {
  const parts = [`Synced ${count(r.users, "user")} and ${count(r.groups, "group")} from ${url}`];
  const changes = [
    r.created && `${count(r.created, "user")} created`,
    r.updated && `${r.updated} updated`,
    r.disabled.length && `${r.disabled.length} disabled (no longer in the directory)`,
    r.removedGroups.length && `${count(r.removedGroups.length, "group")} removed`,
    (r.membershipsAdded || r.membershipsRemoved) && `memberships +${r.membershipsAdded}/-${r.membershipsRemoved}`,
  ].filter(Boolean);
  parts.push(changes.length ? `: ${changes.join(", ")}.` : ": no changes.");
  if (r.skipped.length) {
    const shown = r.skipped.slice(0, 3).join("; ") + (r.skipped.length > 3 ? "; …" : "");
    parts.push(` ${count(r.skipped.length, "entry", "entries")} skipped (${shown}).`);
  }
  return parts.join("");
}
