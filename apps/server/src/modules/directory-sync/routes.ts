import type { FastifyInstance } from "fastify";
import { syncRoutes } from "@console/contracts";
import { HttpError, notFound } from "../../platform/errors.js";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";
import { groupFilePath, TrinoGroupFile } from "./group-file.js";
import { bindAsUser } from "./ldap-client.js";
import { ldapSettings } from "./ldap-settings.js";
import { readSchedule, toWire, writeSchedule } from "./schedule.js";
import { DirectorySync } from "./service.js";
import { findJob, latestJob } from "./store.js";

/** How often the scheduler looks whether a periodic sync is due. */
const SCHEDULER_TICK_MS = 60_000;

export function directorySyncModule(app: FastifyInstance, s: Services): void {
  const ldap = ldapSettings(s.config);
  const groupFile = new TrinoGroupFile(s.db, groupFilePath(s.config), s.log);
  const sync = new DirectorySync(s, ldap, groupFile);

  // Directory users sign in with their directory password (an LDAP bind as them).
  if (ldap && s.idp)
    s.idp.credentials.directoryAuth = async (username, password) => {
      try {
        return await bindAsUser(ldap, username, password);
      } catch (err) {
        throw new HttpError(503, (err as Error).message, "upstream_error: The directory");
      }
    };

  s.bus.on("users", () => groupFile.schedule());
  const timer = setInterval(() => void sync.tick().catch(() => undefined), SCHEDULER_TICK_MS);
  timer.unref();
  s.onClose(async () => {
    clearInterval(timer);
    await sync.stop();
    await groupFile.stop();
  });

  handle(app, syncRoutes.schedule, async () => toWire(await readSchedule(s)));
  handle(app, syncRoutes.updateSchedule, ({ actor, body }) =>
    writeSchedule(s, actor, { periodic: body.isPeriodicSync, periodMinutes: body.syncPeriod }),
  );
  handle(app, syncRoutes.now, ({ actor }) => sync.startManual(actor));
  handle(app, syncRoutes.job, async ({ params }) => {
    const job = await findJob(s.db, params.id);
    if (!job) throw notFound("The sync job");
    return job;
  });
  handle(app, syncRoutes.status, async () => ({
    source: sync.source,
    directoryUrl: sync.directoryUrl,
    lastJob: await latestJob(s.db),
    localAccounts: !!s.idp,
  }));
}
