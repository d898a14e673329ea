import type { Principal } from "../../platform/access.js";
import type { Queryable } from "../../platform/db/index.js";

export type AdminOperation = "CREATE" | "UPDATE" | "DELETE" | "ACTION";
export type AdminResource = "USER" | "GROUP" | "GROUP_MEMBERSHIP" | "USER_CREDENTIAL" | "REALM";

export interface AdminEvent {
  operation: AdminOperation;
  resource: AdminResource;
  /** Keycloak's resource path, e.g. users/<id> or users/<id>/groups/<groupId>. */
  path: string;
  /** What changed; never a password or other secret. */
  representation?: Record<string, unknown> | null;
}

export interface AdminActor {
  principal: Pick<Principal, "userId" | "username">;
  ipAddress: string | null;
  clientId: string;
}

/**
 * Records changes to the console's own directory as Keycloak shapes its admin events
 * (realm "console"), in the caller's transaction so the event and the change commit together.
 */
export async function writeAdminEvents(q: Queryable, actor: AdminActor, events: AdminEvent[]): Promise<void> {
  if (events.length === 0) return;
  const auth = JSON.stringify({
    realmId: "console",
    userId: actor.principal.userId,
    username: actor.principal.username,
    ipAddress: actor.ipAddress,
    clientId: actor.clientId,
  });
  await q.query(
    `INSERT INTO identity_admin_events (auth_details, operation_type, resource_type, resource_path, representation)
     SELECT $1::jsonb, e.op, e.res, e.path, e.rep::jsonb
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS e(op, res, path, rep)`,
    [
      auth,
      events.map((e) => e.operation),
      events.map((e) => e.resource),
      events.map((e) => e.path),
      events.map((e) => (e.representation ? JSON.stringify(e.representation) : null)),
    ],
  );
}
