import type { FastifyInstance } from "fastify";
import { bearer } from "./auth.js";

export const API = "/admin-api/api/v1";

/** Calls the API as `token` and returns status and parsed body. */
export async function api<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  app: FastifyInstance,
  token: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await app.inject({
    method,
    url: `${API}${path}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T };
}

/** Waits for a sync job to finish and returns it. */
export async function waitForJob(
  app: FastifyInstance,
  token: string,
  jobId: string,
  timeoutMs = 60_000,
): Promise<{ status: string; message: string | null; syncedUsers: number | null; syncedGroups: number | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await api(app, token, "GET", `/sync/jobs/${jobId}`);
    if (status !== 200) throw new Error(`job ${jobId} answered ${status}`);
    if (body.status !== "running") return body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still running`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface AuditRow {
  seq: number;
  source: string;
  action: string;
  username: string;
  ip_address: string | null;
  status: string;
  subject_id: string | null;
  subject_name: string | null;
  summary: string | null;
  details: Record<string, unknown>;
}

export async function auditsAfter(
  db: { query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> },
  seq: number,
): Promise<AuditRow[]> {
  return (await db.query<AuditRow>("SELECT * FROM audit_events WHERE seq > $1 ORDER BY seq", [seq])).rows;
}

export async function lastAuditSeq(db: {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}): Promise<number> {
  return (await db.query<{ n: number }>("SELECT COALESCE(max(seq), 0)::int AS n FROM audit_events")).rows[0]!.n;
}
