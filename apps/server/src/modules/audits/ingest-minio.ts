import { z } from "zod";
import type { Queryable } from "../../platform/db/index.js";
import type { IngestSource } from "./ingest.js";
import { BAD, type Bad, isObject, isOptInt, isOptRecord, isOptText, isText, nullish } from "./shape.js";
import { insertBatch } from "./sql.js";

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
function nanos(v: unknown): number | Bad {
  if (typeof v === "number") return Number.isFinite(v) ? v : BAD;
  if (typeof v !== "string") return BAD;
  const m = /^(\d+)(?:ns)?$/.exec(v.trim());
  return m ? Number(m[1]) : BAD;
}

const Nanos = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = nanos(v);
  if (n !== BAD) return n;
  ctx.addIssue({ code: "custom", message: "is not a number of nanoseconds" });
  return z.NEVER;
});

/** The schema's own pattern for `time` (z.iso.datetime with an offset). */
const DATE_TIME = z.regexes.datetime({ offset: true });

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
    rx: z.number().int().nullish(),
    tx: z.number().int().nullish(),
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

/** The entry as MinioAuditEntry gives it, checked by hand (see shape.ts), or null when anything is off. */
function quickEntry(o: Record<string, unknown>): MinioAuditEntry | null {
  const api = o.api;
  if (
    !isText(o.version, 1, 16) ||
    !isOptText(o.deploymentid, 128) ||
    typeof o.time !== "string" ||
    !DATE_TIME.test(o.time) ||
    !isOptText(o.event, 64) ||
    !isOptText(o.type, 64) ||
    !isObject(api) ||
    !isText(api.name, 1, 128) ||
    !isOptText(api.bucket, 255) ||
    !isOptText(api.object, 2048) ||
    !isOptText(api.status, 128) ||
    !isOptInt(api.statusCode) ||
    !isOptInt(api.rx) ||
    !isOptInt(api.tx) ||
    !isOptText(o.remotehost, 255) ||
    !isOptText(o.requestID, 128) ||
    !isOptText(o.userAgent, 1024) ||
    !isOptRecord(o.requestHeader) ||
    !isOptRecord(o.responseHeader) ||
    !isOptText(o.accessKey, 255) ||
    !isOptText(o.parentUser, 255) ||
    !isOptText(o.error, 4000)
  )
    return null;
  const timeToResponse = nullish(api.timeToResponse, nanos);
  const timeToResponseInNS = nullish(api.timeToResponseInNS, nanos);
  if (timeToResponse === BAD || timeToResponseInNS === BAD) return null;
  return {
    version: o.version,
    deploymentid: o.deploymentid,
    time: o.time,
    event: o.event,
    type: o.type,
    api: {
      name: api.name,
      bucket: api.bucket,
      object: api.object,
      status: api.status,
      statusCode: api.statusCode,
      rx: api.rx,
      tx: api.tx,
      timeToResponse,
      timeToResponseInNS,
    },
    remotehost: o.remotehost,
    requestID: o.requestID,
    userAgent: o.userAgent,
    requestHeader: o.requestHeader,
    responseHeader: o.responseHeader,
    accessKey: o.accessKey,
    parentUser: o.parentUser,
    error: o.error,
  };
}

export function parseMinioEntry(raw: unknown): { ok: true; entry: MinioAuditEntry } | { ok: false; problem: string } {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return { ok: false, problem: "entry is not a JSON object" };
  const quick = quickEntry(raw as Record<string, unknown>);
  if (quick) return { ok: true, entry: quick };
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

/** An entry as stored: one row of minio_audit_events (its id is given by the database). */
export interface MinioRow {
  entry_key: string;
  time: string;
  username: string | null;
  remote_host: string | null;
  bucket: string | null;
  object: string | null;
  api_name: string;
  api_status: string | null;
  status_code: number | null;
  time_to_response_ns: number | null;
  rx: number | null;
  tx: number | null;
  request_id: string | null;
  deployment_id: string | null;
  user_agent: string | null;
  /** The headers kept, as JSON text. */
  request_header: string;
  response_header: string;
  error: string | null;
}

export function minioRow(e: MinioAuditEntry): MinioRow {
  return {
    entry_key: [e.deploymentid ?? "", e.requestID ?? "", e.time, e.api.name, e.api.object ?? ""].join("|"),
    time: e.time,
    username: e.parentUser || e.accessKey || null,
    remote_host: e.remotehost ?? null,
    bucket: e.api.bucket ?? null,
    object: e.api.object ?? null,
    api_name: e.api.name,
    api_status: e.api.status ?? null,
    status_code: e.api.statusCode ?? null,
    time_to_response_ns: e.api.timeToResponseInNS ?? e.api.timeToResponse ?? null,
    rx: e.api.rx ?? null,
    tx: e.api.tx ?? null,
    request_id: e.requestID ?? null,
    deployment_id: e.deploymentid ?? null,
    user_agent: e.userAgent ?? null,
    request_header: JSON.stringify(scrubHeaders(e.requestHeader)),
    response_header: JSON.stringify(scrubHeaders(e.responseHeader)),
    error: e.error || null,
  };
}

const MINIO_TYPES: Record<keyof MinioRow, string> = {
  entry_key: "text",
  time: "timestamptz",
  username: "text",
  remote_host: "text",
  bucket: "text",
  object: "text",
  api_name: "text",
  api_status: "text",
  status_code: "int",
  time_to_response_ns: "bigint",
  rx: "bigint",
  tx: "bigint",
  request_id: "text",
  deployment_id: "text",
  user_agent: "text",
  request_header: "jsonb",
  response_header: "jsonb",
  error: "text",
};

/** Stores entries once each, in one statement (MinIO resends a batch it could not deliver); returns the rows stored. */
export async function storeMinioEntries(q: Queryable, entries: MinioAuditEntry[]): Promise<MinioRow[]> {
  const rows = [...new Map(entries.map((e) => minioRow(e)).map((r) => [r.entry_key, r])).values()];
  const stored = new Set(await insertBatch(q, "minio_audit_events", MINIO_TYPES, rows, "entry_key, time"));
  return rows.filter((r) => stored.has(r.entry_key));
}

/** MinIO's audit webhook posts. */
export const minioIngest: IngestSource<MinioAuditEntry, MinioRow> = {
  parse: parseMinioEntry,
  store: storeMinioEntries,
};
