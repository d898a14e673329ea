import type { AccessControl, Holder, Principal, Privileges } from "./access.js";
import type { Queryable } from "./db/index.js";
import { conflict, forbidden } from "./errors.js";

/**
 * Who may grant what, modelled on Keycloak's rule for delegated administrators: nobody gives
 * a menu or component they do not hold, nobody changes an account that holds more than they
 * do, nobody changes their own groups or menus, and the console always keeps an enabled user
 * who holds every menu. Every service that hands out or takes away access checks here.
 */

/** What `want` holds that `have` does not. */
export function beyond(want: Privileges, have: Privileges): Privileges {
  const minus = (a: Map<string, string>, b: Map<string, string>) => new Map([...a].filter(([k]) => !b.has(k)));
  return { menus: minus(want.menus, have.menus), components: minus(want.components, have.components) };
}

export const isEmpty = (p: Privileges) => p.menus.size === 0 && p.components.size === 0;

const count = (p: Privileges) => p.menus.size + p.components.size;

/** "and"-joined names, or the first few and how many more past `limit`. */
function namesText(names: string[], noun: string, limit: number): string {
  if (names.length === 1) return `the ${names[0]} ${noun}`;
  if (names.length <= limit) return `the ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} ${noun}s`;
  return `${names.length} ${noun}s (${names.slice(0, 3).join(", ")} and ${names.length - 3} more)`;
}

/** "the Settings menu", "the Audits and Settings menus and the Trino component". */
export function privilegesText(p: Privileges): string {
  const parts = [
    p.menus.size ? namesText([...p.menus.values()], "menu", 8) : "",
    p.components.size ? namesText([...p.components.values()], "component", 4) : "",
  ].filter(Boolean);
  return parts.join(" and ");
}

const pronoun = (p: Privileges) => (count(p) === 1 ? "it" : "them");

export const isSelf = (actor: Principal, user: { id?: string; username: string }) =>
  (!!actor.userId && actor.userId === user.id) || actor.username === user.username;

/** Refuses to grant `gives` (what a group, menu or component carries) to anyone unless the actor holds all of it. */
export async function checkGrant(
  access: AccessControl,
  actor: Principal,
  gives: Privileges,
  through?: string,
): Promise<void> {
  const missing = beyond(gives, await access.privilegesOf(actor));
  if (isEmpty(missing)) return;
  throw forbidden(
    `You cannot grant ${privilegesText(missing)}${through ? ` through ${through}` : ""}: you do not hold ${pronoun(missing)}.`,
    "privilege_not_held",
  );
}

/** Refuses adding anyone to groups that carry something the actor does not hold. */
export async function checkGroupGrants(access: AccessControl, actor: Principal, groups: string[]): Promise<void> {
  for (const g of groups) await checkGrant(access, actor, await access.privilegesOf({ groups: [g] }), `group ${g}`);
}

/**
 * Why the actor may not change this account (groups, status, password, menus), or null when
 * they may: it is their own, or it holds something they do not.
 */
export async function whyNotManage(
  access: AccessControl,
  actor: Principal,
  user: Holder & { id?: string; username: string },
  actorHolds?: Privileges,
): Promise<string | null> {
  if (isSelf(actor, user)) return "This is your own account: another administrator must change it.";
  const extra = beyond(await access.privilegesOf(user), actorHolds ?? (await access.privilegesOf(actor)));
  return isEmpty(extra) ? null : `${user.username} holds ${privilegesText(extra)}, which you do not.`;
}

/** Refuses `action` (e.g. "disable", "reset the password of") on an account the actor may not change. */
export async function checkManage(
  access: AccessControl,
  actor: Principal,
  user: Holder & { id?: string; username: string },
  action: string,
): Promise<void> {
  if (isSelf(actor, user))
    throw forbidden(`You cannot ${action} your own account: another administrator must do it.`, "own_account");
  const extra = beyond(await access.privilegesOf(user), await access.privilegesOf(actor));
  if (!isEmpty(extra))
    throw forbidden(
      `You cannot ${action} ${user.username}: they hold ${privilegesText(extra)}, which you do not.`,
      "stronger_account",
    );
}

/** Why the actor may not change a group's members (or delete it), or null when they may. */
export async function whyNotChangeGroup(
  access: AccessControl,
  name: string,
  actorHolds: Privileges,
): Promise<string | null> {
  const extra = beyond(await access.privilegesOf({ groups: [name] }), actorHolds);
  return isEmpty(extra) ? null : `Group ${name} grants ${privilegesText(extra)}, which you do not hold.`;
}

// Changes that might take away the last administrator wait for each other, so two of them
// cannot each see the other's administrator still in place.
const LAST_ADMIN_LOCK = 727_005;

/**
 * Whether an enabled user of the console's directory holds every menu (directly or through a
 * group) while Settings, from which everything else is given back, is active.
 */
export async function someoneHoldsEveryMenu(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM menu_permissions WHERE menu_key = 'settings' AND status)
        AND EXISTS (
          SELECT 1 FROM users u WHERE u.enabled AND NOT EXISTS (
            SELECT 1 FROM menu_permissions p
             WHERE NOT EXISTS (SELECT 1 FROM menu_users x WHERE x.menu_id = p.id AND x.user_id = u.id)
               AND NOT EXISTS (SELECT 1 FROM menu_groups x JOIN user_groups ug ON ug.group_id = x.group_id
                                WHERE x.menu_id = p.id AND ug.user_id = u.id))) AS ok`,
  );
  return rows[0]!.ok;
}

/**
 * The components some enabled user of the console's directory can still give: they hold the
 * component (nobody grants what they do not hold) and the Settings menu, where it is given.
 * "Holds" as in AccessControl.privilegesOf: assigned directly or through a group. Written as
 * joins of the holders, not nested EXISTS: a correlated plan costs enough to start PostgreSQL's
 * JIT compiler, which took most of a second on tables of a few rows.
 */
async function givableComponents(q: Queryable): Promise<Map<string, string>> {
  const { rows } = await q.query<{ key: string; name: string }>(
    `WITH settings_holders AS (
       SELECT x.user_id FROM menu_users x JOIN menu_permissions p ON p.id = x.menu_id WHERE p.menu_key = 'settings'
       UNION
       SELECT ug.user_id FROM menu_groups x JOIN menu_permissions p ON p.id = x.menu_id
         JOIN user_groups ug ON ug.group_id = x.group_id WHERE p.menu_key = 'settings'),
     component_holders AS (
       SELECT x.component_id, x.user_id FROM component_users x
       UNION
       SELECT x.component_id, ug.user_id FROM component_groups x JOIN user_groups ug ON ug.group_id = x.group_id)
     SELECT DISTINCT c.component_key AS key, c.component_name AS name
       FROM component_permissions c
       JOIN component_holders h ON h.component_id = c.id
       JOIN users u ON u.id = h.user_id AND u.enabled
      WHERE u.id IN (SELECT user_id FROM settings_holders)`,
  );
  return new Map(rows.map((r) => [r.key, r.name]));
}

/**
 * Runs `change` inside the caller's transaction and undoes it (by throwing) when it would leave
 * no enabled user holding every menu, or a component that could be given no one able to give
 * it again: the console must never lock its administrators out of any of its parts.
 */
export async function keepAnAdministrator<T>(q: Queryable, field: string, change: () => Promise<T>): Promise<T> {
  await q.query("SELECT pg_advisory_xact_lock($1)", [LAST_ADMIN_LOCK]);
  const before = await someoneHoldsEveryMenu(q);
  const componentsBefore = await givableComponents(q);
  const result = await change();
  if (before && !(await someoneHoldsEveryMenu(q)))
    throw conflict(
      "This change would leave no enabled user holding every menu, so no one could manage the console. Give another user every menu first.",
      field,
    );
  const componentsAfter = await givableComponents(q);
  const lost = new Map([...componentsBefore].filter(([key]) => !componentsAfter.has(key)));
  if (lost.size > 0) {
    const what = { menus: new Map<string, string>(), components: lost };
    throw conflict(
      `This change would leave no enabled user holding ${privilegesText(what)} and the Settings menu, so no one could give ${pronoun(what)} again. Give ${pronoun(what)} to another holder of the Settings menu first.`,
      field,
    );
  }
  return result;
}

/** Refuses `action` (e.g. "delete", "change the members of") on a group that carries something the actor does not hold. */
export async function checkGroupChange(
  access: AccessControl,
  actor: Principal,
  name: string,
  action: string,
): Promise<void> {
  const extra = beyond(await access.privilegesOf({ groups: [name] }), await access.privilegesOf(actor));
  if (!isEmpty(extra))
    throw forbidden(
      `You cannot ${action} group ${name}: it grants ${privilegesText(extra)}, which you do not hold.`,
      "stronger_group",
    );
}
