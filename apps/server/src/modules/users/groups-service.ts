import type { Group, GroupUsersChange, UserManagementAction } from "@console/contracts";
import { writeAudit } from "../../platform/audit.js";
import { ADMIN_GROUP } from "../../platform/bootstrap.js";
import { badRequest, notFound } from "../../platform/errors.js";
import { checkGrant, checkGroupChange, checkManage, keepAnAdministrator } from "../../platform/grants.js";
import type { Services } from "../../platform/services.js";
import { endSessionsOfUsersWithoutMenus } from "../../platform/sessions.js";
import { writeAdminEvents } from "./admin-events.js";
import {
  adminActor,
  checkListChange,
  dedupe,
  directoryManaged,
  duplicateName,
  isUniqueViolation,
  listText,
  USER_MANAGEMENT_AUDIT,
  withRights,
  type ChangeCtx,
} from "./change.js";
import { membershipEvent } from "./service.js";
import { findGroup, usersByName, type NamedRef } from "./store.js";

export async function createGroup(s: Services, ctx: ChangeCtx, name: string): Promise<Group> {
  const taken = await s.db.query<{ name: string }>("SELECT name FROM groups WHERE lower(name) = lower($1)", [name]);
  if (taken.rows[0]) throw duplicateName("group", taken.rows[0].name);
  let group: Group;
  try {
    group = await s.db.tx(async (q) => {
      const { rows } = await q.query<{ id: string }>(
        "INSERT INTO groups (name, source) VALUES ($1, 'local') RETURNING id",
        [name],
      );
      const id = rows[0]!.id;
      await writeAudit(q, {
        source: USER_MANAGEMENT_AUDIT,
        action: "Create Group" satisfies UserManagementAction,
        actor: ctx.actor,
        status: "success",
        subjectId: id,
        subjectName: name,
        summary: `Created group ${name}`,
      });
      await writeAdminEvents(q, adminActor(s, ctx), [
        {
          operation: "CREATE",
          resource: "GROUP",
          path: `groups/${id}`,
          representation: { id, name, path: `/${name}` },
        },
      ]);
      return withRights(s, (await findGroup(q, id))!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName("group", name);
    throw err;
  }
  await s.bus.publish("users");
  return group;
}

export async function deleteGroup(s: Services, ctx: ChangeCtx, id: string): Promise<{ message: string }> {
  const group = await findGroup(s.db, id);
  if (!group) throw notFound("The group");
  if (group.name === ADMIN_GROUP)
    throw badRequest(`The ${ADMIN_GROUP} group cannot be deleted: it gives the administrators their access.`, "id");
  if (directoryManaged(s, group.source))
    throw badRequest(`Group ${group.name} comes from the directory; remove it there.`, "id");
  await checkGroupChange(s.access, ctx.principal, group.name, "delete");
  await s.db.tx((q) =>
    keepAnAdministrator(q, "id", async () => {
      const members = await q.query<{ user_id: string }>("SELECT user_id FROM user_groups WHERE group_id = $1", [id]);
      await q.query("DELETE FROM groups WHERE id = $1", [id]);
      await writeAudit(q, {
        source: USER_MANAGEMENT_AUDIT,
        action: "Delete Group" satisfies UserManagementAction,
        actor: ctx.actor,
        status: "success",
        subjectId: id,
        subjectName: group.name,
        summary: `Deleted group ${group.name} (${group.userCount} member${group.userCount === 1 ? "" : "s"})`,
        details: { members: group.userCount },
      });
      await writeAdminEvents(q, adminActor(s, ctx), [
        { operation: "DELETE", resource: "GROUP", path: `groups/${id}`, representation: { id, name: group.name } },
      ]);
      await endSessionsOfUsersWithoutMenus(q, s.config, { userIds: members.rows.map((r) => r.user_id) });
    }),
  );
  // The group's menu and component assignments went with it.
  await s.bus.publish("users");
  await s.bus.publish("access");
  return { message: `Group ${group.name} deleted.` };
}

export async function updateGroupUsers(
  s: Services,
  ctx: ChangeCtx,
  id: string,
  change: Required<GroupUsersChange>,
): Promise<{ message: string }> {
  const assign = dedupe(change.usersToAssign.map((u) => u.toLowerCase()));
  const remove = dedupe(change.usersToRemove.map((u) => u.toLowerCase()));
  checkListChange(assign, remove, ["body.usersToAssign", "body.usersToRemove"], "user");
  const group = await findGroup(s.db, id);
  if (!group) throw notFound("The group");
  if (directoryManaged(s, group.source))
    throw badRequest(`Group ${group.name} comes from the directory; change its members there.`, "body.usersToAssign");
  const toAssign = await usersByName(s.db, assign);
  if (toAssign.missing.length) throw badRequest(`User ${toAssign.missing[0]} does not exist.`, "body.usersToAssign");
  const toRemove = await usersByName(s.db, remove);
  if (toRemove.missing.length) throw badRequest(`User ${toRemove.missing[0]} does not exist.`, "body.usersToRemove");
  await checkMemberChange(s, ctx, group.name, toAssign.found, toRemove.found);
  await s.db.tx((q) =>
    keepAnAdministrator(q, "body.usersToRemove", async () => {
      const added = await q.query<{ user_id: string }>(
        `INSERT INTO user_groups (user_id, group_id) SELECT unnest($2::uuid[]), $1
       ON CONFLICT DO NOTHING RETURNING user_id`,
        [id, toAssign.found.map((u) => u.id)],
      );
      const removed = await q.query<{ user_id: string }>(
        "DELETE FROM user_groups WHERE group_id = $1 AND user_id = ANY($2::uuid[]) RETURNING user_id",
        [id, toRemove.found.map((u) => u.id)],
      );
      const nameOf = new Map([...toAssign.found, ...toRemove.found].map((u) => [u.id, u.name]));
      const addedNames = added.rows.map((r) => nameOf.get(r.user_id)!).sort();
      const removedNames = removed.rows.map((r) => nameOf.get(r.user_id)!).sort();
      const parts = [
        addedNames.length ? `added ${listText(addedNames)}` : "",
        removedNames.length ? `removed ${listText(removedNames)}` : "",
      ].filter(Boolean);
      await writeAudit(q, {
        source: USER_MANAGEMENT_AUDIT,
        action: "Update Group Users" satisfies UserManagementAction,
        actor: ctx.actor,
        status: "success",
        subjectId: id,
        subjectName: group.name,
        summary: parts.length
          ? `Group ${group.name}: ${parts.join("; ")}`
          : `No change to the members of ${group.name}`,
        details: { usersAssigned: addedNames, usersRemoved: removedNames },
      });
      await writeAdminEvents(q, adminActor(s, ctx), [
        ...added.rows.map((r) => membershipEvent("CREATE", r.user_id, id, group.name)),
        ...removed.rows.map((r) => membershipEvent("DELETE", r.user_id, id, group.name)),
      ]);
      await endSessionsOfUsersWithoutMenus(q, s.config, { userIds: removed.rows.map((r) => r.user_id) });
    }),
  );
  await s.bus.publish("users");
  return { message: `Users of ${group.name} updated.` };
}

/**
 * A member change touches only accounts that hold nothing beyond what the actor holds (never
 * their own), and adding gives what the group carries, so the actor must hold all of that.
 * (Whoever is removed holds what the group carries, so removals need no check of their own.)
 */
async function checkMemberChange(
  s: Services,
  ctx: ChangeCtx,
  group: string,
  added: NamedRef[],
  removed: NamedRef[],
): Promise<void> {
  for (const u of [...added, ...removed]) {
    const user = await s.directory.find(u.name);
    await checkManage(
      s.access,
      ctx.principal,
      { id: u.id, username: u.name, groups: user?.groups ?? [] },
      "change the groups of",
    );
  }
  if (added.length)
    await checkGrant(s.access, ctx.principal, await s.access.privilegesOf({ groups: [group] }), `group ${group}`);
}
