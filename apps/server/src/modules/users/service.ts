import type { CreateUser, User, UserGroupsChange, UserManagementAction } from "@console/contracts";
import { writeAudit } from "../../platform/audit.js";
import { badRequest, conflict, notFound } from "../../platform/errors.js";
import { checkGroupGrants, checkManage, keepAnAdministrator } from "../../platform/grants.js";
import { hashPassword, passwordProblem } from "../../platform/passwords.js";
import type { Services } from "../../platform/services.js";
import { endSessions, endSessionsOfUsersWithoutMenus } from "../../platform/sessions.js";
import { writeAdminEvents, type AdminEvent } from "./admin-events.js";
import {
  adminActor,
  checkListChange,
  dedupe,
  directoryManaged,
  duplicateName,
  isUniqueViolation,
  listText,
  USER_MANAGEMENT_AUDIT,
  type ChangeCtx,
} from "./change.js";
import { findUser, groupsByName, isCurrentPassword, setTemporaryPassword, type NamedRef } from "./store.js";

type Created = Required<Omit<CreateUser, "groups">> & { groups: string[] };

const userRepresentation = (u: User) => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  enabled: u.enabled,
  groups: u.groups,
});

function checkPassword(password: string, username: string): void {
  const problem = passwordProblem(password, username);
  if (problem) throw badRequest(problem, "body.password");
}

/** Resolves group names, refusing unknown ones and, when asked, ones the directory manages. */
async function resolveGroups(s: Services, names: string[], field: string, changing: boolean): Promise<NamedRef[]> {
  const { found, missing } = await groupsByName(s.db, names);
  if (missing.length) throw badRequest(`Group ${missing[0]} does not exist.`, field);
  const managed = changing ? found.find((g) => directoryManaged(s, g.source)) : undefined;
  if (managed) throw badRequest(`Group ${managed.name} comes from the directory; change its members there.`, field);
  return found;
}

/** With an external identity provider, accounts and passwords live there. */
function requireLocalSignIn(s: Services): void {
  if (!s.idp)
    throw badRequest(
      `People sign in through ${s.config.issuer}; add users and set passwords there (or sync them from LDAP).`,
    );
}

export async function createUser(s: Services, ctx: ChangeCtx, body: Created): Promise<User> {
  requireLocalSignIn(s);
  checkPassword(body.password, body.username);
  const groups = await resolveGroups(s, dedupe(body.groups), "body.groups", true);
  await checkGroupGrants(
    s.access,
    ctx.principal,
    groups.map((g) => g.name),
  );
  const taken = await s.db.query<{ username: string; email: string }>(
    "SELECT username, email FROM users WHERE username = $1 OR ($2 <> '' AND lower(email) = lower($2)) LIMIT 1",
    [body.username, body.email],
  );
  if (taken.rows[0]?.username === body.username) throw duplicateName("user", body.username);
  if (taken.rows[0]) throw conflict(`The e-mail address ${body.email} is already used by another user.`, "body.email");
  const hash = await hashPassword(body.password);
  let user: User;
  try {
    user = await s.db.tx(async (q) => {
      const { rows } = await q.query<{ id: string }>(
        `INSERT INTO users (username, first_name, last_name, email, password_hash, password_must_change, source)
         VALUES ($1, $2, $3, $4, $5, true, 'local') RETURNING id`,
        [body.username, body.firstName, body.lastName, body.email, hash],
      );
      const id = rows[0]!.id;
      if (groups.length)
        await q.query("INSERT INTO user_groups (user_id, group_id) SELECT $1, unnest($2::uuid[])", [
          id,
          groups.map((g) => g.id),
        ]);
      const created = (await findUser(q, id))!;
      await writeAudit(q, {
        source: USER_MANAGEMENT_AUDIT,
        action: "Create User" satisfies UserManagementAction,
        actor: ctx.actor,
        status: "success",
        subjectId: id,
        subjectName: body.username,
        summary: `Created user ${body.username}${groups.length ? ` in ${listText(created.groups)}` : ""}`,
        details: { groups: created.groups },
      });
      await writeAdminEvents(q, adminActor(s, ctx), [
        { operation: "CREATE", resource: "USER", path: `users/${id}`, representation: userRepresentation(created) },
      ]);
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName("user", body.username);
    throw err;
  }
  await s.bus.publish("users");
  return user;
}

export async function updateUserGroups(
  s: Services,
  ctx: ChangeCtx,
  id: string,
  change: Required<UserGroupsChange>,
): Promise<{ message: string }> {
  const assign = dedupe(change.groupsToAssign);
  const remove = dedupe(change.groupsToRemove);
  checkListChange(assign, remove, ["body.groupsToAssign", "body.groupsToRemove"], "group");
  const user = await findUser(s.db, id);
  if (!user) throw notFound("The user");
  await checkManage(s.access, ctx.principal, user, "change the groups of");
  const toAssign = await resolveGroups(s, assign, "body.groupsToAssign", true);
  const toRemove = await resolveGroups(s, remove, "body.groupsToRemove", true);
  await checkGroupGrants(
    s.access,
    ctx.principal,
    toAssign.map((g) => g.name),
  );
  await s.db.tx((q) =>
    keepAnAdministrator(q, "body.groupsToRemove", async () => {
      const added = await q.query<{ group_id: string }>(
        `INSERT INTO user_groups (user_id, group_id) SELECT $1, unnest($2::uuid[])
       ON CONFLICT DO NOTHING RETURNING group_id`,
        [id, toAssign.map((g) => g.id)],
      );
      const removed = await q.query<{ group_id: string }>(
        "DELETE FROM user_groups WHERE user_id = $1 AND group_id = ANY($2::uuid[]) RETURNING group_id",
        [id, toRemove.map((g) => g.id)],
      );
      const nameOf = new Map([...toAssign, ...toRemove].map((g) => [g.id, g.name]));
      const addedNames = added.rows.map((r) => nameOf.get(r.group_id)!).sort();
      const removedNames = removed.rows.map((r) => nameOf.get(r.group_id)!).sort();
      const parts = [
        addedNames.length ? `added ${user.username} to ${listText(addedNames)}` : "",
        removedNames.length ? `removed ${user.username} from ${listText(removedNames)}` : "",
      ].filter(Boolean);
      await writeAudit(q, {
        source: USER_MANAGEMENT_AUDIT,
        action: "Update User Groups" satisfies UserManagementAction,
        actor: ctx.actor,
        status: "success",
        subjectId: id,
        subjectName: user.username,
        summary: parts.length ? capitalise(parts.join("; ")) : `No change to the groups of ${user.username}`,
        details: { groupsAssigned: addedNames, groupsRemoved: removedNames },
      });
      const events: AdminEvent[] = [
        ...added.rows.map((r) => membershipEvent("CREATE", id, r.group_id, nameOf.get(r.group_id)!)),
        ...removed.rows.map((r) => membershipEvent("DELETE", id, r.group_id, nameOf.get(r.group_id)!)),
      ];
      await writeAdminEvents(q, adminActor(s, ctx), events);
      if (removed.rowCount) await endSessionsOfUsersWithoutMenus(q, s.config, { userIds: [id] });
    }),
  );
  await s.bus.publish("users");
  return { message: `Groups of ${user.username} updated.` };
}

export function membershipEvent(op: "CREATE" | "DELETE", userId: string, groupId: string, name: string): AdminEvent {
  return {
    operation: op,
    resource: "GROUP_MEMBERSHIP",
    path: `users/${userId}/groups/${groupId}`,
    representation: { id: groupId, name, path: `/${name}` },
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export async function updateUserStatus(
  s: Services,
  ctx: ChangeCtx,
  id: string,
  enabled: boolean,
): Promise<{ message: string }> {
  const user = await findUser(s.db, id);
  if (!user) throw notFound("The user");
  if (!enabled && user.id === ctx.principal.userId)
    throw badRequest("You cannot disable your own account.", "body.enabled");
  await checkManage(s.access, ctx.principal, user, enabled ? "enable" : "disable");
  const done = `User ${user.username} ${enabled ? "enabled" : "disabled"}.`;
  if (user.enabled === enabled) return { message: done };
  await s.db.tx((q) =>
    keepAnAdministrator(q, "body.enabled", async () => {
      await q.query("UPDATE users SET enabled = $2, sync_disabled = false, updated_at = now() WHERE id = $1", [
        id,
        enabled,
      ]);
      await writeAudit(q, {
        source: USER_MANAGEMENT_AUDIT,
        action: (enabled ? "Enable" : "Disable") satisfies UserManagementAction,
        actor: ctx.actor,
        status: "success",
        subjectId: id,
        subjectName: user.username,
        summary: `${enabled ? "Enabled" : "Disabled"} user ${user.username}`,
        details: { changeSet: [{ column: "enabled", oldVal: user.enabled, newVal: enabled }] },
      });
      await writeAdminEvents(q, adminActor(s, ctx), [
        { operation: "UPDATE", resource: "USER", path: `users/${id}`, representation: { id, enabled } },
      ]);
      if (!enabled) await endSessions(q, [id]);
    }),
  );
  await s.bus.publish("users");
  return { message: done };
}

export async function resetPassword(
  s: Services,
  ctx: ChangeCtx,
  id: string,
  password: string,
): Promise<{ message: string }> {
  requireLocalSignIn(s);
  const user = await findUser(s.db, id);
  if (!user) throw notFound("The user");
  await checkManage(s.access, ctx.principal, user, "reset the password of");
  if (user.source !== "local")
    throw badRequest(`The password of ${user.username} is kept by the directory; reset it there.`, "body.password");
  checkPassword(password, user.username);
  // Refusing the current password tells whoever resets it nothing they can use: had they guessed
  // wrong, the password would now be theirs.
  if (await isCurrentPassword(s.db, id, password))
    throw badRequest(`The new password must differ from the current password of ${user.username}.`, "body.password");
  const hash = await hashPassword(password);
  await s.db.tx(async (q) => {
    await setTemporaryPassword(q, id, hash);
    await writeAudit(q, {
      source: USER_MANAGEMENT_AUDIT,
      action: "Reset Password" satisfies UserManagementAction,
      actor: ctx.actor,
      status: "success",
      subjectId: id,
      subjectName: user.username,
      summary: `Set a temporary password for ${user.username}`,
    });
    await writeAdminEvents(q, adminActor(s, ctx), [
      {
        operation: "ACTION",
        resource: "USER_CREDENTIAL",
        path: `users/${id}/reset-password`,
        representation: { type: "password", temporary: true },
      },
    ]);
    await endSessions(q, [id], { unlock: true });
  });
  await s.bus.publish("users");
  return {
    message: `Temporary password set for ${user.username}. They must choose a new one at their next sign-in.`,
  };
}
