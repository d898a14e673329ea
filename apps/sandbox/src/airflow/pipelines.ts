import type { SandboxDag } from "./runs.js";

/**
 * How the sandbox's DAGs are organised the way a platform team does it: a tag names the
 * pipeline a DAG belongs to, some DAGs are paused, and each produces datasets (Airflow's
 * data-aware scheduling) whose URIs name the Trino tables it writes.
 */
export const DAG_PIPELINES: Record<string, { tags: string[]; paused: boolean; produces: string[] }> = {
  ingest_orders: {
    tags: ["sales"],
    paused: false,
    produces: ["trino://trino:8080/hive/sales/orders", "trino://trino:8080/hive/sales/order_items"],
  },
  refresh_sales_mart: { tags: ["sales"], paused: false, produces: ["trino://trino:8080/iceberg/marts/daily_sales"] },
  compact_iceberg_tables: { tags: ["maintenance"], paused: false, produces: [] },
  export_finance_reports: {
    tags: ["finance"],
    paused: false,
    produces: ["trino://trino:8080/iceberg/finance/monthly_revenue"],
  },
  ml_feature_backfill: { tags: ["ml"], paused: true, produces: ["trino://trino:8080/iceberg/ml/customer_features"] },
};

/** The next scheduled run after `now` (null for DAGs only started by hand or paused). */
export function nextRun(dag: SandboxDag, now: number): string | null {
  if (dag.every <= 0 || DAG_PIPELINES[dag.dag_id]?.paused) return null;
  const step = dag.every * 60_000;
  return new Date(Math.floor(now / step) * step + step).toISOString();
}

/** Airflow's dataset list (v1 `/datasets`, v2 `/assets`): URIs with the tasks that produce them. */
export function datasets(dags: SandboxDag[], version: "v1" | "v2") {
  const items = dags.flatMap((d) =>
    (DAG_PIPELINES[d.dag_id]?.produces ?? []).map((uri) => ({
      uri,
      producing_tasks: [{ dag_id: d.dag_id, task_id: "load" }],
      consuming_dags: [],
    })),
  );
  const key = version === "v1" ? "datasets" : "assets";
  return {
    [key]: items.map((x, i) => ({ id: i + 1, ...x, created_at: "2026-01-05T08:00:00+00:00" })),
    total_entries: items.length,
  };
}
