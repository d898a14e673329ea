import {
  ClassificationEventRow,
  NotebookEventRow,
  type ClassificationAuditQuery,
  type NotebookAuditQuery,
} from "@console/contracts";
import { NOTEBOOK_SANDBOX_TOKEN } from "@console/sandbox";
import { z } from "zod";
import { UpstreamError } from "../../platform/errors.js";
import type { Services } from "../../platform/services.js";
import { fetchJson } from "./http-json.js";

const NOTEBOOK = "The notebook service";

const utc = (d: Date | undefined) => (d ? d.toISOString().slice(0, 19).replace("T", " ") : undefined);

/** Epoch seconds from what the service sends (seconds, milliseconds or ISO text). */
const epoch = z.union([z.number(), z.string()]).transform((v) => {
  if (typeof v === "number") return v > 1e11 ? Math.floor(v / 1000) : Math.floor(v);
  const n = Number(v);
  if (!Number.isNaN(n)) return n > 1e11 ? Math.floor(n / 1000) : Math.floor(n);
  return Math.floor(new Date(v).getTime() / 1000);
});

const EventsAnswer = z.object({
  data: z.array(NotebookEventRow.extend({ created_at: epoch })),
  total_count: z.number().int(),
});
const HistoryAnswer = z.object({
  data: z.array(
    ClassificationEventRow.extend({
      created_at: epoch,
      change_set: z
        .union([z.array(z.object({ column: z.string(), oldVal: z.unknown(), newVal: z.unknown() })), z.string()])
        .nullish()
        .transform((v) => (typeof v === "string" ? (JSON.parse(v) as never) : (v ?? null))),
    }),
  ),
  total_count: z.number().int(),
});

/** Query notebook events and classification rule history, read with the service's access-token header. */
export function createNotebookSource(s: Services) {
  const base = (s.config.NOTEBOOK_URL ?? s.sandbox?.urls.notebook)?.replace(/\/+$/, "");
  if (!base) return null;
  const token = s.config.NOTEBOOK_URL ? s.config.NOTEBOOK_ACCESS_TOKEN : NOTEBOOK_SANDBOX_TOKEN;
  const get = async <T extends z.ZodType>(path: string, params: Record<string, unknown>, schema: T) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") search.set(k, String(v));
    const raw = await fetchJson(NOTEBOOK, `${base}${path}?${search}`, {
      headers: token ? { "access-token": token } : {},
      timeoutMs: s.config.AUDIT_TIMEOUT_MS,
    });
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new UpstreamError(NOTEBOOK, "its answer is not in the expected shape", 502);
    return parsed.data as z.output<T>;
  };
  return {
    events: (q: z.output<typeof NotebookAuditQuery>) =>
      get(
        "/ds/event_log/",
        {
          offset: q.offset,
          limit: q.limit,
          action_by: q.action_by,
          start_date: utc(q.start_date),
          end_date: utc(q.end_date),
          status: q.status,
        },
        EventsAnswer,
      ),
    ruleHistory: (q: z.output<typeof ClassificationAuditQuery>) =>
      get(
        "/ds/dataclassification/rule/history/",
        {
          offset: q.offset,
          limit: q.limit,
          username: q.username,
          action: q.action,
          start_date: utc(q.start_date),
          end_date: utc(q.end_date),
        },
        HistoryAnswer,
      ),
  };
}
