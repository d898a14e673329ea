import { z } from "zod";
import { route } from "./route.js";
import { SYNC_PERIOD_RULE, syncPeriodValid } from "./user-rules.js";

/** The schedule as read (spec: periodicfullsync, fullsyncperiod). */
export const SyncSchedule = z
  .object({ periodicfullsync: z.boolean(), fullsyncperiod: z.number().int() })
  .meta({ id: "SyncSchedule" });
export type SyncSchedule = z.infer<typeof SyncSchedule>;

/** The schedule as written (spec: isPeriodicSync, syncPeriod). */
export const SyncScheduleUpdate = z
  .object({
    isPeriodicSync: z.boolean({ message: "must be true or false" }),
    syncPeriod: z
      .number({ message: "must be a whole number of minutes" })
      .int({ message: "must be a whole number of minutes" })
      .refine(syncPeriodValid, { message: SYNC_PERIOD_RULE }),
  })
  .strict();
export type SyncScheduleUpdate = z.input<typeof SyncScheduleUpdate>;

export const SyncJobStatus = z.enum(["running", "completed", "failed"]);
export type SyncJobStatus = z.infer<typeof SyncJobStatus>;

export const SyncJob = z
  .object({
    id: z.string(),
    status: SyncJobStatus,
    trigger: z.enum(["manual", "periodic"]),
    startedBy: z.string(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    syncedUsers: z.number().int().nullable(),
    syncedGroups: z.number().int().nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: "SyncJob" });
export type SyncJob = z.infer<typeof SyncJob>;

export const SyncStatus = z
  .object({
    /** ldap: users and groups come from LDAP or Active Directory; embedded: the console's own directory. */
    source: z.enum(["ldap", "embedded"]),
    /** The directory's address without credentials, when LDAP is configured. */
    directoryUrl: z.string().nullable(),
    lastJob: SyncJob.nullable(),
    /** True when people sign in through the console's own sign-in service, so local users and passwords are managed here. */
    localAccounts: z.boolean(),
  })
  .meta({ id: "SyncStatus" });
export type SyncStatus = z.infer<typeof SyncStatus>;

const MANAGE = { menu: "user-management" } as const;

export const syncRoutes = {
  schedule: route({
    method: "GET",
    path: "/admin-api/api/v1/sync/schedule",
    access: MANAGE,
    summary: "The periodic full sync schedule",
    tags: ["sync"],
    response: SyncSchedule,
  }),
  updateSchedule: route({
    method: "PUT",
    path: "/admin-api/api/v1/sync/schedule",
    access: MANAGE,
    summary: "Turn periodic full sync on or off and set its period in minutes",
    tags: ["sync"],
    body: SyncScheduleUpdate,
    response: z.object({ message: z.string() }),
  }),
  now: route({
    method: "POST",
    path: "/admin-api/api/v1/sync/now",
    access: MANAGE,
    summary: "Start a full sync of users and groups; follow it with GET sync/jobs/{id}",
    tags: ["sync"],
    response: z.object({ jobId: z.string(), message: z.string() }),
    status: 202,
  }),
  job: route({
    method: "GET",
    path: "/admin-api/api/v1/sync/jobs/:id",
    access: MANAGE,
    summary: "A sync job and its outcome",
    tags: ["sync"],
    params: z.object({ id: z.uuid({ message: "must be a sync job id" }) }),
    response: SyncJob,
  }),
  status: route({
    method: "GET",
    path: "/admin-api/api/v1/sync/status",
    access: MANAGE,
    summary: "Where users and groups come from, and the latest sync job",
    tags: ["sync"],
    response: SyncStatus,
  }),
};
