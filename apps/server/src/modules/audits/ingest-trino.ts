import { z } from "zod";
import type { Queryable } from "../../platform/db/index.js";
import { accessRollupCtes } from "../policies/access-rollup.js";

/** A duration as Trino writes it: decimal seconds, or an Airlift/ISO text on older versions. */
const Duration = z.union([z.number(), z.string()]).transform((v, ctx) => {
  if (typeof v === "number") return v;
  const s = v.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Number(s);
  const airlift = /^(\d+(?:\.\d+)?)\s*(ns|us|ms|s|m|h|d)$/.exec(s);
  if (airlift) {
    const unit = { ns: 1e-9, us: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600, d: 86400 }[airlift[2] as "s"];
    return Number(airlift[1]) * unit;
  }
  const isoDur = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(s);
  if (isoDur) return Number(isoDur[1] ?? 0) * 3600 + Number(isoDur[2] ?? 0) * 60 + Number(isoDur[3] ?? 0);
  ctx.addIssue({ code: "custom", message: "is not a duration" });
  return z.NEVER;
});

/** An instant: ISO-8601 text, or decimal epoch seconds. */
const Instant = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const d = typeof v === "number" ? new Date(v * 1000) : new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: "custom", message: "is not a date-time" });
    return z.NEVER;
  }
  return d;
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
  const parsed = TrinoCompletedEvent.safeParse(raw);
  return parsed.success
    ? { kind: "completed", event: parsed.data }
    : { kind: "invalid", problem: describe(parsed.error) };
}

/**
 * Stores completed queries; a query already stored (Trino retried: the same id and creation time)
 * is left as it is. The key holds the creation time, as the table is partitioned by it.
 */
export async function storeTrinoEvents(q: Queryable, events: TrinoCompletedEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const cols = {
    query_id: [] as string[],
    created_at: [] as string[],
    end_time: [] as string[],
    username: [] as string[],
    source_ip: [] as (string | null)[],
    client_source: [] as (string | null)[],
    user_agent: [] as (string | null)[],
    catalog: [] as (string | null)[],
    schema_name: [] as (string | null)[],
    query_type: [] as (string | null)[],
    query: [] as string[],
    query_state: [] as string[],
    failed: [] as boolean[],
    wall: [] as (number | null)[],
    cpu: [] as (number | null)[],
    queued: [] as (number | null)[],
    error_code: [] as (string | null)[],
    error_name: [] as (string | null)[],
    failure_type: [] as (string | null)[],
    failure_message: [] as (string | null)[],
    inputs: [] as string[],
  };
  const seen = new Set<string>();
  for (const e of events) {
    if (seen.has(e.metadata.queryId)) continue;
    seen.add(e.metadata.queryId);
    const f = e.failureInfo ?? null;
    const failed = f !== null || e.metadata.queryState === "FAILED";
    cols.query_id.push(e.metadata.queryId);
    cols.created_at.push(e.createTime.toISOString());
    cols.end_time.push(e.endTime.toISOString());
    cols.username.push(e.context.user);
    cols.source_ip.push(e.context.remoteClientAddress ?? null);
    cols.client_source.push(e.context.source ?? null);
    cols.user_agent.push(e.context.userAgent ?? null);
    cols.catalog.push(e.context.catalog ?? null);
    cols.schema_name.push(e.context.schema ?? null);
    cols.query_type.push(e.context.queryType ?? null);
    cols.query.push(e.metadata.query);
    cols.query_state.push(e.metadata.queryState);
    cols.failed.push(failed);
    cols.wall.push(e.statistics.wallTime ?? (e.endTime.getTime() - e.createTime.getTime()) / 1000);
    cols.cpu.push(e.statistics.cpuTime ?? null);
    cols.queued.push(e.statistics.queuedTime ?? null);
    cols.error_code.push(
      f?.errorCode?.code === undefined || f?.errorCode?.code === null ? null : String(f.errorCode.code),
    );
    cols.error_name.push(f?.errorCode?.name ?? null);
    cols.failure_type.push(f?.failureType ?? null);
    cols.failure_message.push(f?.failureMessage ?? null);
    cols.inputs.push(JSON.stringify(e.ioMetadata.inputs));
  }
  const { rows } = await q.query<{ n: string }>(
    `WITH ins AS (
       INSERT INTO trino_query_events (query_id, created_at, end_time, username, source_ip, client_source, user_agent,
         catalog, schema_name, query_type, query, query_state, failed, wall_seconds, cpu_seconds, queued_seconds,
         error_code, error_name, failure_type, failure_message, inputs)
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::text[], $5::text[], $6::text[],
         $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::boolean[],
         $14::float8[], $15::float8[], $16::float8[], $17::text[], $18::text[], $19::text[], $20::text[], $21::jsonb[])
       ON CONFLICT (query_id, created_at) DO NOTHING
       RETURNING query_id, username, created_at, inputs, error_name),
     -- Only the queries stored now reach the policies' access rollup (a retried one is not counted twice).
     ${accessRollupCtes("ins")}
     SELECT count(*) AS n FROM ins`,
    Object.values(cols),
  );
  return Number(rows[0]!.n);
}
