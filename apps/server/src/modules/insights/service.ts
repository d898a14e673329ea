import type { FastifyBaseLogger } from "fastify";
import type { Analytics, DataSummary, Datasets, Pipeline, PipelineQuery, PipelineSummary } from "@console/contracts";
import type { Db } from "../../platform/db/index.js";
import { containsPattern } from "../../platform/db/like.js";
import type { AirflowClient } from "../audits/airflow.js";
import { timedSync } from "../../platform/metrics.js";
import { claimRun } from "../../platform/scheduled-runs.js";
import { readInsightsPreference } from "../settings/preferences.js";
import type { TrinoClient } from "../policies/trino-client.js";
import { computeAnalytics, rollUp } from "./analytics.js";
import {
  readDatasets,
  readDataSummary,
  readTables,
  storeTables,
  type DataSummaryFilter,
  type StatsLimits,
  type TablesRead,
} from "./datasets.js";
import { computePipelines, storePipelines } from "./pipelines.js";

/** Taken for the length of a refresh, so that one replica computes at a time. */
const REFRESH_LOCK = 0x1_75_19_47;

/** The figures as stored: whether they are provisional is this process's knowledge, not the snapshot's. */
type StoredAnalytics = Omit<Analytics, "provisional">;

export class InsightsService {
  private running: Promise<void> | null = null;
  /** History the console was started with is still arriving (see completeAfter). */
  private historyPending = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly airflow: AirflowClient | null,
    private readonly log: FastifyBaseLogger,
    /** Trino, for the data summary's tables and statistics (null when not configured). */
    private readonly trino: { client: TrinoClient; limits: StatsLimits } | null = null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Figures computed before `history` settles (the embedded sandbox posting 90 days of queries,
   * oldest first) are provisional: once it settles they are computed again, whatever the
   * schedule says, so that a fresh start shows the whole history without a manual recompute.
   */
  completeAfter(history: Promise<void>): void {
    this.historyPending = true;
    void history.then(async () => {
      try {
        // A refresh that began before the last events arrived is not joined: a new one follows it.
        await this.running?.catch(() => undefined);
        if (!this.closed) await this.refresh();
      } catch (err) {
        this.log.warn({ err: (err as Error).message }, "insights: the refresh after the history failed");
      } finally {
        this.historyPending = false;
      }
    });
  }

  /** Work still under way finishes; nothing new starts. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running?.catch(() => undefined);
  }

  /** Computes every figure now (a refresh already running is joined, not repeated). */
  refresh(): Promise<void> {
    this.running ??= timedSync("insights-refresh", () => this.compute()).finally(() => (this.running = null));
    return this.running;
  }

  private async compute(): Promise<void> {
    const started = Date.now();
    const now = this.now();
    const pref = await readInsightsPreference(this.db);
    // Airflow is read before the transaction: a slow Airflow must not hold it open.
    let pipelines: Pipeline[] | null = null;
    let pipelinesError: string | null = null;
    if (this.airflow)
      try {
        pipelines = await computePipelines(this.db, this.airflow, now);
      } catch (err) {
        // The last pipelines stay; the figures from the query events are still refreshed.
        pipelinesError = (err as Error).message;
        this.log.warn({ err: (err as Error).message }, "insights: Airflow could not be read");
      }
    // Trino too: its tables and statistics, bounded in time and concurrency, outside the transaction.
    let tables: TablesRead | null = null;
    let tablesError: string | null = null;
    if (this.trino)
      try {
        tables = await readTables(this.trino.client, this.trino.limits);
        tablesError = tables.problem;
      } catch (err) {
        // The last tables stay.
        tablesError = (err as Error).message;
        this.log.warn({ err: (err as Error).message }, "insights: Trino's tables could not be read");
      }
    const rollupStarted = Date.now();
    const days = await rollUp(this.db, now);
    const rollupMs = Date.now() - rollupStarted;
    await this.db.tx(async (q) => {
      const lock = await q.query<{ ok: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS ok", [REFRESH_LOCK]);
      if (!lock.rows[0]!.ok) return;
      const figures = await computeAnalytics(q, { users: pref.usersToExclude, adminGroups: pref.adminGroups }, now);
      if (pipelines) await storePipelines(q, pipelines);
      if (tables) await storeTables(q, tables, now);
      const counts = await q.query<{ active: string; paused: string }>(
        `SELECT count(*) FILTER (WHERE state = 'active') AS active, count(*) FILTER (WHERE state = 'paused') AS paused
           FROM insights_pipelines`,
      );
      const analytics: StoredAnalytics = {
        ...figures,
        active_pipelines: this.airflow ? Number(counts.rows[0]!.active) : null,
        paused_pipelines: this.airflow ? Number(counts.rows[0]!.paused) : null,
        computed_at: now.toISOString(),
      };
      await q.query(
        `INSERT INTO insights_snapshot (id, computed_at, duration_ms, analytics, pipelines_error, tables_error)
         VALUES (1, $1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET computed_at = EXCLUDED.computed_at, duration_ms = EXCLUDED.duration_ms,
                                        analytics = EXCLUDED.analytics, pipelines_error = EXCLUDED.pipelines_error,
                                        tables_error = EXCLUDED.tables_error`,
        [now.toISOString(), Date.now() - started, JSON.stringify(analytics), pipelinesError, tablesError],
      );
    });
    this.log.info(
      { ms: Date.now() - started, rollupMs, days, tables: tables?.tables.length ?? null },
      "insights refreshed",
    );
  }

  private async snapshot(): Promise<{
    analytics: StoredAnalytics;
    computedAt: Date;
    pipelinesError: string | null;
    tablesError: string | null;
  } | null> {
    const { rows } = await this.db.query<{
      analytics: StoredAnalytics;
      computed_at: Date;
      pipelines_error: string | null;
      tables_error: string | null;
    }>("SELECT analytics, computed_at, pipelines_error, tables_error FROM insights_snapshot WHERE id = 1");
    const r = rows[0];
    return r
      ? {
          analytics: r.analytics,
          computedAt: new Date(r.computed_at),
          pipelinesError: r.pipelines_error,
          tablesError: r.tables_error,
        }
      : null;
  }

  /**
   * A page of the data summary as of the last refresh (the screen never waits for Trino; the
   * very first call joins the first refresh, as the figures do).
   */
  async dataSummary(filter: DataSummaryFilter): Promise<DataSummary> {
    // Only the refresh's word on Trino, not the whole snapshot.
    const tablesError = async () =>
      (await this.db.query<{ tables_error: string | null }>("SELECT tables_error FROM insights_snapshot WHERE id = 1"))
        .rows[0];
    let snap = await tablesError();
    if (!snap) {
      await this.refresh();
      snap = await tablesError();
    }
    const page = await readDataSummary(this.db, filter);
    const unavailable = this.trino ? (snap?.tables_error ?? null) : "Trino is not configured (set TRINO_URL).";
    return { ...page, unavailable };
  }

  datasets(): Promise<Datasets> {
    return readDatasets(this.db);
  }

  /** The figures of the last refresh; the very first call computes them. */
  async analytics(): Promise<Analytics> {
    // Read before the snapshot: when it says final, the snapshot read after it is the final one.
    const provisional = this.historyPending;
    let snap = await this.snapshot();
    if (!snap) {
      await this.refresh();
      snap = await this.snapshot();
    }
    return { ...snap!.analytics, provisional };
  }

  /**
   * Refreshes when the preference schedules it and its interval has passed. The first figures
   * are computed by the first call that asks for them, when events have had time to arrive.
   */
  async tick(): Promise<void> {
    const [pref, snap] = await Promise.all([readInsightsPreference(this.db), this.snapshot()]);
    if (!snap || !pref.isScheduled) return;
    const period = pref.scheduleInterval * 1000;
    if (this.now().getTime() - snap.computedAt.getTime() < period) return;
    // Every replica ticks; the one that claims this period's run refreshes for all of them.
    const gap = Math.max(period - Math.min(period * 0.1, 5_000), 0);
    if (await claimRun(this.db, "insights-refresh", gap)) await this.refresh();
  }

  async pipelines(
    query: Required<Pick<PipelineQuery, "limit" | "offset">> & { dag_name?: string | undefined },
  ): Promise<PipelineSummary> {
    if (!this.airflow)
      return { data: { pipeline_tag: [] }, count: 0, unavailable: "Airflow is not configured (set AIRFLOW_URL)." };
    // The pipelines are read from Airflow by a refresh: the very first call joins the first one.
    let snap = await this.snapshot();
    if (!snap) {
      await this.refresh();
      snap = await this.snapshot();
    }
    const like = query.dag_name ? containsPattern(query.dag_name) : null;
    const { rows } = await this.db.query<Pipeline & { total: string }>(
      `SELECT name, job_count, weekly_avg_running_time, monthly_avg_running_time, state, status_code, jobs,
              count(*) OVER () AS total
         FROM insights_pipelines p
        WHERE $1::text IS NULL OR lower(name) LIKE $1
           OR EXISTS (SELECT 1 FROM jsonb_array_elements(p.jobs) j WHERE lower(j->>'dag_id') LIKE $1)
        ORDER BY name LIMIT $2 OFFSET $3`,
      [like, query.limit, query.offset],
    );
    const count = rows[0] ? Number(rows[0].total) : await this.countPipelines(like);
    return {
      data: {
        pipeline_tag: rows.map(({ total: _total, ...p }) => ({
          ...p,
          status_code: Number(p.status_code) as Pipeline["status_code"],
          weekly_avg_running_time: p.weekly_avg_running_time === null ? null : Number(p.weekly_avg_running_time),
          monthly_avg_running_time: p.monthly_avg_running_time === null ? null : Number(p.monthly_avg_running_time),
        })),
      },
      count,
      unavailable: snap?.pipelinesError ?? null,
    };
  }

  private async countPipelines(like: string | null): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM insights_pipelines p
        WHERE $1::text IS NULL OR lower(name) LIKE $1
           OR EXISTS (SELECT 1 FROM jsonb_array_elements(p.jobs) j WHERE lower(j->>'dag_id') LIKE $1)`,
      [like],
    );
    return Number(rows[0]!.n);
  }
}
