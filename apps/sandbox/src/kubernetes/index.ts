import path from "node:path";
import type { SandboxPart } from "../part.js";
import { advanceJobs, seedEvents, startActivity } from "./activity.js";
import { createApiServer, registerReads, RESOURCES } from "./api.js";
import { registerAccessReviews, refusal } from "./access.js";
import { registerDiscovery, servedResources } from "./discovery.js";
import { registerNodeLeases } from "./leases.js";
import { generateCluster, type ClusterSize } from "./generate.js";
import { registerLogs } from "./logs.js";
import { registerMetrics } from "./metrics.js";
import { registerSecretWrites } from "./secrets.js";
import { Random } from "./random.js";
import { ObjectStore } from "./store.js";

export { ObjectStore } from "./store.js";
export { R as KubeResources } from "./generate.js";
export { lineAt, lineCount, logSource } from "./logs.js";
export { sandboxKubeconfig, writeSandboxKubeconfig } from "./kubeconfig.js";

export interface KubernetesApiOptions extends Partial<ClusterSize> {
  /** Folder for state kept across restarts (secrets); null keeps it in memory. */
  dataDir: string | null;
  seed?: number;
  port?: number;
  /** Require this bearer token; unset accepts any caller. */
  token?: string | null;
  /** Turn off the background changes (restarts, job progress). */
  quiet?: boolean;
  /** Serve metrics.k8s.io as metrics-server does (default true). */
  metrics?: boolean;
}

export interface KubernetesApi {
  url: string;
  store: ObjectStore;
  /** Moves the Spark and Flink jobs on as if the clock read `now` (the background does this itself). */
  advanceJobs(now: number): void;
  stop(): Promise<void>;
}

export const DEFAULT_SEED = 20_260_101;

/** A simulated Kubernetes API server on a loopback port, filled with the data platform. */
export async function startKubernetesApi(opts: KubernetesApiOptions): Promise<KubernetesApi> {
  const store = new ObjectStore();
  const rnd = new Random(opts.seed ?? DEFAULT_SEED);
  const now = Date.now();
  generateCluster(store, { nodes: opts.nodes ?? 6, pods: opts.pods ?? 120 }, rnd, now);
  seedEvents(store, now);
  const streams = new Set<() => void>();
  const served = servedResources(RESOURCES, opts.metrics !== false);
  const app = createApiServer({ token: opts.token ?? null, refuse: (req) => refusal(served, req) }, streams);
  registerDiscovery(app, served);
  registerAccessReviews(app, served, !!opts.token);
  registerReads(app, store, RESOURCES, streams);
  registerLogs(app, store, streams);
  registerNodeLeases(app, store);
  registerSecretWrites(app, store, opts.dataDir);
  if (opts.metrics !== false) registerMetrics(app, store);
  const stopActivity = opts.quiet ? () => undefined : startActivity(store, rnd);
  const url = await app.listen({ port: opts.port ?? 0, host: "127.0.0.1" });
  return {
    url,
    store,
    advanceJobs: (at) => advanceJobs(store, rnd, at),
    async stop() {
      stopActivity();
      await app.close();
    },
  };
}

/** The platform's Kubernetes API: nodes, pods, logs, events, metrics and workloads. */
export const kubernetesPart: SandboxPart = {
  name: "kubernetes",
  async start(options) {
    const api = await startKubernetesApi({
      dataDir: path.join(options.dataDir, "kubernetes"),
      nodes: options.nodes,
      pods: options.pods,
      seed: options.seed,
      quiet: options.quiet,
    });
    return { url: api.url, stop: () => api.stop() };
  },
};
