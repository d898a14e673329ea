import type { SandboxPart } from "../part.js";
import { minioAuditEntry, trinoCompletedEvent, trinoCreatedEvent } from "./events.js";

export { minioAuditEntry, trinoCompletedEvent, trinoCreatedEvent, trinoQueryId } from "./events.js";

const HISTORY_HOURS = 24;
/** Query history before the last day, sparser: enough for the insights' weekly and monthly charts. */
const HISTORY_DAYS = 90;
const OLDER_EVERY_MINUTES = 15;
const TICK_MS = 10_000;
/** Events per request while the history is posted. */
const HISTORY_BATCH = 250;

/**
 * Posts Trino query events and MinIO audit entries to the console's ingest endpoints, as
 * Trino's HTTP event listener and MinIO's audit webhook do: first a day of history (and 90
 * days of sparser query history), then a few events every tick. Ids are derived from the time, so a restart posts the same
 * events again and the console keeps them once.
 */
export function startAuditFeeds(opts: {
  consoleUrl: string;
  tokens: Record<string, string>;
  tickMs?: number;
  historyHours?: number;
  historyDays?: number;
}) {
  const tick = opts.tickMs ?? TICK_MS;
  const trinoUrl = `${opts.consoleUrl}/admin-api/api/v1/ingest/trino`;
  const minioUrl = `${opts.consoleUrl}/admin-api/api/v1/ingest/minio`;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let backfilled = false;
  let historyPosted!: () => void;
  /** Settles once the history (the first window, months of queries included) has been posted. */
  const history = new Promise<void>((resolve) => (historyPosted = resolve));

  const post = async (url: string, headers: Record<string, string>, body: string) => {
    const res = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
    await res.body?.cancel().catch(() => undefined);
    if (res.status >= 500 || res.status === 408 || res.status === 429) throw new Error(`ingest answered ${res.status}`);
  };

  /**
   * Live events go one per request, as the event listener sends them; history goes in arrays
   * (which the ingest endpoint also takes), so that months of it are in within seconds.
   */
  const sendTrino = async (events: unknown[], batch = 1) => {
    if (!opts.tokens.trino) return;
    for (let i = 0; i < events.length; i += batch)
      await post(
        trinoUrl,
        { "content-type": "application/json", "x-trino-ingest-token": opts.tokens.trino },
        JSON.stringify(batch === 1 ? events[i] : events.slice(i, i + batch)),
      );
  };
  const sendMinio = async (entries: unknown[]) => {
    if (!opts.tokens.minio) return;
    for (let i = 0; i < entries.length; i += 100)
      await post(
        minioUrl,
        { "content-type": "application/json", authorization: opts.tokens.minio },
        entries
          .slice(i, i + 100)
          .map((e) => JSON.stringify(e))
          .join("\n"),
      );
  };

  const slot = (t: number) => Math.floor(t / 60_000);
  const eventsBetween = (from: number, to: number, perMinute: number) => {
    const trino: unknown[] = [];
    const minio: unknown[] = [];
    for (let m = slot(from) + 1; m <= slot(to); m++)
      for (let k = 0; k < perMinute; k++) {
        const n = m * perMinute + k;
        const at = new Date(m * 60_000 + ((n * 7919) % 60_000));
        trino.push(trinoCompletedEvent(at, n));
        minio.push(minioAuditEntry(at, n));
      }
    return { trino, minio };
  };

  /** One query every quarter of an hour from `from` to `to`, for the months before the last day. */
  const olderQueries = (from: number, to: number) => {
    const out: unknown[] = [];
    const step = OLDER_EVERY_MINUTES;
    for (let m = Math.ceil(slot(from) / step) * step; m <= slot(to); m += step)
      out.push(trinoCompletedEvent(new Date(m * 60_000 + ((m * 7919) % 60_000)), m));
    return out;
  };

  let last = Date.now() - (opts.historyHours ?? HISTORY_HOURS) * 3_600_000;
  const historyStart = Date.now() - (opts.historyDays ?? HISTORY_DAYS) * 86_400_000;
  const run = async () => {
    try {
      const now = Date.now();
      // History is sparser (one a minute); live traffic a little busier.
      const { trino, minio } = eventsBetween(last, now, backfilled ? 2 : 1);
      if (backfilled && trino.length) await sendTrino([trinoCreatedEvent(new Date(now), slot(now) * 2)]);
      await sendMinio(minio);
      // Oldest first: the insights roll days up from the last one they saw, so history arrives in order.
      if (!backfilled && historyStart < last) await sendTrino(olderQueries(historyStart, last), HISTORY_BATCH);
      await sendTrino(trino, backfilled ? 1 : HISTORY_BATCH);
      last = now;
      if (!backfilled) historyPosted();
      backfilled = true;
    } catch {
      // The console is not up yet or is busy: the same window is sent again next tick.
    } finally {
      if (!stopped) timer = setTimeout(() => void run(), tick).unref();
    }
  };
  timer = setTimeout(() => void run(), 1000).unref();
  return {
    history,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      // Nothing more is posted: whoever waits for the history is not kept waiting.
      historyPosted();
    },
  };
}

export const auditFeedsPart: SandboxPart = {
  name: "audit-feeds",
  async start(options) {
    if (options.quiet) return { url: options.consoleUrl, stop: async () => undefined };
    const feeds = startAuditFeeds({ consoleUrl: options.consoleUrl, tokens: options.ingestTokens });
    return { url: options.consoleUrl, stop: feeds.stop, history: feeds.history };
  },
};
