import { z } from "zod";
import type { Db } from "../../platform/db/index.js";
import type { Services } from "../../platform/services.js";
import { UpstreamError } from "../../platform/errors.js";
import { fetchJson } from "./http-json.js";

export const AIRFLOW = "Airflow";

const V1Run = z.object({
  dag_run_id: z.string(),
  dag_id: z.string(),
  execution_date: z.string().nullish(),
  logical_date: z.string().nullish(),
  start_date: z.string().nullish(),
  end_date: z.string().nullish(),
  run_type: z.string().nullish(),
  state: z.string().nullish(),
  external_trigger: z.boolean().nullish(),
  triggered_by: z.string().nullish(),
  run_after: z.string().nullish(),
});
const RunPage = z.object({ dag_runs: z.array(V1Run), total_entries: z.number().int() });

export interface DagRun {
  dag_id: string;
  run_id: string;
  execution_date: string;
  start_date: string | null;
  end_date: string | null;
  run_type: string;
  external_trigger: boolean;
  state: string;
}

/** Airflow 3 dropped external_trigger: a run someone started by hand is an external trigger. */
const MANUAL_TRIGGERS = new Set(["ui", "rest_api", "cli", "operator", "test"]);

export function toDagRun(r: z.infer<typeof V1Run>): DagRun | null {
  const when = r.execution_date ?? r.logical_date ?? r.run_after ?? r.start_date;
  if (!when) return null;
  return {
    dag_id: r.dag_id,
    run_id: r.dag_run_id,
    execution_date: when,
    start_date: r.start_date ?? null,
    end_date: r.end_date ?? null,
    run_type: r.run_type ?? "unknown",
    external_trigger:
      r.external_trigger ?? (r.run_type === "manual" || MANUAL_TRIGGERS.has(String(r.triggered_by ?? ""))),
    state: r.state ?? "queued",
  };
}

export interface AirflowOptions {
  baseUrl: string;
  version: "v1" | "v2";
  username?: string;
  password?: string;
  timeoutMs: number;
}

const PAGE = 100;
const MAX_PAGES = 50;

/** Airflow's REST API: v1 with basic auth (Airflow 2), v2 with a bearer token from /auth/token (Airflow 3). */
export class AirflowClient {
  private readonly base: string;
  private token: string | null = null;

  constructor(private readonly opts: AirflowOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, "");
  }

  private async headers(): Promise<Record<string, string>> {
    const { username, password } = this.opts;
    if (!username || !password) return {};
    if (this.opts.version === "v1")
      return { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}` };
    this.token ??= (
      await fetchJson<{ access_token: string }>(AIRFLOW, `${this.base}/auth/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password }),
        timeoutMs: this.opts.timeoutMs,
      })
    ).access_token;
    return { authorization: `Bearer ${this.token}` };
  }

  /** GET of a path under the API's version prefix (e.g. "/dags"), with the client's credentials. */
  async get(path: string): Promise<unknown> {
    const url = `${this.base}/api/${this.opts.version}${path}`;
    try {
      return await fetchJson(AIRFLOW, url, { headers: await this.headers(), timeoutMs: this.opts.timeoutMs });
    } catch (err) {
      if (this.opts.version !== "v2" || !this.token) throw err;
      this.token = null;
      return fetchJson(AIRFLOW, url, { headers: await this.headers(), timeoutMs: this.opts.timeoutMs });
    }
  }

  get version(): "v1" | "v2" {
    return this.opts.version;
  }

  /** Runs whose logical date is at or after `since`, oldest first. */
  async runsSince(since: Date | null): Promise<DagRun[]> {
    const v = this.opts.version;
    const out: DagRun[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const params = new URLSearchParams({
        limit: String(PAGE),
        offset: String(page * PAGE),
        order_by: v === "v1" ? "execution_date" : "logical_date",
      });
      if (since) params.set(v === "v1" ? "execution_date_gte" : "logical_date_gte", since.toISOString());
      const url = `${this.base}/api/${v}/dags/~/dagRuns?${params}`;
      let raw: unknown;
      try {
        raw = await fetchJson(AIRFLOW, url, { headers: await this.headers(), timeoutMs: this.opts.timeoutMs });
      } catch (err) {
        // An expired Airflow 3 token: get a new one once.
        if (v === "v2" && this.token) {
          this.token = null;
          raw = await fetchJson(AIRFLOW, url, { headers: await this.headers(), timeoutMs: this.opts.timeoutMs });
        } else throw err;
      }
      const parsed = RunPage.safeParse(raw);
      if (!parsed.success) throw new UpstreamError(AIRFLOW, "its DAG run list is not in the expected shape");
      for (const r of parsed.data.dag_runs) {
        const run = toDagRun(r);
        if (run) out.push(run);
      }
      if (parsed.data.dag_runs.length < PAGE) break;
    }
    return out;
  }
}

/** The client for AIRFLOW_URL, else for the sandbox's Airflow; null when there is neither. */
export function airflowClientFor(s: Services): AirflowClient | null {
  const c = s.config;
  const baseUrl = c.AIRFLOW_URL ?? s.sandbox?.urls.airflow;
  if (!baseUrl) return null;
  return new AirflowClient({
    baseUrl,
    version: c.AIRFLOW_URL ? c.AIRFLOW_API_VERSION : "v2",
    username: c.AIRFLOW_URL ? c.AIRFLOW_USERNAME : "console",
    password: c.AIRFLOW_URL ? c.AIRFLOW_PASSWORD : "sandbox",
    timeoutMs: c.AUDIT_TIMEOUT_MS,
  });
}

export async function storeDagRuns(db: Db, runs: DagRun[]): Promise<void> {
  if (runs.length === 0) return;
  const col = <K extends keyof DagRun>(k: K) => runs.map((r) => r[k]);
  await db.query(
    `INSERT INTO airflow_dag_runs (dag_id, run_id, execution_date, start_date, end_date, run_type, external_trigger, state)
     SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::timestamptz[], $6::text[],
       $7::boolean[], $8::text[])
     ON CONFLICT (dag_id, run_id, execution_date) DO UPDATE SET start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date,
       state = EXCLUDED.state, fetched_at = now()`,
    [
      col("dag_id"),
      col("run_id"),
      col("execution_date"),
      col("start_date"),
      col("end_date"),
      col("run_type"),
      col("external_trigger"),
      col("state"),
    ],
  );
}

/** Where the next poll starts: the oldest unfinished run, else a day before the newest one. */
export async function pollStart(db: Db): Promise<Date | null> {
  const { rows } = await db.query<{ since: Date | null }>(
    `SELECT LEAST(
       (SELECT min(execution_date) FROM airflow_dag_runs WHERE state IN ('queued', 'running') AND execution_date > now() - interval '7 days'),
       (SELECT max(execution_date) - interval '1 day' FROM airflow_dag_runs)) AS since`,
  );
  return rows[0]?.since ? new Date(rows[0].since) : null;
}

export async function pollAirflow(db: Db, client: AirflowClient): Promise<number> {
  const runs = await client.runsSince(await pollStart(db));
  // Upsert in slices, so a first poll of thousands of runs does not build one huge statement.
  for (let i = 0; i < runs.length; i += 500) await storeDagRuns(db, runs.slice(i, i + 500));
  return runs.length;
}
