import type { UserManagementAction } from "@console/contracts";
import { writeAudit } from "../../platform/audit.js";
import { CacheBus } from "../../platform/cache-bus.js";
import type { Db } from "../../platform/db/index.js";
import { generatePassword, hashPassword } from "../../platform/passwords.js";
import { endSessions } from "../../platform/sessions.js";
import { writeAdminEvents } from "./admin-events.js";
import { USER_MANAGEMENT_AUDIT } from "./change.js";
import { setTemporaryPassword } from "./store.js";

/** A reset that cannot be done, said to whoever runs the command. */
export class MachineResetError extends Error {}

/** Who ran the command, as the audit trail names it: the machine's account and host. */
export interface Operator {
  osUser: string;
  host: string;
}

/**
 * Gives a local user (the administrator) a new one-time password, from the machine the console
 * runs on rather than through the API, for when no one can sign in as them any more: the
 * password must be changed at the next sign-in, every session of the user ends (the other
 * replicas hear it on the cache bus), sign-in locks are lifted, and the audit trail and the
 * admin events record it, all in one transaction. Returns the password, to be shown once.
 */
export async function resetPasswordOnTheMachine(
  db: Db,
  username: string,
  operator: Operator,
  clientId: string,
): Promise<{ password: string; enabled: boolean }> {
  const ready = await db.query<{ users: string | null }>("SELECT to_regclass('users')::text AS users");
  if (!ready.rows[0]?.users)
    throw new MachineResetError("This database holds no console yet: start the console once, then run this again.");
  const { rows } = await db.query<{ id: string; source: string; enabled: boolean }>(
    "SELECT id, source, enabled FROM users WHERE username = $1",
    [username],
  );
  const user = rows[0];
  if (!user)
    throw new MachineResetError(
      `No user is named ${username} in this database (set ADMIN_USERNAME, or pass --username).`,
    );
  if (user.source !== "local")
    throw new MachineResetError(`The password of ${username} is kept by the directory; reset it there.`);
  const password = generatePassword();
  const hash = await hashPassword(password);
  const by = `${operator.osUser}@${operator.host}`;
  await db.tx(async (q) => {
    await setTemporaryPassword(q, user.id, hash);
    await writeAudit(q, {
      source: USER_MANAGEMENT_AUDIT,
      action: "Reset Password" satisfies UserManagementAction,
      actor: { username: "system", ipAddress: null },
      status: "success",
      subjectId: user.id,
      subjectName: username,
      summary: `Set a one-time password for ${username} on the machine (admin:reset-password, run by ${by})`,
      details: { command: "admin:reset-password", operator: by },
    });
    await writeAdminEvents(q, { principal: { userId: null, username: "system" }, ipAddress: null, clientId }, [
      {
        operation: "ACTION",
        resource: "USER_CREDENTIAL",
        path: `users/${user.id}/reset-password`,
        representation: { type: "password", temporary: true },
      },
    ]);
    await endSessions(q, [user.id], { unlock: true });
  });
  // Every replica drops what it knew of the user's sessions now, not at its next check.
  await new CacheBus(db).publish("users");
  return { password, enabled: user.enabled };
}
