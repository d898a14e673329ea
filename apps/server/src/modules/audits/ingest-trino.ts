import { z } from "zod";
import type { Queryable } from "../../platform/db/index.js";
import { accessRollupCtes, impersonationRollupCte } from "../../platform/db/access-rollup-sql.js";
import type { IngestSource } from "./ingest.js";
import { BAD, type Bad, isObject, isOptNumber, isOptText, isText, nullish } from "./shape.js";
import { insertBatch } from "./sql.js";

/** Seconds of a duration as Trino writes it: decimal seconds, or an Airlift/ISO text on older versions. */
function seconds(v: unknown): number | Bad {
  if (typeof v === "number") return Number.isFinite(v) ? v : BAD;
  if (typeof v !== "string") return BAD;
  const s = v.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Number(s);
  const airlift = /^(\d+(?:\.\d+)?)\s*(ns|us|ms|s|m|h|d)$/.exec(s);
  if (airlift) {
    const unit = { ns: 1e-9, us: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600, d: 86400 }[airlift[2] as "s"];
    return Number(airlift[1]) * unit;
  }
  const isoDur = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(s);
  if (isoDur) return Number(isoDur[1] ?? 0) * 3600 + Number(isoDur[2] ?? 0) * 60 + Number(isoDur[3] ?? 0);
  return BAD;
}

/** An instant: ISO-8601 text, or decimal epoch seconds. */
function instant(v: unknown): Date | Bad {
  if (typeof v !== "number" && typeof v !== "string") return BAD;
  const d = typeof v === "number" ? new Date(v * 1000) : new Date(v);
  return Number.isNaN(d.getTime()) ? BAD : d;
}

const Duration = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const s = seconds(v);
  if (s !== BAD) return s;
  ctx.addIssue({ code: "custom", message: "is not a duration" });
  return z.NEVER;
});

const Instant = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const d = instant(v);
  if (d !== BAD) return d;
  ctx.addIssue({ code: "custom", message: "is not a date-time" });
  return z.NEVER;
});

const opt = <T extends z.ZodType>(t: T) => t.nullish();

export const TrinoCompletedEvent = z.object({
  metadata: z.object({
    queryId: z.string().min(1).max(200),
    query: z.string().max(1_000_000),
    queryState: z.string().min(1).max(64),
  }),
  statistics: z.object({
    cpuTime: opt(Duration),
    wallTime: opt(Duration),
    queuedTime: opt(Duration),
  }),
  context: z.object({
    user: z.string().min(1).max(255),
    /** Who authenticated, when the query runs as another user (impersonation). */
    principal: opt(z.string().max(255)),
    remoteClientAddress: opt(z.string().max(255)),
    userAgent: opt(z.string().max(1000)),
    source: opt(z.string().max(255)),
    catalog: opt(z.string().max(255)),
    schema: opt(z.string().max(255)),
    queryType: opt(z.string().max(64)),
  }),
  ioMetadata: z
    .object({
      inputs: z.array(z.unknown()).default([]),
    })
    .passthrough(),
  failureInfo: opt(
    z.object({
      errorCode: opt(z.object({ code: opt(z.number()), name: opt(z.string()), type: opt(z.string()) })),
      failureType: opt(z.string()),
      failureMessage: opt(z.string()),
    }),
  ),
  createTime: Instant,
  executionStartTime: opt(Instant),
  endTime: Instant,
});
export type TrinoCompletedEvent = z.infer<typeof TrinoCompletedEvent>;

export type Classified =
  { kind: "completed"; event: TrinoCompletedEvent } | { kind: "ignored" } | { kind: "invalid"; problem: string };

function describe(err: z.ZodError): string {
  const issue = err.issues[0]!;
  const path = issue.path.join(".");
  return issue.code === "invalid_type" && issue.input === undefined
    ? `${path} is required`
    : `${path || "entry"} ${issue.message}`;
}

/**
 * The event as TrinoCompletedEvent gives it, checked by hand (see shape.ts), or null when
 * anything is off: then the schema names what.
 */
function quickCompleted(o: Record<string, unknown>): TrinoCompletedEvent | null {
  const { metadata: m, statistics: st, context: cx, ioMetadata: io, failureInfo: f } = o;
  if (!isObject(m) || !isText(m.queryId, 1, 200) || !isText(m.query, 0, 1_000_000) || !isText(m.queryState, 1, 64))
    return null;
  if (!isObject(st)) return null;
  const cpuTime = nullish(st.cpuTime, seconds);
  const wallTime = nullish(st.wallTime, seconds);
  const queuedTime = nullish(st.queuedTime, seconds);
  if (cpuTime === BAD || wallTime === BAD || queuedTime === BAD) return null;
  if (
    !isObject(cx) ||
    !isText(cx.user, 1, 255) ||
    !isOptText(cx.principal, 255) ||
    !isOptText(cx.remoteClientAddress, 255) ||
    !isOptText(cx.userAgent, 1000) ||
    !isOptText(cx.source, 255) ||
    !isOptText(cx.catalog, 255) ||
    !isOptText(cx.schema, 255) ||
    !isOptText(cx.queryType, 64)
  )
    return null;
  if (!isObject(io) || (io.inputs !== undefined && !Array.isArray(io.inputs))) return null;
  if (f !== undefined && f !== null) {
    if (!isObject(f) || !isOptText(f.failureType, Infinity) || !isOptText(f.failureMessage, Infinity)) return null;
    const e = f.errorCode;
    if (
      e !== undefined &&
      e !== null &&
      (!isObject(e) || !isOptNumber(e.code) || !isOptText(e.name, Infinity) || !isOptText(e.type, Infinity))
    )
      return null;
  }
  const createTime = instant(o.createTime);
  const endTime = instant(o.endTime);
  const executionStartTime = nullish(o.executionStartTime, instant);
  if (createTime === BAD || endTime === BAD || executionStartTime === BAD) return null;
  return {
    metadata: { queryId: m.queryId, query: m.query, queryState: m.queryState },
    statistics: { cpuTime, wallTime, queuedTime },
    context: {
      user: cx.user,
      principal: cx.principal,
      remoteClientAddress: cx.remoteClientAddress,
      userAgent: cx.userAgent,
      source: cx.source,
      catalog: cx.catalog,
      schema: cx.schema,
      queryType: cx.queryType,
    },
    ioMetadata: { ...io, inputs: (io.inputs as unknown[] | undefined) ?? [] },
    failureInfo: f as TrinoCompletedEvent["failureInfo"],
    createTime,
    executionStartTime,
    endTime,
  };
}

/** Created, completed and split events arrive at the same URI; only completed ones are kept. */
export function classifyTrinoEvent(raw: unknown): Classified {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return { kind: "invalid", problem: "entry is not a JSON object" };
  const o = raw as Record<string, unknown>;
  const completed = "statistics" in o && "metadata" in o;
  if (!completed) {
    if ("metadata" in o || "stageId" in o || "taskId" in o) return { kind: "ignored" };
    return { kind: "invalid", problem: "metadata is required" };
  }
  const quick = quickCompleted(o);
  if (quick) return { kind: "completed", event: quick };
  const parsed = TrinoCompletedEvent.safeParse(raw);
  return parsed.success
    ? { kind: "completed", event: parsed.data }
    : { kind: "invalid", problem: describe(parsed.error) };
}

/** A completed query as stored: one row of trino_query_events. */
export interface TrinoRow {
  query_id: string;
  created_at: string;
  end_time: string;
  username: string;
  principal: string | null;
  source_ip: string | null;
  client_source: string | null;
  user_agent: string | null;
  catalog: string | null;
  schema_name: string | null;
  query_type: string | null;
  query: string;
  query_state: string;
  failed: boolean;
  wall_seconds: number | null;
  cpu_seconds: number | null;
  queued_seconds: number | null;
  error_code: string | null;
  error_name: string | null;
  failure_type: string | null;
  failure_message: string | null;
  /** The tables read, as JSON text. */
  inputs: string;
}

export function trinoRow(e: TrinoCompletedEvent): TrinoRow {
  const f = e.failureInfo ?? null;
  const code = f?.errorCode?.code;
  return {
    query_id: e.metadata.queryId,
    created_at: e.createTime.toISOString(),
    end_time: e.endTime.toISOString(),
    username: e.context.user,
    principal: e.context.principal ?? null,
    source_ip: e.context.remoteClientAddress ?? null,
    client_source: e.context.source ?? null,
    user_agent: e.context.userAgent ?? null,
    catalog: e.context.catalog ?? null,
    schema_name: e.context.schema ?? null,
    query_type: e.context.queryType ?? null,
    query: e.metadata.query,
    query_state: e.metadata.queryState,
    failed: f !== null || e.metadata.queryState === "FAILED",
    wall_seconds: e.statistics.wallTime ?? (e.endTime.getTime() - e.createTime.getTime()) / 1000,
    cpu_seconds: e.statistics.cpuTime ?? null,
    queued_seconds: e.statistics.queuedTime ?? null,
    error_code: code === undefined || code === null ? null : String(code),
    error_name: f?.errorCode?.name ?? null,
    failure_type: f?.failureType ?? null,
    failure_message: f?.failureMessage ?? null,
    inputs: JSON.stringify(e.ioMetadata.inputs),
  };
}

const TRINO_TYPES: Record<keyof TrinoRow, string> = {
  query_id: "text",
  created_at: "timestamptz",
  end_time: "timestamptz",
  username: "text",
  principal: "text",
  source_ip: "text",
  client_source: "text",
  user_agent: "text",
  catalog: "text",
  schema_name: "text",
  query_type: "text",
  query: "text",
  query_state: "text",
  failed: "boolean",
  wall_seconds: "float8",
  cpu_seconds: "float8",
  queued_seconds: "float8",
  error_code: "text",
  error_name: "text",
  failure_type: "text",
  failure_message: "text",
  inputs: "jsonb",
};

/**
 * Stores completed queries in one statement; a query already stored (Trino retried: the same id
 * and creation time) is left as it is. The key holds the creation time, as the table is
 * partitioned by it. Returns the rows stored.
 */
export async function storeTrinoEvents(q: Queryable, events: TrinoCompletedEvent[]): Promise<TrinoRow[]> {
  const seen = new Set<string>();
  const rows: TrinoRow[] = [];
  for (const e of events) {
    if (seen.has(e.metadata.queryId)) continue;
    seen.add(e.metadata.queryId);
    rows.push(trinoRow(e));
  }
  // Late queries mark their day, for the insights refresh to roll it up again.
  const late = { source: "trino", column: "created_at" as const };
  // Only the queries stored now reach the policies' access rollup (a retried one is not counted twice).
  const rollup = {
    returning: ["query_id", "username", "principal", "created_at", "inputs", "error_name"] as Array<
      keyof TrinoRow & string
    >,
    ctes: (ins: string) => `${accessRollupCtes(ins)},${impersonationRollupCte(ins)}`,
  };
  const stored = new Set(
    await insertBatch(q, "trino_query_events", TRINO_TYPES, rows, "query_id, created_at", late, rollup),
  );
  return rows.filter((r) => stored.has(r.query_id));
}

/** Trino's event listener posts: completed queries are kept, other events ignored. */
export const trinoIngest: IngestSource<TrinoCompletedEvent, TrinoRow> = {
  parse(raw) {
    const r = classifyTrinoEvent(raw);
    if (r.kind === "completed") return { ok: true, entry: r.event };
    return r.kind === "ignored" ? { ok: false, ignored: true } : { ok: false, problem: r.problem };
  },
  store: storeTrinoEvents,
};
