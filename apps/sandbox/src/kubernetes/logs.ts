import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { fail } from "./api.js";
import { R } from "./generate.js";
import type { KubeObject } from "./objects.js";
import type { ObjectStore } from "./store.js";

/**
 * Pod logs, written continuously: line n of a container appears at its start time plus n
 * intervals (1 to 3 s, fixed per container), and its text follows from the pod, the
 * container and n. Nothing is stored, so a tail of 200 lines costs the same at any age.
 */
const MESSAGES = [
  "INFO  [main] request completed status=200 duration_ms=%d path=/api/v1/query",
  "INFO  [worker-%d] processed batch records=%d",
  "DEBUG [scheduler] heartbeat ok lag_ms=%d",
  "INFO  [http] GET /healthz 200 %dms",
  "WARN  [pool] connection pool at %p%% of its capacity",
  "INFO  [cache] refreshed entries=%d",
  "INFO  [query] finished query_id=20261121_%d state=FINISHED",
  "ERROR [io] read timed out after %dms, retrying",
  "INFO  [gc] pause young generation %dms",
  "INFO  [sync] checkpoint %d completed",
];

function hashInt(...parts: Array<string | number>): number {
  return createHash("md5").update(parts.join("/")).digest().readUInt32BE(0);
}

/**
 * Line n's number, from its container's seed: an integer mix (murmur3's finaliser) rather than a
 * digest per line, as a follow's tail writes thousands of lines at once, in the console's own
 * process when the sandbox runs embedded.
 */
function lineHash(seed: number, n: number): number {
  let h = (seed ^ Math.imul(n + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Each message as its literal pieces, with a number ("%d") or a percentage ("%p") between two. */
const TEMPLATES = MESSAGES.map((m) => {
  const parts = m.replace("%%", "%").split(/(%d|%p)/);
  return { texts: parts.filter((_, i) => i % 2 === 0), slots: parts.filter((_, i) => i % 2 === 1) };
});

export interface LogSource {
  intervalMs: number;
  startMs: number;
  /** When the container stopped writing (a finished pod), else null. */
  endMs: number | null;
  pod: string;
  container: string;
  /** Where the numbers of its lines start from (a digest of pod and container, made once). */
  seed: number;
}

export function lineAt(src: LogSource, n: number): { time: number; stamp: string; text: string } {
  const time = src.startMs + n * src.intervalMs;
  const h = lineHash(src.seed, n);
  const { texts, slots } = TEMPLATES[h % TEMPLATES.length]!;
  const stamp = new Date(time).toISOString();
  let text = texts[0]!;
  for (let k = 0; k < slots.length; k++)
    text += (slots[k] === "%p" ? String(50 + (h % 50)) : String(((h >>> (8 + 4 * k)) % 5000) + 1)) + texts[k + 1]!;
  return { time, stamp, text: `${stamp} ${text}` };
}

/** How many lines exist at `now`. */
export function lineCount(src: LogSource, now: number): number {
  const until = src.endMs !== null ? Math.min(now, src.endMs) : now;
  return until < src.startMs ? 0 : Math.floor((until - src.startMs) / src.intervalMs) + 1;
}

export function logSource(pod: KubeObject, container: string): LogSource {
  const status = (
    pod.status.containerStatuses as Array<{
      name: string;
      state: Record<string, { startedAt?: string; finishedAt?: string }>;
    }>
  ).find((c) => c.name === container);
  const running = status?.state.running;
  const terminated = status?.state.terminated;
  const startMs = Date.parse(running?.startedAt ?? terminated?.startedAt ?? pod.status.startTime);
  return {
    intervalMs: 1000 + (hashInt(pod.metadata.name, container) % 2000),
    startMs,
    endMs: terminated?.finishedAt ? Date.parse(terminated.finishedAt) : null,
    pod: pod.metadata.name,
    container,
    seed: hashInt(pod.metadata.name, container, "lines"),
  };
}

/**
 * The log of the container's previous run (`previous=true`), as the kubelet keeps it after a
 * restart: its lines end when it was killed, with the reason; null when it never restarted.
 */
export function previousLogSource(pod: KubeObject, container: string): (LogSource & { reason: string }) | null {
  const status = (
    pod.status.containerStatuses as Array<{
      name: string;
      lastState?: { terminated?: { startedAt?: string; finishedAt?: string; reason?: string } };
    }>
  ).find((c) => c.name === container);
  const last = status?.lastState?.terminated;
  if (!last?.finishedAt) return null;
  const endMs = Date.parse(last.finishedAt);
  const startMs = Math.min(Date.parse(last.startedAt ?? pod.status.startTime), endMs);
  return {
    intervalMs: 1000 + (hashInt(pod.metadata.name, container, "previous") % 2000),
    startMs: Number.isNaN(startMs) ? endMs - 3_600_000 : startMs,
    endMs,
    pod: pod.metadata.name,
    container: `${container}:previous`,
    seed: hashInt(pod.metadata.name, `${container}:previous`, "lines"),
    reason: last.reason ?? "Error",
  };
}

interface LogQuery {
  previous?: string;
  container?: string;
  tailLines?: string;
  follow?: string;
  timestamps?: string;
  sinceTime?: string;
  sinceSeconds?: string;
}

export function registerLogs(app: FastifyInstance, store: ObjectStore, streams: Set<() => void>): void {
  app.get("/api/v1/namespaces/:namespace/pods/:name/log", async (req, reply) => {
    const { namespace, name } = req.params as { namespace: string; name: string };
    const q = req.query as LogQuery;
    const pod = store.get(R.pods, namespace, name);
    if (!pod) return fail(reply, 404, "NotFound", `pods "${name}" not found`);
    const containers = (pod.spec.containers as Array<{ name: string }>).map((c) => c.name);
    const container = q.container ?? (containers.length === 1 ? containers[0] : undefined);
    if (!container)
      return fail(
        reply,
        400,
        "BadRequest",
        `a container name must be specified for pod ${name}, choose one of: [${containers.join(" ")}]`,
      );
    if (!containers.includes(container))
      return fail(reply, 400, "BadRequest", `container ${container} is not valid for pod ${name}`);
    if (pod.status.phase === "Pending")
      return fail(
        reply,
        400,
        "BadRequest",
        `container "${container}" in pod "${name}" is waiting to start: ContainerCreating`,
      );
    const tail = q.tailLines !== undefined ? Number(q.tailLines) : Infinity;
    if (!(tail >= 0))
      return fail(reply, 400, "BadRequest", "tailLines: Invalid value: must be greater than or equal to 0");
    const previous = q.previous === "true" ? previousLogSource(pod, container) : null;
    if (q.previous === "true" && !previous)
      return fail(reply, 400, "BadRequest", `previous terminated container "${container}" in pod "${name}" not found`);
    const src = previous ?? logSource(pod, container);
    const now = Date.now();
    const count = lineCount(src, now);
    let since = q.sinceTime
      ? Date.parse(q.sinceTime)
      : q.sinceSeconds
        ? now - Number(q.sinceSeconds) * 1000
        : -Infinity;
    if (Number.isNaN(since)) since = -Infinity;
    const first = Math.max(
      0,
      count - Math.min(tail, 100_000),
      since === -Infinity ? 0 : Math.ceil((since - src.startMs) / src.intervalMs),
    );
    const stamps = q.timestamps === "true";
    const format = (n: number) => {
      const line = lineAt(src, n);
      return stamps ? `${line.stamp} ${line.text}\n` : `${line.text}\n`;
    };
    // The previous run's last words, the way a killed JVM or Python process leaves them.
    const lastWords = previous
      ? `${stamps ? `${new Date(previous.endMs!).toISOString()} ` : ""}${new Date(previous.endMs!).toISOString()} ERROR [main] container stopped: ${previous.reason}\n`
      : "";
    const following = q.follow === "true" && src.endMs === null;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { "content-type": "text/plain", "transfer-encoding": "chunked" });
    res.flushHeaders();
    // Streamed in pieces, as the kubelet does: a tail of many lines (or a whole log) built at once
    // held the event loop of the process the sandbox runs in, the console's own.
    let ended = false;
    let timer: NodeJS.Timeout | undefined;
    const end = () => {
      ended = true;
      clearTimeout(timer);
      if (!res.writableEnded) res.end();
    };
    streams.add(end);
    res.on("close", () => {
      end();
      streams.delete(end);
    });
    await writeLines(res, first, count, format, () => ended);
    if (ended) return;
    if (lastWords) res.write(lastWords);
    if (!following) return end();
    let next = count;
    const schedule = () => {
      timer = setTimeout(
        () => {
          // The stream ends when the pod is deleted or its container has stopped, as the kubelet's does.
          const live = store.get(R.pods, namespace, name);
          const state = (
            live?.status.containerStatuses as Array<{ name: string; state: { terminated?: unknown } }> | undefined
          )?.find((c) => c.name === container)?.state;
          if (!live || state?.terminated) return end();
          res.write(format(next++));
          schedule();
        },
        Math.max(0, src.startMs + next * src.intervalMs - Date.now()),
      );
    };
    schedule();
  });
}

/** Lines in one write of a tail: small enough that the event loop is free between two. */
export const LINES_PER_WRITE = 250;

/**
 * Writes lines `from` to `to` (exclusive) in pieces, each once the reply could take the last
 * (its 'drain') and after the event loop served what waited, until `stopped()` says the caller left.
 */
export async function writeLines(
  res: ServerResponse,
  from: number,
  to: number,
  format: (n: number) => string,
  stopped: () => boolean,
): Promise<void> {
  for (let n = from; n < to && !stopped();) {
    let chunk = "";
    for (const last = Math.min(to, n + LINES_PER_WRITE); n < last; n++) chunk += format(n);
    const more = res.write(chunk);
    await new Promise<void>((resolve) => {
      if (more) return setImmediate(resolve);
      const go = () => {
        res.off("drain", go);
        res.off("close", go);
        resolve();
      };
      res.on("drain", go);
      res.on("close", go);
    });
  }
}
