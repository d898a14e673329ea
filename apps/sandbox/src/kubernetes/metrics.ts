import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { fail } from "./api.js";
import { R } from "./generate.js";
import type { KubeObject } from "./objects.js";
import type { ObjectStore } from "./store.js";

const cpuMillis = (v: string | undefined) => (!v ? 0 : v.endsWith("m") ? Number(v.slice(0, -1)) : Number(v) * 1000);
const memMi = (v: string | undefined) =>
  !v
    ? 0
    : v.endsWith("Mi")
      ? Number(v.slice(0, -2))
      : v.endsWith("Gi")
        ? Number(v.slice(0, -2)) * 1024
        : Number(v) / 1048576;

/** A slow wave between 0 and 1 for each thing, so usage varies but stays plausible. */
function wave(name: string, now: number): number {
  const h = createHash("md5").update(name).digest();
  const period = 300_000 + (h.readUInt16BE(0) % 600_000);
  return 0.5 + 0.5 * Math.sin((now / period) * 2 * Math.PI + h.readUInt16BE(2));
}

function podUsage(pod: KubeObject, now: number) {
  return (pod.spec.containers as Array<{ name: string; resources?: { requests?: Record<string, string> } }>).map(
    (c) => {
      const w = wave(`${pod.metadata.namespace}/${pod.metadata.name}/${c.name}`, now);
      return {
        name: c.name,
        cpuM: Math.max(1, Math.round(cpuMillis(c.resources?.requests?.cpu) * (0.15 + 0.9 * w))),
        memMi: Math.max(8, Math.round(memMi(c.resources?.requests?.memory) * (0.4 + 0.55 * w))),
      };
    },
  );
}

const window = "30s";

function podMetrics(pod: KubeObject, now: number) {
  return {
    kind: "PodMetrics",
    apiVersion: "metrics.k8s.io/v1beta1",
    metadata: {
      name: pod.metadata.name,
      namespace: pod.metadata.namespace,
      creationTimestamp: new Date(now).toISOString(),
      labels: pod.metadata.labels,
    },
    timestamp: new Date(now - 12_000).toISOString(),
    window,
    containers: podUsage(pod, now).map((c) => ({
      name: c.name,
      usage: { cpu: `${c.cpuM * 1_000_000}n`, memory: `${c.memMi * 1024}Ki` },
    })),
  };
}

/** metrics.k8s.io as metrics-server serves it: usage of each running pod and node. */
export function registerMetrics(app: FastifyInstance, store: ObjectStore): void {
  const prefix = "/apis/metrics.k8s.io/v1beta1";
  const running = (ns?: string) => store.list(R.pods, ns).filter((p) => p.status.phase === "Running");
  app.get(`${prefix}/pods`, async () => {
    const now = Date.now();
    return {
      kind: "PodMetricsList",
      apiVersion: "metrics.k8s.io/v1beta1",
      metadata: {},
      items: running().map((p) => podMetrics(p, now)),
    };
  });
  app.get(`${prefix}/namespaces/:namespace/pods`, async (req) => {
    const now = Date.now();
    const { namespace } = req.params as { namespace: string };
    return {
      kind: "PodMetricsList",
      apiVersion: "metrics.k8s.io/v1beta1",
      metadata: {},
      items: running(namespace).map((p) => podMetrics(p, now)),
    };
  });
  app.get(`${prefix}/namespaces/:namespace/pods/:name`, async (req, reply) => {
    const { namespace, name } = req.params as { namespace: string; name: string };
    const pod = store.get(R.pods, namespace, name);
    if (!pod || pod.status.phase !== "Running")
      return fail(reply, 404, "NotFound", `podmetrics.metrics.k8s.io "${name}" not found`);
    return podMetrics(pod, Date.now());
  });
  const nodeMetrics = (now: number) => {
    const used = new Map<string, { cpuM: number; memMi: number }>();
    for (const p of running()) {
      const node = p.spec.nodeName as string | undefined;
      if (!node) continue;
      const u = used.get(node) ?? { cpuM: 0, memMi: 0 };
      for (const c of podUsage(p, now)) {
        u.cpuM += c.cpuM;
        u.memMi += c.memMi;
      }
      used.set(node, u);
    }
    return store.list(R.nodes).map((n) => {
      const u = used.get(n.metadata.name) ?? { cpuM: 0, memMi: 0 };
      // The kubelet and the system take their share besides the pods.
      const system = 250 + Math.round(200 * wave(n.metadata.name, now));
      return {
        kind: "NodeMetrics",
        apiVersion: "metrics.k8s.io/v1beta1",
        metadata: { name: n.metadata.name, creationTimestamp: new Date(now).toISOString(), labels: n.metadata.labels },
        timestamp: new Date(now - 12_000).toISOString(),
        window: "20s",
        usage: { cpu: `${(u.cpuM + system) * 1_000_000}n`, memory: `${(u.memMi + 1024 + system) * 1024}Ki` },
      };
    });
  };
  app.get(`${prefix}/nodes`, async () => ({
    kind: "NodeMetricsList",
    apiVersion: "metrics.k8s.io/v1beta1",
    metadata: {},
    items: nodeMetrics(Date.now()),
  }));
  app.get(`${prefix}/nodes/:name`, async (req, reply) => {
    const { name } = req.params as { name: string };
    const m = nodeMetrics(Date.now()).find((x) => x.metadata.name === name);
    return m ?? fail(reply, 404, "NotFound", `nodemetrics.metrics.k8s.io "${name}" not found`);
  });
}
