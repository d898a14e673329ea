import { randomBytes } from "node:crypto";
import Fastify from "fastify";
import type { SandboxPart } from "../part.js";
import { datasets, DAG_PIPELINES, nextRun } from "./pipelines.js";
import { DAGS, runsUntil, type SandboxRun } from "./runs.js";

export const AIRFLOW_SANDBOX_USER = "console";
export const AIRFLOW_SANDBOX_PASSWORD = "sandbox";

/**
 * A subset of Airflow's REST API: v1 (Airflow 2, basic auth) and v2 (Airflow 3, bearer token
 * from POST /auth/token), with DAGs and their runs.
 */
export async function startAirflow(opts: { now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  const tokens = new Set<string>();
  const app = Fastify({ logger: false });
  const basic = `Basic ${Buffer.from(`${AIRFLOW_SANDBOX_USER}:${AIRFLOW_SANDBOX_PASSWORD}`).toString("base64")}`;
  const unauthorized = { title: "Unauthorized", status: 401, detail: "Invalid credentials" };

  app.post("/auth/token", async (req, reply) => {
    const body = (req.body ?? {}) as { username?: string; password?: string };
    if (body.username !== AIRFLOW_SANDBOX_USER || body.password !== AIRFLOW_SANDBOX_PASSWORD)
      return reply.code(401).send(unauthorized);
    const token = randomBytes(24).toString("base64url");
    tokens.add(token);
    return reply.code(201).send({ access_token: token, token_type: "bearer" });
  });

  for (const version of ["v1", "v2"] as const) {
    const authed = (header: string | undefined) =>
      version === "v1" ? header === basic : !!header && tokens.has(header.replace(/^Bearer /, ""));
    const shape = (r: SandboxRun) =>
      version === "v1"
        ? {
            dag_run_id: r.dag_run_id,
            dag_id: r.dag_id,
            logical_date: r.logical_date,
            execution_date: r.logical_date,
            start_date: r.start_date,
            end_date: r.end_date,
            data_interval_start: r.logical_date,
            data_interval_end: r.logical_date,
            last_scheduling_decision: r.start_date,
            run_type: r.run_type,
            state: r.state,
            external_trigger: r.run_type === "manual",
            conf: r.conf,
            note: null,
          }
        : {
            dag_run_id: r.dag_run_id,
            dag_id: r.dag_id,
            logical_date: r.logical_date,
            queued_at: r.logical_date,
            start_date: r.start_date,
            end_date: r.end_date,
            run_after: r.logical_date,
            run_type: r.run_type,
            state: r.state,
            triggered_by: r.run_type === "manual" ? "rest_api" : "timetable",
            conf: r.conf,
            note: null,
          };

    app.get(`/api/${version}/dags`, async (req, reply) => {
      if (!authed(req.headers.authorization)) return reply.code(401).send(unauthorized);
      return {
        dags: DAGS.map((d) => ({
          dag_id: d.dag_id,
          description: d.description,
          is_paused: DAG_PIPELINES[d.dag_id]?.paused ?? false,
          is_active: true,
          tags: (DAG_PIPELINES[d.dag_id]?.tags ?? []).map((name) => ({ name })),
          next_dagrun: nextRun(d, now()),
          owners: d.owners,
          schedule_interval: d.every ? { __type: "TimeDelta", days: 0, seconds: d.every * 60 } : null,
        })),
        total_entries: DAGS.length,
      };
    });

    app.get(`/api/${version}/${version === "v1" ? "datasets" : "assets"}`, async (req, reply) => {
      if (!authed(req.headers.authorization)) return reply.code(401).send(unauthorized);
      return datasets(DAGS, version);
    });

    app.get<{ Params: { dag: string }; Querystring: Record<string, string> }>(
      `/api/${version}/dags/:dag/dagRuns`,
      async (req, reply) => {
        if (!authed(req.headers.authorization)) return reply.code(401).send(unauthorized);
        const q = req.query;
        const gte = q.execution_date_gte ?? q.logical_date_gte;
        const limit = Math.min(Number(q.limit ?? 100) || 100, 100);
        const offset = Number(q.offset ?? 0) || 0;
        let runs = runsUntil(now()).filter((r) => req.params.dag === "~" || r.dag_id === req.params.dag);
        if (gte) runs = runs.filter((r) => r.logical_date >= new Date(gte).toISOString());
        if ((q.order_by ?? "").startsWith("-")) runs.reverse();
        return { dag_runs: runs.slice(offset, offset + limit).map(shape), total_entries: runs.length };
      },
    );
  }
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { url, stop: () => app.close() };
}

export const airflowPart: SandboxPart = {
  name: "airflow",
  async start() {
    const a = await startAirflow();
    return { url: a.url, stop: async () => void (await a.stop()) };
  },
};
