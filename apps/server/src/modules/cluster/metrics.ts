import { apiStatus, clusterError, type KubeClients } from "../../platform/kubernetes.js";
import { PromiseCache } from "../../platform/promise-cache.js";
import { quantity } from "./quantities.js";
import type { Usage } from "./views.js";

const GROUP = { group: "metrics.k8s.io", version: "v1beta1" };

interface MetricsItem {
  metadata: { name: string; namespace?: string };
  usage?: { cpu?: string; memory?: string };
  containers?: Array<{ usage?: { cpu?: string; memory?: string } }>;
}

const usageOf = (m: MetricsItem): Usage => {
  if (m.usage) return { cpu: quantity(m.usage.cpu), memory: quantity(m.usage.memory) };
  const u = { cpu: 0, memory: 0 };
  for (const c of m.containers ?? []) {
    u.cpu += quantity(c.usage?.cpu);
    u.memory += quantity(c.usage?.memory);
  }
  return u;
};

/** The metrics API answered that it is not there (metrics-server not installed or not ready). */
const absent = (err: unknown) => [404, 503].includes(apiStatus(err) ?? 0);

/**
 * Usage from the metrics API (metrics-server), kept for a few seconds (its own window is
 * 15 to 30 s). Null means metrics are unavailable, which the screens say instead of zeros.
 */
export class MetricsReader {
  private readonly cache: PromiseCache<Map<string, Usage> | null>;

  constructor(
    private readonly clients: KubeClients,
    ttlMs = 10_000,
  ) {
    this.cache = new PromiseCache(ttlMs);
  }

  private read(key: string, load: () => Promise<{ items: MetricsItem[] }>): Promise<Map<string, Usage> | null> {
    return this.cache.getOrLoad(key, () =>
      load().then(
        (list) => new Map(list.items.map((m) => [`${m.metadata.namespace ?? ""}/${m.metadata.name}`, usageOf(m)])),
        (err: unknown) => {
          // Metrics that are not there are an answer (kept); any other failure is read again.
          if (absent(err)) return null;
          throw clusterError(err);
        },
      ),
    );
  }

  /** Usage by node name ("/name"). */
  nodes(): Promise<Map<string, Usage> | null> {
    return this.read("nodes", () => this.clients.custom.listClusterCustomObject({ ...GROUP, plural: "nodes" }));
  }

  /** Usage by "namespace/name" of every running pod, or of one namespace's. */
  pods(namespace?: string): Promise<Map<string, Usage> | null> {
    if (namespace === undefined)
      return this.read("pods", () => this.clients.custom.listClusterCustomObject({ ...GROUP, plural: "pods" }));
    return this.read(`pods/${namespace}`, () =>
      this.clients.custom.listNamespacedCustomObject({ ...GROUP, namespace, plural: "pods" }),
    );
  }
}
