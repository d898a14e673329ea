import type { FastifyInstance } from "fastify";
import { AUDITABLE_COMPONENTS, auditRoutes } from "@console/contracts";
import { verifyAuditChain } from "../../platform/audit.js";
import { ensureAuditPartitions } from "../../platform/db/partitions.js";
import { UpstreamError } from "../../platform/errors.js";
import { handle } from "../../platform/http.js";
import { countIngested } from "../../platform/metrics.js";
import { onceAcrossReplicas } from "../../platform/scheduled-runs.js";
import type { Services } from "../../platform/services.js";
import { airflowClientFor, pollAirflow } from "./airflow.js";
import { answer, checkToken, ingestBatch } from "./ingest.js";
import { minioIngest } from "./ingest-minio.js";
import { trinoIngest } from "./ingest-trino.js";
import { KeycloakEventsClient, pollKeycloak } from "./keycloak.js";
import { createNotebookSource } from "./notebook.js";
import { applyRetention } from "./retention.js";
import { every } from "./schedule.js";
import { AUDIT_SOURCES, type PageQuery } from "./sources.js";
import * as store from "./store.js";

const INGEST_BODY_LIMIT = 32 * 1024 * 1024;
const VERDICT_MS = 60_000;
/** Month partitions are made three months ahead; a run every six hours keeps that true. */
const PARTITIONS_MS = 6 * 3_600_000;

export async function auditsModule(app: FastifyInstance, s: Services): Promise<void> {
  const c = s.config;
  const airflowUrl = c.AIRFLOW_URL ?? s.sandbox?.urls.airflow;
  const notebook = createNotebookSource(s);
  const enabled: Record<string, boolean> = {
    "user-management": true,
    "presto-db": !!c.TRINO_INGEST_TOKEN,
    "apache-airflow": !!airflowUrl,
    "policy-management": true,
    minio: !!c.MINIO_AUDIT_TOKEN,
    settings: true,
    debezium: !!(c.CONNECT_URL ?? s.sandbox?.urls.connect),
    querybook: !!notebook,
    "data-classification": !!notebook,
  };

  handle(app, auditRoutes.components, () =>
    AUDITABLE_COMPONENTS.map((comp) => ({ ...comp, enabled: enabled[comp.key] ?? false })),
  );
  handle(app, auditRoutes.filterOptions, async () => {
    const options = await store.filterOptions(s.db);
    const clientIds = new Set(options.clientIds);
    if (c.embeddedIdp) clientIds.add(c.OIDC_CLIENT_ID);
    return { ...options, clientIds: [...clientIds].sort() };
  });
  // Every tab read from the database, one descriptor each.
  for (const src of AUDIT_SOURCES)
    handle(app, src.route, ({ query }) => store.listSource(s.db, src, query as PageQuery));
  handle(app, auditRoutes.querybook, ({ query }) => {
    if (!notebook) throw new UpstreamError("The notebook service", "it is not configured (set NOTEBOOK_URL)", 503);
    return notebook.events(query);
  });
  handle(app, auditRoutes.classification, ({ query }) => {
    if (!notebook) throw new UpstreamError("The data catalogue", "it is not configured (set NOTEBOOK_URL)", 503);
    return notebook.ruleHistory(query);
  });
  // Verifying recomputes every hash: one run at a time, its verdict kept for a minute unless
  // the trail has grown or been archived since.
  let verdict: { at: number; key: string; run: ReturnType<typeof verifyAuditChain> } | null = null;
  handle(app, auditRoutes.status, async () => {
    const state = await store.chainState(s.db);
    const key = `${state.head}/${state.archived}`;
    if (!verdict || verdict.key !== key || Date.now() - verdict.at > VERDICT_MS) {
      const run = verifyAuditChain(s.db);
      verdict = { at: Date.now(), key, run };
      run.catch(() => (verdict = null));
    }
    const result = await verdict.run;
    return { ...result, archived: state.archived, retentionDays: c.AUDIT_RETENTION_DAYS ?? null };
  });

  // Ingest endpoints take their body as text: MinIO batches are newline-delimited JSON.
  await app.register(async (ingest) => {
    ingest.removeAllContentTypeParsers();
    ingest.addContentTypeParser("*", { parseAs: "string", bodyLimit: INGEST_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );

    handle(ingest, auditRoutes.ingestTrino, async ({ req, body }) => {
      if (!c.TRINO_INGEST_TOKEN)
        throw new UpstreamError("Trino ingest", "it is not configured (set TRINO_INGEST_TOKEN)", 503);
      checkToken(req, c.TRINO_INGEST_HEADER, c.TRINO_INGEST_TOKEN);
      const { outcome, stored } = await ingestBatch(s.db, String(body ?? ""), trinoIngest);
      countIngested("trino", stored.length);
      return answer("Trino", outcome);
    });

    handle(ingest, auditRoutes.ingestMinio, async ({ req, body }) => {
      if (!c.MINIO_AUDIT_TOKEN)
        throw new UpstreamError("MinIO ingest", "it is not configured (set MINIO_AUDIT_TOKEN)", 503);
      checkToken(req, "authorization", c.MINIO_AUDIT_TOKEN, true);
      const { outcome, stored } = await ingestBatch(s.db, String(body ?? ""), minioIngest);
      countIngested("minio", stored.length);
      return answer("MinIO", outcome);
    });
  });

  // Sources read on a schedule.
  if (airflowUrl) {
    const client = airflowClientFor(s)!;
    const ms = c.AIRFLOW_POLL_SECONDS * 1000;
    const poll = async () => countIngested("airflow", await pollAirflow(s.db, client));
    s.onClose(every(ms, onceAcrossReplicas(s.db, "airflow-dag-runs", ms, poll, s.log), s.log, "airflow dag runs"));
  }
  if (!c.embeddedIdp && c.KEYCLOAK_EVENTS_CLIENT_ID && c.KEYCLOAK_EVENTS_CLIENT_SECRET) {
    const client = new KeycloakEventsClient({
      issuer: c.issuer,
      clientId: c.KEYCLOAK_EVENTS_CLIENT_ID,
      clientSecret: c.KEYCLOAK_EVENTS_CLIENT_SECRET,
      timeoutMs: c.AUDIT_TIMEOUT_MS,
    });
    const ms = c.KEYCLOAK_EVENTS_POLL_SECONDS * 1000;
    const poll = async () => countIngested("keycloak", await pollKeycloak(s.db, client));
    s.onClose(every(ms, onceAcrossReplicas(s.db, "keycloak-events", ms, poll, s.log), s.log, "keycloak events"));
  }
  const partitions = () => ensureAuditPartitions(s.db);
  s.onClose(
    every(
      PARTITIONS_MS,
      onceAcrossReplicas(s.db, "audit-partitions", PARTITIONS_MS, partitions, s.log),
      s.log,
      "audit partitions",
    ),
  );
  if (c.AUDIT_RETENTION_DAYS) {
    const days = c.AUDIT_RETENTION_DAYS;
    const retain = () => applyRetention(s.db, days);
    s.onClose(
      every(3_600_000, onceAcrossReplicas(s.db, "audit-retention", 3_600_000, retain, s.log), s.log, "audit retention"),
    );
  }
}
