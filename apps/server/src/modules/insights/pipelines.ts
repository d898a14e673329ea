import { z } from "zod";
import type { Pipeline } from "@console/contracts";
import type { Queryable } from "../../platform/db/index.js";
import { UpstreamError } from "../../platform/errors.js";
import { AIRFLOW, type AirflowClient } from "../audits/airflow.js";

const Dag = z.object({
  dag_id: z.string(),
  is_paused: z.boolean().nullish(),
  tags: z.array(z.object({ name: z.string() })).nullish(),
  next_dagrun: z.string().nullish(),
  // Airflow 3 renamed it.
  next_dagrun_logical_date: z.string().nullish(),
});
const DagPage = z.object({ dags: z.array(Dag), total_entries: z.number().int() });
const Dataset = z.object({
  uri: z.string(),
  producing_tasks: z.array(z.object({ dag_id: z.string() })).nullish(),
});
const DatasetPage = z.object({
  datasets: z.array(Dataset).optional(),
  assets: z.array(Dataset).optional(),
  total_entries: z.number().int(),
});

const PAGE = 100;
const MAX_PAGES = 50;

async function paged<T>(client: AirflowClient, path: string, parse: (raw: unknown) => { items: T[]; total: number }) {
  const out: T[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const { items, total } = parse(await client.get(`${path}?limit=${PAGE}&offset=${page * PAGE}`));
    out.push(...items);
    if (items.length < PAGE || out.length >= total) break;
  }
  return out;
}

/** "trino://host:port/catalog/schema/table" names the table catalog.schema.table; other URIs stay as they are. */
export function tableOfUri(uri: string): string {
  const m = /^trino:\/\/[^/]+\/([^/]+)\/([^/]+)\/([^/?#]+)/.exec(uri);
  return m ? `${m[1]}.${m[2]}.${m[3]}` : uri;
}

interface RunStats {
  dag_id: string;
  weekly_avg: number | null;
  monthly_avg: number | null;
  start_date: string | null;
  end_date: string | null;
  state: string | null;
}

/**
 * Reads the DAGs and datasets from Airflow, groups the DAGs into pipelines by their first tag
 * (a DAG without tags is a pipeline of its own) and computes running times from the stored runs.
 */
export async function computePipelines(q: Queryable, client: AirflowClient, now: Date): Promise<Pipeline[]> {
  const dags = await paged(client, "/dags", (raw) => {
    const p = DagPage.safeParse(raw);
    if (!p.success) throw new UpstreamError(AIRFLOW, "its DAG list is not in the expected shape");
    return { items: p.data.dags, total: p.data.total_entries };
  });
  const sets = await paged(client, client.version === "v1" ? "/datasets" : "/assets", (raw) => {
    const p = DatasetPage.safeParse(raw);
    if (!p.success) throw new UpstreamError(AIRFLOW, "its dataset list is not in the expected shape");
    return { items: p.data.datasets ?? p.data.assets ?? [], total: p.data.total_entries };
  });
  const tablesOf = new Map<string, string[]>();
  for (const d of sets)
    for (const t of d.producing_tasks ?? []) {
      const list = tablesOf.get(t.dag_id) ?? [];
      if (!list.includes(tableOfUri(d.uri))) list.push(tableOfUri(d.uri));
      tablesOf.set(t.dag_id, list);
    }

  const { rows } = await q.query<RunStats>(
    `SELECT dag_id,
            avg(extract(epoch FROM end_date - start_date)) FILTER (
              WHERE state = 'success' AND end_date > $1::timestamptz - interval '7 days') AS weekly_avg,
            avg(extract(epoch FROM end_date - start_date)) FILTER (
              WHERE state = 'success' AND end_date > $1::timestamptz - interval '30 days') AS monthly_avg,
            (array_agg(start_date ORDER BY execution_date DESC))[1] AS start_date,
            (array_agg(end_date ORDER BY execution_date DESC))[1] AS end_date,
            (array_agg(state ORDER BY execution_date DESC))[1] AS state
       FROM airflow_dag_runs
      WHERE dag_id = ANY ($2::text[])
      GROUP BY dag_id`,
    [now.toISOString(), dags.map((d) => d.dag_id)],
  );
  const stats = new Map(rows.map((r) => [r.dag_id, r]));
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  const avg = (values: Array<number | null>) => {
    const known = values.filter((v): v is number => v !== null).map(Number);
    return known.length ? Math.round(known.reduce((a, b) => a + b, 0) / known.length) : null;
  };

  const groups = new Map<string, typeof dags>();
  for (const d of dags) {
    const name = d.tags?.[0]?.name ?? d.dag_id;
    groups.set(name, [...(groups.get(name) ?? []), d]);
  }
  return [...groups.entries()]
    .map(([name, members]): Pipeline => {
      const runStats = members.map((d) => stats.get(d.dag_id));
      const states = runStats.map((r) => r?.state ?? null);
      return {
        name,
        job_count: members.length,
        weekly_avg_running_time: avg(runStats.map((r) => (r?.weekly_avg == null ? null : Number(r.weekly_avg)))),
        monthly_avg_running_time: avg(runStats.map((r) => (r?.monthly_avg == null ? null : Number(r.monthly_avg)))),
        state: members.some((d) => !d.is_paused) ? "active" : "paused",
        status_code: states.includes("failed") ? 0 : states.some((s) => s === "running" || s === "queued") ? 1 : 2,
        jobs: members.map((d) => {
          const r = stats.get(d.dag_id);
          return {
            dag_id: d.dag_id,
            start_date: iso(r?.start_date),
            end_date: iso(r?.end_date),
            next_run: d.is_paused ? null : (d.next_dagrun ?? d.next_dagrun_logical_date ?? null),
            tables: (tablesOf.get(d.dag_id) ?? []).map((table) => ({ table })),
            state: r?.state ?? null,
          };
        }),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function storePipelines(q: Queryable, pipelines: Pipeline[]): Promise<void> {
  await q.query("DELETE FROM insights_pipelines");
  if (pipelines.length === 0) return;
  await q.query(
    `INSERT INTO insights_pipelines (name, state, status_code, job_count, weekly_avg_running_time,
                                     monthly_avg_running_time, jobs)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(name text, state text, status_code smallint, job_count integer,
       weekly_avg_running_time double precision, monthly_avg_running_time double precision, jobs jsonb)`,
    [JSON.stringify(pipelines)],
  );
}
