import { z } from "zod";
import type { Queryable } from "../../platform/db/index.js";

/** Request and response headers never stored: credentials and session material. */
const DROPPED_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-amz-security-token",
  "x-amz-server-side-encryption-customer-key",
  "x-amz-copy-source-server-side-encryption-customer-key",
  "x-minio-auth-token",
]);

export function scrubHeaders(h: Record<string, unknown> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) {
    if (DROPPED_HEADERS.has(k.toLowerCase())) continue;
    out[k] = String(v);
  }
  return out;
}

/** "13309747ns" (or a bare number of nanoseconds). */
const Nanos = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const m = typeof v === "number" ? [String(v), String(v)] : /^(\d+)(?:ns)?$/.exec(v.trim());
  if (!m) {
    ctx.addIssue({ code: "custom", message: "is not a number of nanoseconds" });
    return z.NEVER;
  }
  return Number(m[1]);
});

const str = (max = 1024) => z.string().max(max).nullish();

export const MinioAuditEntry = z.object({
  version: z.string().min(1).max(16),
  deploymentid: str(128),
  time: z.iso.datetime({ offset: true, message: "is not an ISO-8601 date-time" }),
  event: str(64),
  type: str(64),
  api: z.object({
    name: z.string().min(1).max(128),
    bucket: str(255),
    object: str(2048),
    status: str(128),
    statusCode: z.number().int().nullish(),
    rx: z.number().nullish(),
    tx: z.number().nullish(),
    timeToResponse: Nanos.nullish(),
    timeToResponseInNS: Nanos.nullish(),
  }),
  remotehost: str(255),
  requestID: str(128),
  userAgent: str(1024),
  requestHeader: z.record(z.string(), z.unknown()).nullish(),
  responseHeader: z.record(z.string(), z.unknown()).nullish(),
  accessKey: str(255),
  parentUser: str(255),
  error: str(4000),
});
export type MinioAuditEntry = z.infer<typeof MinioAuditEntry>;

export function parseMinioEntry(raw: unknown): { ok: true; entry: MinioAuditEntry } | { ok: false; problem: string } {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return { ok: false, problem: "entry is not a JSON object" };
  const parsed = MinioAuditEntry.safeParse(raw);
  if (parsed.success) return { ok: true, entry: parsed.data };
  const issue = parsed.error.issues[0]!;
  const path = issue.path.join(".");
  return {
    ok: false,
    problem:
      issue.code === "invalid_type" && issue.input === undefined ? `${path} is required` : `${path} ${issue.message}`,
  };
}

/** Stores entries once each: MinIO resends a batch it could not deliver. */
export async function storeMinioEntries(q: Queryable, entries: MinioAuditEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = entries.map((e) => {
    const ns = e.api.timeToResponseInNS ?? e.api.timeToResponse ?? null;
    return {
      key: [e.deploymentid ?? "", e.requestID ?? "", e.time, e.api.name, e.api.object ?? ""].join("|"),
      time: e.time,
      username: e.parentUser || e.accessKey || null,
      remote_host: e.remotehost ?? null,
      bucket: e.api.bucket ?? null,
      object: e.api.object ?? null,
      api_name: e.api.name,
      api_status: e.api.status ?? null,
      status_code: e.api.statusCode ?? null,
      ns,
      rx: e.api.rx ?? null,
      tx: e.api.tx ?? null,
      request_id: e.requestID ?? null,
      deployment_id: e.deploymentid ?? null,
      user_agent: e.userAgent ?? null,
      request_header: JSON.stringify(scrubHeaders(e.requestHeader)),
      response_header: JSON.stringify(scrubHeaders(e.responseHeader)),
      error: e.error || null,
    };
  });
  const col = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k]);
  const { rows: out } = await q.query<{ n: string }>(
    `WITH ins AS (
       INSERT INTO minio_audit_events (entry_key, time, username, remote_host, bucket, object, api_name, api_status,
         status_code, time_to_response_ns, rx, tx, request_id, deployment_id, user_agent, request_header,
         response_header, error)
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::text[], $9::int[], $10::bigint[], $11::bigint[], $12::bigint[], $13::text[], $14::text[], $15::text[],
         $16::jsonb[], $17::jsonb[], $18::text[])
       ON CONFLICT (entry_key, time) DO NOTHING
       RETURNING 1)
     SELECT count(*) AS n FROM ins`,
    [
      col("key"),
      col("time"),
      col("username"),
      col("remote_host"),
      col("bucket"),
      col("object"),
      col("api_name"),
      col("api_status"),
      col("status_code"),
      col("ns"),
      col("rx"),
      col("tx"),
      col("request_id"),
      col("deployment_id"),
      col("user_agent"),
      col("request_header"),
      col("response_header"),
      col("error"),
    ],
  );
  return Number(out[0]!.n);
}
