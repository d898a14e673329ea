import { randomBytes } from "node:crypto";
import os from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "./db/index.js";

/** This process, as recorded on the runs it claims. */
export const RUNNER = `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

/**
 * Claims the run of `name` when it last started at least `gapMs` ago (or never), in one
 * statement: of several replicas asking at the same moment exactly one gets it.
 */
export async function claimRun(db: Queryable, name: string, gapMs: number, runner = RUNNER): Promise<boolean> {
  const { rows } = await db.query<{ name: string }>(
    `INSERT INTO scheduled_runs (name, last_started_at, started_by) VALUES ($1, now(), $3)
     ON CONFLICT (name) DO UPDATE
        SET last_started_at = now(), started_by = EXCLUDED.started_by, runs = scheduled_runs.runs + 1
      WHERE scheduled_runs.last_started_at <= now() - make_interval(secs => $2::double precision / 1000)
     RETURNING name`,
    [name, gapMs, runner],
  );
  return rows.length === 1;
}

/**
 * `task` as a scheduled tick that runs on one replica per period: the replica whose timer
 * fires first claims the run, the others skip it. The gap is a little shorter than the
 * period so that timers drifting apart do not skip a whole period.
 */
export function onceAcrossReplicas(
  db: Queryable,
  name: string,
  periodMs: number,
  task: () => Promise<unknown>,
  log?: Pick<FastifyBaseLogger, "debug">,
): () => Promise<unknown> {
  const gap = Math.max(periodMs - Math.min(periodMs * 0.1, 5_000), 0);
  return async () => {
    if (!(await claimRun(db, name, gap))) {
      log?.debug({ task: name }, "scheduled run left to another replica");
      return undefined;
    }
    log?.debug({ task: name }, "scheduled run claimed");
    return task();
  };
}
