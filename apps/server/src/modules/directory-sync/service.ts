import { randomUUID } from "node:crypto";
import type { SyncJob } from "@console/contracts";
import { writeAudit, type Actor } from "../../platform/audit.js";
import type { Queryable } from "../../platform/db/index.js";
import { conflict } from "../../platform/errors.js";
import { observeSync } from "../../platform/metrics.js";
import type { Services } from "../../platform/services.js";
import { applyDirectory, count, describeResult, SyncFailure } from "./apply.js";
import type { TrinoGroupFile } from "./group-file.js";
import type { LdapSettings } from "./ldap-settings.js";
import { isDue, readSchedule, SYNC_AUDIT } from "./schedule.js";
import { directoryTotals, failStaleJobs, finishJob, insertJob, latestJob } from "./store.js";

/** Keeps two console replicas from syncing at once (PostgreSQL advisory lock id). */
const SYNC_LOCK = 727_103;
const SYSTEM: Actor = { username: "system", ipAddress: null };

type Locked<T> = { acquired: false } | { acquired: true; value: T };

/**
 * Directory sync jobs: started by hand or by the schedule, one at a time across replicas,
 * each recorded as a job row and as audit events (Sync Initiated, Sync Users and Groups to
 * Trino, then Sync Completed or Sync Failed).
 */
export class DirectorySync {
  private current: Promise<unknown> | null = null;
  private stopping = false;

  constructor(
    private readonly s: Services,
    private readonly ldap: LdapSettings | null,
    private readonly groupFile: TrinoGroupFile,
  ) {}

  get source(): "ldap" | "embedded" {
    return this.ldap ? "ldap" : "embedded";
  }

  get directoryUrl(): string | null {
    return this.ldap?.url ?? null;
  }

  /**
   * On PostgreSQL a transaction holds the advisory lock while the job runs (its batches use
   * other connections). The embedded database belongs to this one process, where
   * `current` already allows one job at a time.
   */
  private async locked<T>(fn: () => Promise<T>): Promise<Locked<T>> {
    if (this.s.db.kind === "pglite") return { acquired: true, value: await fn() };
    return this.s.db.tx(async (q) => {
      const { rows } = await q.query<{ got: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS got", [SYNC_LOCK]);
      if (!rows[0]!.got) return { acquired: false } as const;
      return { acquired: true, value: await fn() } as const;
    });
  }

  private async lockFree(): Promise<boolean> {
    if (this.s.db.kind === "pglite") return true;
    return this.s.db.tx(
      async (q) =>
        (await q.query<{ got: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS got", [SYNC_LOCK])).rows[0]!.got,
    );
  }

  private async initiate(q: Queryable, id: string, trigger: SyncJob["trigger"], actor: Actor): Promise<void> {
    await insertJob(q, id, trigger, actor.username);
    await writeAudit(q, {
      source: SYNC_AUDIT,
      action: "Sync Initiated",
      actor,
      status: "Started",
      subjectId: id,
      summary: trigger === "periodic" ? "Periodic full sync started" : "Full sync started",
      details: { jobId: id, trigger, source: this.source },
    });
  }

  /** Starts a sync now; the job runs on after the answer. */
  async startManual(actor: Actor): Promise<{ jobId: string; message: string }> {
    if (this.stopping) throw conflict("The console is stopping; start the sync again once it is back.");
    if (this.current) throw conflict("A directory sync is already running.");
    // Held from here, so that two requests at once cannot both start a job.
    this.current = Promise.resolve();
    const id = randomUUID();
    try {
      if (!(await this.lockFree())) throw conflict("A directory sync is already running.");
      // The job row and its first event exist before the caller hears of the job.
      await this.s.db.tx((q) => this.initiate(q, id, "manual", actor));
    } catch (err) {
      this.current = null;
      throw err;
    }
    void this.track(
      this.locked(async () => {
        await failStaleJobs(this.s.db, id);
        await this.execute(id, actor);
      }).then(async (r) => {
        if (!r.acquired) await this.fail(id, actor, "Another console replica is running a sync.");
      }),
    );
    return { jobId: id, message: "Sync started." };
  }

  /** Runs a periodic sync when one is due; returns its job id, or null. */
  async tick(now = Date.now()): Promise<string | null> {
    if (this.current || this.stopping) return null;
    const schedule = await readSchedule(this.s);
    const last = await latestJob(this.s.db);
    if (!isDue(schedule, last ? new Date(last.startedAt) : null, now)) return null;
    if (this.current || this.stopping) return null;
    let id: string | null = null;
    const run = this.locked(async () => {
      // Another replica may have run it while this one waited.
      const again = await latestJob(this.s.db);
      if (!isDue(schedule, again ? new Date(again.startedAt) : null, now)) return;
      id = randomUUID();
      await failStaleJobs(this.s.db, null);
      await this.s.db.tx((q) => this.initiate(q, id!, "periodic", SYSTEM));
      await this.execute(id, SYSTEM);
    });
    await this.track(run);
    return id;
  }

  private track(p: Promise<unknown>): Promise<unknown> {
    const tracked = p
      .catch((err: Error) => this.s.log.error({ err: { message: err.message } }, "directory sync failed"))
      .finally(() => {
        if (this.current === tracked) this.current = null;
      });
    this.current = tracked;
    return tracked;
  }

  private async execute(id: string, actor: Actor): Promise<void> {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      let users: number;
      let groups: number;
      let message: string;
      if (this.ldap) {
        const result = await applyDirectory(this.s.db, this.ldap, () => this.stopping);
        await this.s.bus.publish("users");
        await this.s.bus.publish("access");
        users = result.users;
        groups = result.groups;
        message = describeResult(result, this.ldap.url);
      } else {
        const totals = await directoryTotals(this.s.db);
        users = totals.users;
        groups = totals.groups;
        message = `No external directory is configured: published the console's ${count(users, "user")} and ${count(groups, "group")} to Trino.`;
      }
      let written: number;
      try {
        written = await this.groupFile.write();
      } catch (err) {
        throw new SyncFailure(
          `The Trino group file ${this.groupFile.file} could not be written: ${(err as Error).message}`,
        );
      }
      await this.s.db.tx(async (q) => {
        await writeAudit(q, {
          source: SYNC_AUDIT,
          action: "Sync Users and Groups to Trino",
          actor,
          status: "Completed",
          subjectId: id,
          summary: `Wrote ${written} groups to ${this.groupFile.file}`,
          details: { jobId: id, syncedUsers: users, syncedGroups: written, file: this.groupFile.file },
        });
        await finishJob(q, id, { status: "completed", users, groups, message });
        await writeAudit(q, {
          source: SYNC_AUDIT,
          action: "Sync Completed",
          actor,
          status: "Completed",
          subjectId: id,
          summary: message,
          details: { jobId: id, syncedUsers: users, syncedGroups: groups, message },
        });
      });
      observeSync("directory-sync", seconds(), "success");
    } catch (err) {
      observeSync("directory-sync", seconds(), "failure");
      const message = err instanceof SyncFailure ? err.message : `The sync failed: ${(err as Error).message}`;
      await this.fail(id, actor, message);
    }
  }

  private async fail(id: string, actor: Actor, message: string): Promise<void> {
    await this.s.db.tx(async (q) => {
      await finishJob(q, id, { status: "failed", users: null, groups: null, message });
      await writeAudit(q, {
        source: SYNC_AUDIT,
        action: "Sync Failed",
        actor,
        status: "Failed",
        subjectId: id,
        summary: message,
        details: { jobId: id, syncedUsers: 0, syncedGroups: 0, message },
      });
    });
  }

  /** Lets a running job reach its next batch boundary and record how it ended. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.current;
  }
}
