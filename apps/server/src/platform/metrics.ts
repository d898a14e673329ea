import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import client from "prom-client";
import type { Config } from "../config.js";
import type { Db } from "./db/index.js";

/** The external systems whose failed calls are counted (label `system`). */
export type ExternalSystem =
  "kubernetes" | "kafka-connect" | "ldap" | "trino" | "airflow" | "notebook" | "keycloak" | "minio";

/** Audit sources whose ingested events are counted (label `source`). */
export type IngestSource = "trino" | "minio" | "airflow" | "keycloak";

/** Long-running work whose duration is recorded (label `task`). */
export type SyncTask = "directory-sync" | "insights-refresh";

// Node's own figures (memory, CPU, event loop, GC) once per process, merged into every scrape.
const processRegistry = new client.Registry();
client.collectDefaultMetrics({ register: processRegistry });

/** Every console instance of this process (tests build several); the free functions below reach them all. */
const live = new Set<Metrics>();

/** Counts a failed call to an external system (time-out, unreachable, refusal, bad answer). */
export function countExternalError(system: ExternalSystem): void {
  for (const m of live) m.externalErrors.inc({ system });
}

/** Counts audit events stored from a source. */
export function countIngested(source: IngestSource, events: number): void {
  if (events <= 0) return;
  for (const m of live) m.ingested.inc({ source }, events);
}

/** Records how long a directory sync or an insights refresh took. */
export function observeSync(task: SyncTask, seconds: number, outcome: "success" | "failure"): void {
  for (const m of live) m.syncDuration.observe({ task, outcome }, seconds);
}

/** Runs `fn` and records its duration as `task`, whether it succeeds or fails. */
export async function timedSync<T>(task: SyncTask, fn: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  try {
    const value = await fn();
    observeSync(task, seconds(), "success");
    return value;
  } catch (err) {
    observeSync(task, seconds(), "failure");
    throw err;
  }
}

/** One console instance's metrics, in the Prometheus text format at /metrics. */
export class Metrics {
  readonly registry = new client.Registry();
  readonly httpDuration = new client.Histogram({
    name: "console_http_request_duration_seconds",
    help: "HTTP requests by route pattern, method and status class; _count gives the request rate",
    labelNames: ["route", "method", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly externalErrors = new client.Counter({
    name: "console_external_call_errors_total",
    help: "Failed calls to external systems (time-outs, unreachable, refusals, unexpected answers)",
    labelNames: ["system"] as const,
    registers: [this.registry],
  });
  readonly ingested = new client.Counter({
    name: "console_audit_events_ingested_total",
    help: "Audit events stored per source (posted to the ingest endpoints or pulled on a schedule)",
    labelNames: ["source"] as const,
    registers: [this.registry],
  });
  readonly syncDuration = new client.Histogram({
    name: "console_sync_duration_seconds",
    help: "Duration of directory syncs and insights refreshes",
    labelNames: ["task", "outcome"] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 900],
    registers: [this.registry],
  });

  constructor(db: Db) {
    const pool = (name: string, help: string, pick: (s: ReturnType<Db["poolStats"]>) => number) =>
      new client.Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(pick(db.poolStats()));
        },
      });
    pool("console_db_pool_connections", "Database connections open in the pool", (s) => s.total);
    pool("console_db_pool_idle_connections", "Database connections open and idle", (s) => s.idle);
    pool("console_db_pool_waiting_requests", "Queries waiting for a free database connection", (s) => s.waiting);
    live.add(this);
  }

  stop(): void {
    live.delete(this);
  }

  contentType = client.Registry.PROMETHEUS_CONTENT_TYPE;

  text(): Promise<string> {
    return client.Registry.merge([processRegistry, this.registry]).metrics();
  }
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Checks `Authorization: Bearer <METRICS_TOKEN>` in constant time. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? "");
  return !!m && timingSafeEqual(digest(m[1]!.trim()), digest(token));
}

const refusal = { error: "A valid metrics token is required.", error_description: "invalid_token" };

/**
 * Times every request and serves /metrics: on the main port only when METRICS_TOKEN is set
 * (bearer), on METRICS_PORT when set (with the token too, if one is set). With neither set
 * the figures are not served at all.
 */
export function registerMetrics(
  app: FastifyInstance,
  config: Pick<Config, "METRICS_TOKEN" | "METRICS_PORT" | "HOST">,
  db: Db,
): Metrics {
  const metrics = new Metrics(db);

  app.addHook("onResponse", async (req, reply) => {
    metrics.httpDuration.observe(
      {
        route: req.routeOptions.url ?? "unmatched",
        method: req.method,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  const token = config.METRICS_TOKEN;
  app.get(
    "/metrics",
    { config: { access: "public" }, schema: { hide: true } },
    async (req: FastifyRequest, reply: FastifyReply) => {
      if (!token)
        return reply.code(404).send({
          error: config.METRICS_PORT
            ? `Metrics are served on port ${config.METRICS_PORT}.`
            : "Metrics are not enabled (set METRICS_TOKEN or METRICS_PORT).",
          error_description: "not_found",
        });
      if (!tokenMatches(req.headers.authorization, token))
        return reply.code(401).header("www-authenticate", 'Bearer realm="metrics"').send(refusal);
      return reply
        .header("content-type", metrics.contentType)
        .header("cache-control", "no-store")
        .send(await metrics.text());
    },
  );

  let server: http.Server | null = null;
  if (config.METRICS_PORT) {
    const port = config.METRICS_PORT;
    server = http.createServer((req, res) => {
      const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers });
        res.end(body);
      };
      const json = "application/json; charset=utf-8";
      if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics")
        return send(
          404,
          json,
          JSON.stringify({ error: "Only /metrics is served here.", error_description: "not_found" }),
        );
      if (token && !tokenMatches(req.headers.authorization, token))
        return send(401, json, JSON.stringify(refusal), { "www-authenticate": 'Bearer realm="metrics"' });
      metrics.text().then(
        (body) => send(200, metrics.contentType, body),
        () =>
          send(
            500,
            json,
            JSON.stringify({ error: "Metrics could not be collected.", error_description: "internal_error" }),
          ),
      );
    });
    app.addHook("onReady", async () => {
      await new Promise<void>((resolve, reject) => {
        server!.once("error", reject);
        server!.listen(port, config.HOST, () => {
          server!.off("error", reject);
          resolve();
        });
      });
      app.log.info({ port }, "metrics listener ready");
    });
  }

  app.addHook("onClose", async () => {
    metrics.stop();
    if (server?.listening) await new Promise<void>((resolve) => server!.close(() => resolve()));
  });
  return metrics;
}

/** Runs a call to an external system; a failure (except those `expected` says are answers) is counted. */
export async function counted<T>(
  system: ExternalSystem,
  call: () => Promise<T>,
  expected: (err: unknown) => boolean = () => false,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!expected(err)) countExternalError(system);
    throw err;
  }
}
