import type { AssignmentUpdate } from "@console/contracts";
import type { Principal } from "../../platform/access.js";
import { writeAudit, type Actor } from "../../platform/audit.js";
import { badRequest, forbidden, notFound } from "../../platform/errors.js";
import { checkGroupChange, checkManage, keepAnAdministrator } from "../../platform/grants.js";
import type { Services } from "../../platform/services.js";
import { endSessionsOfUsersWithoutMenus } from "../../platform/sessions.js";
import { groupsByName, usersByName } from "../users/store.js";
import { listPermissions, replaceAssignments, type PermissionKind, type PermissionRow } from "./store.js";

interface Ctx {
  principal: Principal;
  actor: Actor;
}

/** The menu whose loss would leave no one able to give it back. */
const SETTINGS_MENU = "settings";

async function load(s: Services, k: PermissionKind, id: number): Promise<PermissionRow> {
  const row = (await listPermissions(s.db, k, id))[0];
  if (!row) throw notFound(`The ${k.kind} permission`);
  return row;
}

function allows(row: Pick<PermissionRow, "status" | "users" | "groups">, p: Principal): boolean {
  return row.status && (row.users.includes(p.username) || p.groups.some((g) => row.groups.includes(g)));
}

/** Refuses a change to the settings menu that would shut its author out of settings. */
function keepOwnSettingsAccess(k: PermissionKind, before: PermissionRow, after: PermissionRow, p: Principal): void {
  if (k.kind !== "menu" || before.key !== SETTINGS_MENU) return;
  if (allows(before, p) && !allows(after, p))
    throw badRequest(
      "This change would take Settings away from you. Keep yourself or one of your groups assigned.",
      "body",
    );
}

const notHeld = (k: PermissionKind, row: Pick<PermissionRow, "name">) =>
  `You do not hold the ${row.name} ${k.kind}, so you cannot give it, take it away or switch it on or off.`;

/** For the settings tables: why the signed-in user may not change a row (by the rule below), or null. */
export async function whyNotChange(s: Services, k: PermissionKind, actor: Principal) {
  const holds = await s.access.privilegesOf(actor);
  const held = k.kind === "menu" ? holds.menus : holds.components;
  return (row: Pick<PermissionRow, "key" | "name">) => (held.has(row.key) ? null : notHeld(k, row));
}

/** Only someone who holds a menu or component may give it, take it away or switch it. */
async function checkHolds(s: Services, k: PermissionKind, actor: Principal, row: PermissionRow, verb: string) {
  if ((await whyNotChange(s, k, actor))(row))
    throw forbidden(`You cannot ${verb} the ${row.name} ${k.kind}: you do not hold it.`, "privilege_not_held");
}

/**
 * Who may change an assignment: someone who holds the menu or component, changing neither
 * themselves nor a user or group that holds something they do not.
 */
async function checkAssignmentChange(
  s: Services,
  k: PermissionKind,
  actor: Principal,
  row: PermissionRow,
  of: "users" | "groups",
  added: string[],
  removed: string[],
): Promise<void> {
  await checkHolds(s, k, actor, row, added.length ? "grant" : removed.length ? "take away" : "change who holds");
  const action = `change the ${k.kind}s of`;
  const changed = [...added, ...removed];
  // Read in one query: one lookup per user made each change cost a round trip per name.
  const users = of === "users" ? await s.directory.findMany(changed) : null;
  for (const name of changed) {
    if (!users) await checkGroupChange(s.access, actor, name, action);
    else {
      const user = users.get(name.toLowerCase());
      await checkManage(s.access, actor, { id: user?.id, username: name, groups: user?.groups ?? [] }, action);
    }
  }
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export async function updateAssignment(
  s: Services,
  k: PermissionKind,
  ctx: Ctx,
  id: number,
  body: AssignmentUpdate,
): Promise<{ message: string }> {
  const of = "usersToAssign" in body ? "users" : "groups";
  const field = of === "users" ? "body.usersToAssign" : "body.groupsToAssign";
  const requested = [
    ...new Set("usersToAssign" in body ? body.usersToAssign.map((u) => u.toLowerCase()) : body.groupsToAssign),
  ];
  const [before, { found, missing }] = await Promise.all([
    load(s, k, id),
    of === "users" ? usersByName(s.db, requested) : groupsByName(s.db, requested),
  ]);
  if (missing.length) throw badRequest(`${of === "users" ? "User" : "Group"} ${missing[0]} does not exist.`, field);
  // Both sides sorted alike here: the database's collation may order names differently.
  const order = of === "users" ? undefined : byGroupName;
  const newNames = found.map((x) => x.name).sort(order);
  const oldNames = [...before[of]].sort(order);
  const what = `${of === "users" ? "Users" : "Groups"} of ${k.kind} ${before.name} updated.`;
  const added = newNames.filter((n) => !oldNames.includes(n));
  const removed = oldNames.filter((n) => !newNames.includes(n));
  // Checked before a change that changes nothing is answered: a non-holder learns no more there.
  await checkAssignmentChange(s, k, ctx.principal, before, of, added, removed);
  if (sameList(oldNames, newNames)) return { message: what };
  keepOwnSettingsAccess(k, before, { ...before, [of]: newNames }, ctx.principal);
  await s.db.tx((q) =>
    keepAnAdministrator(q, field, async () => {
      await replaceAssignments(
        q,
        k,
        id,
        of,
        found.map((x) => x.id),
      );
      await writeAudit(q, {
        source: k.auditSource,
        action: of === "users" ? "Update Assigned Users" : "Update Assigned Groups",
        actor: ctx.actor,
        status: "success",
        subjectId: String(id),
        subjectName: before.name,
        summary: what.replace(/\.$/, ""),
        details: {
          key: before.key,
          changeSet: [
            { column: of === "users" ? "assignedUsers" : "assignedGroups", oldVal: oldNames, newVal: newNames },
          ],
        },
      });
      if (k.kind === "menu") await endSessionsOfUsersWithoutMenus(q, s.config, before);
    }),
  );
  await s.bus.publish("access");
  return { message: what };
}

const byGroupName = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

export async function updateStatus(
  s: Services,
  k: PermissionKind,
  ctx: Ctx,
  id: number,
  status: boolean,
): Promise<{ message: string }> {
  const before = await load(s, k, id);
  const what = `${k.label} ${before.name} is now ${status ? "active" : "inactive"}.`;
  // Held or not is answered first, as for an assignment: setting the status it has is no way around it.
  await checkHolds(s, k, ctx.principal, before, "switch on or off");
  if (before.status === status) return { message: what };
  if (k.kind === "menu" && before.key === SETTINGS_MENU && !status)
    throw badRequest(
      "The Settings menu cannot be made inactive: no one could reach Settings to turn it back on.",
      "body.status",
    );
  await s.db.tx((q) =>
    keepAnAdministrator(q, "body.status", async () => {
      await q.query(`UPDATE ${k.table} SET status = $2 WHERE id = $1`, [id, status]);
      await writeAudit(q, {
        source: k.auditSource,
        action: status ? "Activate" : "Deactivate",
        actor: ctx.actor,
        status: "success",
        subjectId: String(id),
        subjectName: before.name,
        summary: what.replace(/\.$/, ""),
        details: { key: before.key, changeSet: [{ column: "status", oldVal: before.status, newVal: status }] },
      });
      if (k.kind === "menu") await endSessionsOfUsersWithoutMenus(q, s.config, before);
    }),
  );
  await s.bus.publish("access");
  return { message: what };
}
