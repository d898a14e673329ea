/** The sandbox's DAGs and their runs, computed from the clock so that new runs keep appearing. */

export interface SandboxDag {
  dag_id: string;
  description: string;
  /** Minutes between scheduled runs. */
  every: number;
  /** One run in this many fails. */
  failEvery: number;
  owners: string[];
}

export const DAGS: SandboxDag[] = [
  {
    dag_id: "ingest_orders",
    description: "Load orders from the shop database",
    every: 60,
    failEvery: 11,
    owners: ["data-eng"],
  },
  {
    dag_id: "refresh_sales_mart",
    description: "Rebuild the sales mart",
    every: 240,
    failEvery: 7,
    owners: ["analytics"],
  },
  {
    dag_id: "compact_iceberg_tables",
    description: "Compact small files",
    every: 720,
    failEvery: 13,
    owners: ["platform"],
  },
  {
    dag_id: "export_finance_reports",
    description: "Daily finance export",
    every: 1440,
    failEvery: 5,
    owners: ["finance"],
  },
  {
    dag_id: "ml_feature_backfill",
    description: "Feature store backfill (manual)",
    every: 0,
    failEvery: 3,
    owners: ["ml"],
  },
];

export interface SandboxRun {
  dag_run_id: string;
  dag_id: string;
  logical_date: string;
  start_date: string | null;
  end_date: string | null;
  run_type: "scheduled" | "manual" | "backfill";
  state: "queued" | "running" | "success" | "failed";
  conf: Record<string, unknown>;
}

const HISTORY_DAYS = 90;
const MINUTE = 60_000;

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function runAt(dag: SandboxDag, at: number, type: SandboxRun["run_type"], now: number): SandboxRun {
  const iso = new Date(at).toISOString();
  const id = `${type}__${iso.replace(".000Z", "+00:00")}`;
  const h = hash(`${dag.dag_id}/${id}`);
  const durationMs = (30 + (h % 600)) * 1000;
  const start = at + 5000;
  const running = now < start + durationMs;
  const state: SandboxRun["state"] =
    now < start ? "queued" : running ? "running" : h % dag.failEvery === 0 ? "failed" : "success";
  return {
    dag_run_id: id,
    dag_id: dag.dag_id,
    logical_date: iso,
    start_date: now < start ? null : new Date(start).toISOString(),
    end_date: running || now < start ? null : new Date(start + durationMs).toISOString(),
    run_type: type,
    state,
    conf: {},
  };
}

/** Every run up to `now`, oldest first. */
export function runsUntil(now: number): SandboxRun[] {
  const out: SandboxRun[] = [];
  const from = now - HISTORY_DAYS * 1440 * MINUTE;
  for (const dag of DAGS) {
    if (dag.every > 0) {
      const step = dag.every * MINUTE;
      for (let t = Math.ceil(from / step) * step; t <= now; t += step) out.push(runAt(dag, t, "scheduled", now));
    } else {
      // Started by hand a few times a day.
      const step = 300 * MINUTE;
      for (let t = Math.ceil(from / step) * step; t <= now; t += step)
        if (hash(`${dag.dag_id}${t}`) % 3 === 0 && t + 17 * MINUTE <= now)
          out.push(runAt(dag, t + 17 * MINUTE, "manual", now));
    }
  }
  return out.sort((a, b) => (a.logical_date < b.logical_date ? -1 : a.logical_date > b.logical_date ? 1 : 0));
}
