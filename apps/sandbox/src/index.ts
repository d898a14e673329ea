/**
 * The sandbox platform: a small, clearly labelled simulator of the systems the console
 * talks to (Kubernetes API, Kafka Connect, Airflow, the notebook service, Trino's
 * metadata, event generators). The console reaches each part over HTTP with the same
 * client code it uses for the real system; nothing takes a shortcut.
 */
import type { SandboxPart, SandboxOptions, SandboxPartHandle } from "./part.js";
import { connectPart } from "./connect/index.js";
import { airflowPart } from "./airflow/index.js";
import { auditFeedsPart } from "./audit-feeds/index.js";
import { kubernetesPart } from "./kubernetes/index.js";
import { trinoPart } from "./trino/index.js";
import { notebookPart } from "./notebook/index.js";

export type { SandboxOptions, SandboxPart, SandboxPartHandle } from "./part.js";
export { startConnectWorker, type ConnectWorker, type ConnectWorkerOptions } from "./connect/index.js";
export {
  startKubernetesApi,
  type KubernetesApi,
  type KubernetesApiOptions,
  KubeResources,
  sandboxKubeconfig,
  writeSandboxKubeconfig,
} from "./kubernetes/index.js";
export {
  startTrinoSim,
  startRulesPoller,
  type RulesPoller,
  type RulesState,
  CATALOGUE,
  simulatedStats,
  type SimStats,
  type SimTable,
  type TrinoSim,
} from "./trino/index.js";
export { startNotebookSim, type NotebookSim } from "./notebook/index.js";

/** Every simulated system, started in this order. Add a line for a new one. */
const parts: SandboxPart[] = [connectPart];
parts.push(kubernetesPart);
parts.push(airflowPart);
parts.push(auditFeedsPart);
parts.push(trinoPart);
parts.push(notebookPart);

export interface RunningSandbox {
  /** Base URL of each started part, by name (e.g. kubernetes, connect, airflow). */
  urls: Record<string, string>;
  /**
   * Settles once every part has posted the history it keeps (90 days of Trino queries, oldest
   * first) to the console: figures computed from it before then are incomplete.
   */
  history: Promise<void>;
  stop(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const handles: Array<SandboxPartHandle & { name: string }> = [];
  try {
    for (const part of parts) handles.push({ name: part.name, ...(await part.start(options)) });
  } catch (err) {
    for (const h of handles.reverse()) await h.stop().catch(() => undefined);
    throw err;
  }
  return {
    urls: Object.fromEntries(handles.map((h) => [h.name, h.url])),
    history: Promise.all(handles.map((h) => h.history)).then(() => undefined),
    async stop() {
      for (const h of handles.reverse()) await h.stop().catch(() => undefined);
    },
  };
}
export { startAirflow, AIRFLOW_SANDBOX_USER, AIRFLOW_SANDBOX_PASSWORD } from "./airflow/index.js";
export {
  startAuditFeeds,
  trinoCompletedEvent,
  trinoCreatedEvent,
  minioAuditEntry,
  trinoQueryId,
} from "./audit-feeds/index.js";
export { NOTEBOOK_SANDBOX_TOKEN } from "./notebook/audit-routes.js";
