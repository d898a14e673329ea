import type { FastifyInstance } from "fastify";
import { cacheRoutes, settingsRoutes } from "@console/contracts";
import { writeAudit, type Actor } from "../../platform/audit.js";
import type { ClearableCache, ClearOutcome } from "../../platform/cache-registry.js";
import { HttpError } from "../../platform/errors.js";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";

async function audited(
  s: Services,
  actor: Actor,
  cache: string,
  names: string[],
  failed: ClearOutcome["failed"] = [],
): Promise<void> {
  await s.db.tx((q) =>
    writeAudit(q, {
      source: "settings-general",
      action: "Clear Cache",
      actor,
      status: failed.length ? "failure" : "success",
      subjectName: cache,
      summary: failed.length ? `${cache} cache could not be cleared` : `${cache} cache cleared`,
      details: failed.length ? { cleared: names, failed: failed.map((f) => f.name) } : { cleared: names },
    }),
  );
}

/** The cache-management card: each button clears one cache on every replica. */
export function cacheRoutesModule(app: FastifyInstance, s: Services): void {
  const registered = async (actor: Actor, kind: ClearableCache, label: string, message: string) => {
    const { cleared, failed } = await s.caches.clear(kind);
    await audited(s, actor, label, cleared, failed);
    // A recompute that failed is not a cleared cache: the caller hears it (the last figures stay).
    if (failed.length)
      throw new HttpError(
        503,
        `${label} could not be refreshed: ${failed.map((f) => `${f.name}: ${f.reason}`).join("; ")}`,
        "recompute_failed",
      );
    return { message };
  };
  handle(app, cacheRoutes.clear, ({ actor }) =>
    registered(actor, "trino-metadata", "Trino metadata", "Trino metadata cache cleared."),
  );
  handle(app, settingsRoutes.flushInsightsCache, ({ actor }) =>
    registered(actor, "insights", "Insights", "Insights cache cleared."),
  );
  // Users and groups live in the directory cache (who a signed-in user is, with their groups)
  // and in the permission tables resolved to names; "users" drops both, and also has Trino's
  // group file rewritten a moment later.
  handle(app, cacheRoutes.clearUsers, async ({ actor }) => {
    await s.bus.publish("users");
    await audited(s, actor, "Users", ["directory", "permissions"]);
    return { message: "User cache cleared." };
  });
  handle(app, cacheRoutes.clearGroups, async ({ actor }) => {
    await s.bus.publish("users");
    await s.bus.publish("access");
    await audited(s, actor, "Groups", ["directory", "permissions"]);
    return { message: "Group cache cleared." };
  });
}
