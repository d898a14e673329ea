import { iso, jobCondition, meta, nodeObject, podObject, type NodeShape, type PodShape } from "./build.js";
import { PLATFORM, TEAM_IMAGES, TEAM_NAMESPACES, type WorkloadSpec } from "./catalogue.js";
import type { KubeObject } from "./objects.js";
import type { Random } from "./random.js";
import { generateJobs } from "./jobs.js";
import type { ObjectStore } from "./store.js";

const DAY = 86_400_000;

export interface ClusterSize {
  nodes: number;
  pods: number;
}

/** Resource names as the store keys them: core ones bare, others "group/plural". */
export const R = {
  nodes: "nodes",
  pods: "pods",
  namespaces: "namespaces",
  services: "services",
  endpoints: "endpoints",
  events: "events",
  secrets: "secrets",
  deployments: "apps/deployments",
  replicasets: "apps/replicasets",
  statefulsets: "apps/statefulsets",
  daemonsets: "apps/daemonsets",
  jobs: "batch/jobs",
  cronjobs: "batch/cronjobs",
  endpointslices: "discovery.k8s.io/endpointslices",
} as const;

/**
 * Fills the store with a platform of the given size: control-plane and worker nodes, every
 * platform component's workloads and services, and the teams' workloads up to the pod count.
 */
export function generateCluster(store: ObjectStore, size: ClusterSize, rnd: Random, now = Date.now()): void {
  const nodeCount = Math.max(1, size.nodes);
  const masters = nodeCount < 5 ? 1 : 3;
  const nodes: NodeShape[] = [];
  for (let i = 0; i < nodeCount; i++) {
    const master = i < masters;
    const big = rnd.chance(0.4);
    nodes.push({
      name: master ? `master-${String(i + 1).padStart(2, "0")}` : `worker-${String(i - masters + 1).padStart(3, "0")}`,
      role: master ? "master" : "worker",
      cpu: master ? 8 : big ? 32 : 16,
      memoryGi: master ? 32 : big ? 128 : 64,
      internalIP: `10.0.${Math.floor(i / 250)}.${(i % 250) + 4}`,
      createdMs: now - rnd.int(60, 400) * DAY,
    });
  }
  for (const n of nodes) store.put(R.nodes, nodeObject(n, rnd));
  const workers = nodes.filter((n) => n.role === "worker");
  const pool = workers.length > 0 ? workers : nodes;
  let ipSeq = 0;
  const placement = () => {
    const node = rnd.pick(pool);
    ipSeq++;
    return {
      node: node.name,
      hostIP: node.internalIP,
      podIP: `10.244.${Math.floor(ipSeq / 250) % 256}.${(ipSeq % 250) + 2}`,
    };
  };

  const namespaces = new Set<string>(["default", "kube-system", "kube-public", "kube-node-lease"]);
  let budget = size.pods;

  const addPods = (
    namespace: string,
    w: { kind: string; name: string; apiVersion: string },
    names: string[],
    labels: Record<string, string>,
    containers: PodShape["containers"],
    opts: { healthy?: boolean; phase?: PodShape["phase"]; createdMs: number; onNode?: NodeShape },
  ) => {
    for (const name of names) {
      budget--;
      const where = opts.onNode
        ? { node: opts.onNode.name, hostIP: opts.onNode.internalIP, podIP: opts.onNode.internalIP }
        : placement();
      let shape: PodShape = {
        namespace,
        name,
        labels,
        owner: w,
        ...where,
        containers,
        phase: opts.phase ?? "Running",
        ready: (opts.phase ?? "Running") === "Running",
        restarts: 0,
        createdMs: opts.createdMs,
        cpuMillis: rnd.pick([100, 250, 500, 1000]),
        memoryMi: rnd.pick([256, 512, 1024, 2048]),
      };
      if (!opts.healthy && shape.phase === "Running") {
        const roll = rnd.next();
        if (roll < 0.02)
          shape = { ...shape, phase: "Pending", ready: false, podIP: null, waitingReason: "ContainerCreating" };
        else if (roll < 0.03)
          shape = {
            ...shape,
            ready: false,
            restarts: rnd.int(5, 40),
            lastRestartMs: now - rnd.int(1, 9) * 60_000,
            waitingReason: "CrashLoopBackOff",
          };
        else if (roll < 0.06)
          shape = { ...shape, restarts: rnd.int(1, 3), lastRestartMs: now - rnd.int(1, 72) * 3_600_000 };
      }
      store.put(R.pods, podObject(shape));
    }
  };

  const addWorkload = (namespace: string, spec: WorkloadSpec, baseLabels: Record<string, string>, healthy: boolean) => {
    namespaces.add(namespace);
    const createdMs = now - rnd.int(5, 120) * DAY;
    const labels = { ...baseLabels, ...spec.labels, "app.kubernetes.io/instance": spec.name };
    const selector = { matchLabels: { "app.kubernetes.io/instance": spec.name } };
    const podTemplate = {
      metadata: { labels },
      spec: { containers: spec.containers.map((c) => ({ name: c.name, image: c.image })) },
    };
    const replicas = Math.max(0, Math.min(spec.replicas, budget));
    const status = {
      replicas,
      readyReplicas: replicas,
      availableReplicas: replicas,
      updatedReplicas: replicas,
      observedGeneration: 1,
    };
    if (spec.kind === "Deployment") {
      const hash = rnd.suffix(10);
      store.put(R.deployments, {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { ...meta("Deployment", spec.name, namespace, createdMs, labels), generation: 1 } as never,
        spec: { replicas: spec.replicas, selector, template: podTemplate },
        status,
      });
      const rsName = `${spec.name}-${hash}`;
      store.put(R.replicasets, {
        apiVersion: "apps/v1",
        kind: "ReplicaSet",
        metadata: {
          ...meta("ReplicaSet", rsName, namespace, createdMs, { ...labels, "pod-template-hash": hash }),
          ownerReferences: [
            {
              apiVersion: "apps/v1",
              kind: "Deployment",
              name: spec.name,
              uid: meta("Deployment", spec.name, namespace, 0).uid,
              controller: true,
            },
          ],
        },
        spec: { replicas: spec.replicas, selector },
        status: { replicas, readyReplicas: replicas, availableReplicas: replicas, fullyLabeledReplicas: replicas },
      });
      const names = Array.from({ length: replicas }, () => `${rsName}-${rnd.suffix(5)}`);
      addPods(
        namespace,
        { apiVersion: "apps/v1", kind: "ReplicaSet", name: rsName },
        names,
        { ...labels, "pod-template-hash": hash },
        spec.containers,
        { healthy, createdMs },
      );
    } else {
      const resource = spec.kind === "StatefulSet" ? R.statefulsets : R.daemonsets;
      store.put(resource, {
        apiVersion: "apps/v1",
        kind: spec.kind,
        metadata: meta(spec.kind, spec.name, namespace, createdMs, labels),
        spec: { replicas: spec.replicas, selector, serviceName: spec.name, template: podTemplate },
        status:
          spec.kind === "StatefulSet"
            ? { ...status, currentReplicas: replicas }
            : {
                currentNumberScheduled: replicas,
                desiredNumberScheduled: replicas,
                numberReady: replicas,
                numberAvailable: replicas,
              },
      });
      const names = Array.from({ length: replicas }, (_, i) =>
        spec.kind === "StatefulSet" ? `${spec.name}-${i}` : `${spec.name}-${rnd.suffix(5)}`,
      );
      addPods(namespace, { apiVersion: "apps/v1", kind: spec.kind, name: spec.name }, names, labels, spec.containers, {
        healthy,
        createdMs,
      });
    }
    return labels;
  };

  // The control plane: static pods on each master, then cluster DNS and metrics-server.
  for (const m of nodes.filter((n) => n.role === "master"))
    for (const part of ["etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler"]) {
      if (budget <= 0) break;
      addPods(
        "kube-system",
        { apiVersion: "v1", kind: "Node", name: m.name },
        [`${part}-${m.name}`],
        { component: part, tier: "control-plane" },
        [{ name: part, image: `registry.k8s.io/${part}:${part === "etcd" ? "3.5.15-0" : "v1.31.4"}` }],
        { healthy: true, createdMs: m.createdMs, onNode: m },
      );
    }
  addWorkload(
    "kube-system",
    {
      kind: "Deployment",
      name: "coredns",
      replicas: 2,
      containers: [{ name: "coredns", image: "registry.k8s.io/coredns/coredns:v1.11.3", port: 53 }],
    },
    { "k8s-app": "kube-dns" },
    true,
  );
  addWorkload(
    "kube-system",
    {
      kind: "Deployment",
      name: "metrics-server",
      replicas: 1,
      containers: [
        { name: "metrics-server", image: "registry.k8s.io/metrics-server/metrics-server:v0.7.2", port: 10250 },
      ],
    },
    { "k8s-app": "metrics-server" },
    true,
  );

  // Every platform component, healthy, with its services and endpoints.
  for (const c of PLATFORM) {
    const labelsByWorkload = new Map<string, Record<string, string>>();
    for (const w of c.workloads)
      labelsByWorkload.set(
        w.name,
        addWorkload(
          c.namespace,
          w,
          { "app.kubernetes.io/name": c.app, "app.kubernetes.io/part-of": "data-platform" },
          true,
        ),
      );
    for (const s of c.services)
      addService(store, c.namespace, s, labelsByWorkload.get(s.workload)!, now - 30 * DAY, rnd);
  }

  // Spark applications and Flink deployments with their pods.
  namespaces.add("spark").add("flink");
  generateJobs(store, rnd, now, addPods, () => budget);

  // The teams' workloads fill the cluster to its pod count.
  let n = 0;
  while (budget > 0) {
    const namespace = TEAM_NAMESPACES[n % TEAM_NAMESPACES.length]!;
    n++;
    const roll = rnd.next();
    const image = rnd.pick(TEAM_IMAGES);
    const base = image.split(/[:/]/)[image.includes("/") ? 1 : 0]!;
    const name = `${base}-${namespace.split("-")[0]}-${n}`;
    const labels = { app: name, team: namespace };
    if (roll < 0.8) {
      addWorkload(
        namespace,
        {
          kind: roll < 0.7 ? "Deployment" : "StatefulSet",
          name,
          replicas: rnd.int(1, 8),
          containers: [{ name: base, image, port: 8080 }],
        },
        labels,
        false,
      );
    } else {
      namespaces.add(namespace);
      const cron = roll > 0.93;
      const createdMs = now - rnd.int(1, 600) * 60_000;
      const jobName = cron ? `${name}-${Math.floor(createdMs / 60_000)}` : name;
      if (cron)
        store.put(R.cronjobs, {
          apiVersion: "batch/v1",
          kind: "CronJob",
          metadata: meta("CronJob", name, namespace, now - 20 * DAY, labels),
          spec: {
            schedule: `${rnd.int(0, 59)} * * * *`,
            suspend: false,
            jobTemplate: { spec: { template: { spec: { containers: [{ name: base, image }] } } } },
          },
          status: { lastScheduleTime: iso(createdMs), lastSuccessfulTime: iso(createdMs + 90_000) },
        });
      const failed = rnd.chance(0.15);
      const running = !failed && rnd.chance(0.2);
      store.put(R.jobs, {
        apiVersion: "batch/v1",
        kind: "Job",
        metadata: {
          ...meta("Job", jobName, namespace, createdMs, labels),
          ...(cron
            ? {
                ownerReferences: [
                  {
                    apiVersion: "batch/v1",
                    kind: "CronJob",
                    name,
                    uid: meta("CronJob", name, namespace, 0).uid,
                    controller: true,
                  },
                ],
              }
            : {}),
        },
        spec: {
          completions: 1,
          parallelism: 1,
          backoffLimit: 0,
          template: { spec: { containers: [{ name: base, image }] } },
        },
        status: {
          startTime: iso(createdMs),
          ...(running
            ? { active: 1 }
            : failed
              ? { failed: 1, conditions: [jobCondition("Failed", createdMs + 90_000, "BackoffLimitExceeded")] }
              : {
                  succeeded: 1,
                  completionTime: iso(createdMs + 90_000),
                  conditions: [jobCondition("Complete", createdMs + 90_000)],
                }),
        },
      });
      addPods(
        namespace,
        { apiVersion: "batch/v1", kind: "Job", name: jobName },
        [`${jobName}-${rnd.suffix(5)}`],
        { ...labels, "job-name": jobName },
        [{ name: base, image }],
        { healthy: true, phase: running ? "Running" : failed ? "Failed" : "Succeeded", createdMs },
      );
    }
  }

  for (const ns of namespaces)
    store.put(R.namespaces, {
      apiVersion: "v1",
      kind: "Namespace",
      metadata: meta("Namespace", ns, undefined, now - 400 * DAY, { "kubernetes.io/metadata.name": ns }),
      spec: { finalizers: ["kubernetes"] },
      status: { phase: "Active" },
    });
}

function addService(
  store: ObjectStore,
  namespace: string,
  s: (typeof PLATFORM)[number]["services"][number],
  selector: Record<string, string>,
  createdMs: number,
  rnd: Random,
): void {
  const labels = {
    "app.kubernetes.io/name": selector["app.kubernetes.io/name"]!,
    "app.kubernetes.io/part-of": "data-platform",
  };
  const clusterIP = `10.96.${rnd.int(0, 255)}.${rnd.int(2, 254)}`;
  const type = s.type ?? "ClusterIP";
  const port = {
    name: "http",
    port: s.port,
    targetPort: s.targetPort,
    protocol: "TCP",
    ...(type !== "ClusterIP" ? { nodePort: rnd.int(30000, 32767) } : {}),
  };
  store.put(R.services, {
    apiVersion: "v1",
    kind: "Service",
    metadata: meta("Service", s.name, namespace, createdMs, labels),
    spec: {
      type,
      selector,
      clusterIP,
      clusterIPs: [clusterIP],
      ipFamilies: ["IPv4"],
      ipFamilyPolicy: "SingleStack",
      sessionAffinity: "None",
      ports: [port],
    },
    status: { loadBalancer: {} },
  });
  const matches = (o: KubeObject) => Object.entries(selector).every(([k, v]) => o.metadata.labels?.[k] === v);
  const pods = store.list(R.pods, namespace).filter(matches);
  const addresses = pods
    .filter((p) => p.status.podIP)
    .map((p) => ({
      ip: p.status.podIP as string,
      nodeName: p.spec.nodeName as string,
      targetRef: { kind: "Pod", namespace, name: p.metadata.name, uid: p.metadata.uid },
    }));
  store.put(R.endpoints, {
    apiVersion: "v1",
    kind: "Endpoints",
    metadata: meta("Endpoints", s.name, namespace, createdMs, labels),
    subsets: addresses.length ? [{ addresses, ports: [{ name: "http", port: s.targetPort, protocol: "TCP" }] }] : [],
  });
  store.put(R.endpointslices, {
    apiVersion: "discovery.k8s.io/v1",
    kind: "EndpointSlice",
    metadata: meta("EndpointSlice", `${s.name}-${rnd.suffix(5)}`, namespace, createdMs, {
      ...labels,
      "kubernetes.io/service-name": s.name,
    }),
    addressType: "IPv4",
    endpoints: addresses.map((a) => ({
      addresses: [a.ip],
      conditions: { ready: true, serving: true, terminating: false },
      nodeName: a.nodeName,
      targetRef: a.targetRef,
    })),
    ports: [{ name: "http", port: s.targetPort, protocol: "TCP" }],
  });
}
