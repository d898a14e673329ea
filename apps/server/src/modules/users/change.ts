import type { Principal } from "../../platform/access.js";
import type { Actor } from "../../platform/audit.js";
import { ADMIN_GROUP } from "../../platform/bootstrap.js";
import { badRequest, conflict } from "../../platform/errors.js";
import type { Services } from "../../platform/services.js";
import type { AdminActor } from "./admin-events.js";

/** The audits screen's tab key for user and group changes. */
export const USER_MANAGEMENT_AUDIT = "user-management-userManagement";

/** Who makes a change, as the audit trail and the admin events record it. */
export interface ChangeCtx {
  principal: Principal;
  actor: Actor;
}

export function adminActor(s: Services, ctx: ChangeCtx): AdminActor {
  return { principal: ctx.principal, ipAddress: ctx.actor.ipAddress, clientId: s.config.OIDC_CLIENT_ID };
}

/** Users and groups synchronised from a configured directory are changed there, not here. */
export function directoryManaged(s: Services, source: string): boolean {
  return source === "ldap" && !!s.config.LDAP_URL;
}

/**
 * What the groups page may offer for a group; `reason` says why the signed-in user may not
 * change it (it grants something they do not hold), from the same rule the changes check.
 */
export function withRights<G extends { name: string; source: string }>(
  s: Services,
  g: G,
  reason: string | null = null,
) {
  const managed = directoryManaged(s, g.source);
  return {
    ...g,
    membersEditable: !managed && !reason,
    deletable: !managed && g.name !== ADMIN_GROUP && !reason,
    reason,
  };
}

/** The unique violation PostgreSQL raises when two requests create the same name at once. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === "23505";
}

export function duplicateName(kind: "user" | "group", name: string) {
  return conflict(`A ${kind} named ${name} already exists.`, kind === "user" ? "body.username" : "body.name");
}

/** Checks an assign/remove pair: something to do, and no name on both sides. */
export function checkListChange(assign: string[], remove: string[], fields: [string, string], what: string): void {
  if (assign.length === 0 && remove.length === 0)
    throw badRequest(`Nothing to change: name ${what}s to assign or to remove.`, fields[0]);
  const removing = new Set(remove.map((x) => x.toLowerCase()));
  const both = assign.find((x) => removing.has(x.toLowerCase()));
  if (both) throw badRequest(`${both} cannot be both assigned and removed.`, fields[1]);
}

export const dedupe = (names: string[]) => [...new Set(names)];

/** "a, b and c" */
export function listText(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
