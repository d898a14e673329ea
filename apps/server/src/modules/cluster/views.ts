import type * as k8s from "@kubernetes/client-node";
import type { ClusterEvent, ClusterNode, ClusterPod, Host, Workloads } from "@console/contracts";
import { binary, cores, percent, quantity } from "./quantities.js";

export interface Usage {
  /** Cores. */
  cpu: number;
  /** Bytes. */
  memory: number;
}

/** A time the API sent: a Date from a list, a string from a watch. */
export function iso(value: Date | string | undefined | null): string | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export const isMaster = (n: k8s.V1Node) =>
  Object.keys(n.metadata?.labels ?? {}).some(
    (l) => l === "node-role.kubernetes.io/control-plane" || l === "node-role.kubernetes.io/master",
  );

export const nodeStatus = (n: k8s.V1Node) =>
  n.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True") ? "Ready" : "NotReady";

const terminated = (p: k8s.V1Pod) => p.status?.phase === "Succeeded" || p.status?.phase === "Failed";

/** What the pods on a node ask for: requests and limits in cores and bytes. */
export function podResources(pods: ReadonlyArray<k8s.V1Pod>) {
  const sum = { cpuRequests: 0, cpuLimits: 0, memRequests: 0, memLimits: 0 };
  for (const p of pods) {
    if (terminated(p)) continue;
    for (const c of p.spec?.containers ?? []) {
      sum.cpuRequests += quantity(c.resources?.requests?.cpu);
      sum.cpuLimits += quantity(c.resources?.limits?.cpu);
      sum.memRequests += quantity(c.resources?.requests?.memory);
      sum.memLimits += quantity(c.resources?.limits?.memory);
    }
  }
  return sum;
}

function figures(n: k8s.V1Node, pods: ReadonlyArray<k8s.V1Pod>, usage: Usage | null) {
  const r = podResources(pods);
  const cpuCap = quantity(n.status?.capacity?.cpu);
  const cpuAlloc = quantity(n.status?.allocatable?.cpu) || cpuCap;
  const memCap = quantity(n.status?.capacity?.memory);
  const memAlloc = quantity(n.status?.allocatable?.memory) || memCap;
  return {
    cpu: {
      capacity: cores(cpuCap),
      allocated: cores(r.cpuRequests),
      requests: percent(r.cpuRequests, cpuAlloc),
      limits: percent(r.cpuLimits, cpuAlloc),
      usage: usage ? percent(usage.cpu, cpuAlloc) : null,
    },
    memory: {
      capacity: binary(memCap),
      allocated: binary(r.memRequests),
      requests: percent(r.memRequests, memAlloc),
      limits: percent(r.memLimits, memAlloc),
      usage: usage ? percent(usage.memory, memAlloc) : null,
    },
  };
}

export function nodeView(n: k8s.V1Node, pods: ReadonlyArray<k8s.V1Pod>, usage: Usage | null): ClusterNode {
  return {
    name: n.metadata!.name!,
    status: nodeStatus(n),
    type: isMaster(n) ? "master" : "worker",
    ...figures(n, pods, usage),
    // metrics-server does not report disk use.
    disk: { usage: null },
    pods: pods.filter((p) => !terminated(p)).length,
  };
}

export function hostView(
  n: k8s.V1Node,
  pods: ReadonlyArray<k8s.V1Pod>,
  usage: Usage | null,
  metricsAvailable: boolean,
): Host {
  const info = n.status?.nodeInfo;
  const address = (type: string) => n.status?.addresses?.find((a) => a.type === type)?.address ?? null;
  return {
    name: n.metadata!.name!,
    status: nodeStatus(n),
    type: isMaster(n) ? "master" : "worker",
    os: info?.operatingSystem ?? "",
    architecture: info?.architecture ?? "",
    kernelVersion: info?.kernelVersion ?? "",
    kubeletVersion: info?.kubeletVersion ?? "",
    createdOn: iso(n.metadata?.creationTimestamp) ?? "",
    internalIP: address("InternalIP"),
    osImage: info?.osImage ?? "",
    containerRunTime: info?.containerRuntimeVersion ?? "",
    hostname: address("Hostname") ?? n.metadata!.name!,
    ...figures(n, pods, usage),
    metricsAvailable,
  };
}

/** The status a person reads: a waiting or terminated reason when there is one, else the phase. */
export function podStatus(p: k8s.V1Pod): string {
  if (p.metadata?.deletionTimestamp) return "Terminating";
  for (const c of p.status?.containerStatuses ?? []) {
    if (c.state?.waiting?.reason) return c.state.waiting.reason;
  }
  return p.status?.phase ?? "Unknown";
}

export const podReady = (p: k8s.V1Pod) =>
  p.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True") ?? false;

export function podView(p: k8s.V1Pod, usage: Usage | null): ClusterPod {
  return {
    name: p.metadata!.name!,
    namespace: p.metadata!.namespace!,
    containers: (p.spec?.containers ?? []).map((c) => c.name),
    status: podStatus(p),
    ready: podReady(p),
    restarts: (p.status?.containerStatuses ?? []).reduce((n, c) => n + (c.restartCount ?? 0), 0),
    node: p.spec?.nodeName ?? null,
    createdOn: iso(p.metadata?.creationTimestamp),
    cpu: { usage: usage ? Math.round(usage.cpu * 1000) : null },
    memory: { usage: usage ? Math.round(usage.memory) : null },
  };
}

/** A pod that failed or cannot run counts as a failure; a running one that is not ready too. */
export function podFailing(p: k8s.V1Pod): boolean {
  if (p.status?.phase === "Failed") return true;
  if (p.status?.phase === "Running" && !podReady(p)) return true;
  return (p.status?.containerStatuses ?? []).some((c) =>
    ["CrashLoopBackOff", "ImagePullBackOff", "ErrImagePull", "CreateContainerConfigError"].includes(
      c.state?.waiting?.reason ?? "",
    ),
  );
}

type Count = Workloads["pods"];
const count = (): Count => ({ running: 0, succeeded: 0, failure: 0, total: 0 });

export function workloadCounts(all: {
  pods: ReadonlyArray<k8s.V1Pod>;
  deployments: ReadonlyArray<k8s.V1Deployment>;
  replicasets: ReadonlyArray<k8s.V1ReplicaSet>;
  statefulsets: ReadonlyArray<k8s.V1StatefulSet>;
  jobs: ReadonlyArray<k8s.V1Job>;
  cronjobs: ReadonlyArray<k8s.V1CronJob>;
}): Workloads {
  const pods = count();
  for (const p of all.pods) {
    pods.total++;
    if (podFailing(p)) pods.failure++;
    else if (p.status?.phase === "Running") pods.running++;
    else if (p.status?.phase === "Succeeded") pods.succeeded++;
  }
  // A replicated workload runs when all its replicas are ready, fails when some are not.
  const replicated = (items: ReadonlyArray<{ spec?: { replicas?: number }; status?: { readyReplicas?: number } }>) => {
    const c = count();
    for (const w of items) {
      c.total++;
      const want = w.spec?.replicas ?? 1;
      const ready = w.status?.readyReplicas ?? 0;
      if (want === 0) continue;
      if (ready >= want) c.running++;
      else c.failure++;
    }
    return c;
  };
  const jobs = count();
  for (const j of all.jobs) {
    jobs.total++;
    if ((j.status?.failed ?? 0) > 0) jobs.failure++;
    else if ((j.status?.active ?? 0) > 0) jobs.running++;
    else if ((j.status?.succeeded ?? 0) > 0) jobs.succeeded++;
  }
  const cronjobs = count();
  for (const c of all.cronjobs) {
    cronjobs.total++;
    if ((c.status?.active?.length ?? 0) > 0) cronjobs.running++;
    else if (c.status?.lastSuccessfulTime) cronjobs.succeeded++;
    else if (c.status?.lastScheduleTime) cronjobs.failure++;
  }
  return {
    pods,
    deployments: replicated(all.deployments),
    statefulsets: replicated(all.statefulsets),
    replicasets: replicated(all.replicasets),
    jobs,
    cronjobs,
  };
}

export function eventView(e: k8s.CoreV1Event): ClusterEvent {
  return {
    type: e.type === "Warning" ? "warning" : "normal",
    message: e.message ?? "",
    name: e.involvedObject?.name ?? e.metadata?.name ?? "",
    namespace: e.involvedObject?.namespace ?? e.metadata?.namespace ?? null,
    kind: e.involvedObject?.kind ?? "",
    source: [e.source?.component ?? e.reportingComponent, e.source?.host].filter(Boolean).join(", "),
    lastTimestamp: iso(e.lastTimestamp ?? e.eventTime ?? e.metadata?.creationTimestamp),
  };
}

const newestFirst = (a: ClusterEvent, b: ClusterEvent) => (b.lastTimestamp ?? "").localeCompare(a.lastTimestamp ?? "");

export const sortEvents = (items: ClusterEvent[]) => items.sort(newestFirst);

/** What needs attention now: hosts not ready, pods failing or stuck, and warnings of the last hour. */
export function issues(
  nodes: ReadonlyArray<k8s.V1Node>,
  pods: ReadonlyArray<k8s.V1Pod>,
  events: ReadonlyArray<k8s.CoreV1Event>,
  now = Date.now(),
): ClusterEvent[] {
  const out: ClusterEvent[] = [];
  for (const n of nodes)
    if (nodeStatus(n) !== "Ready")
      out.push({
        type: "error",
        message: `Host ${n.metadata!.name} is not ready.`,
        name: n.metadata!.name!,
        namespace: null,
        kind: "Node",
        source: "node-controller",
        lastTimestamp: iso(n.status?.conditions?.find((c) => c.type === "Ready")?.lastTransitionTime),
      });
  for (const p of pods) {
    if (!podFailing(p)) continue;
    const status = podStatus(p);
    out.push({
      type: "error",
      message: `Pod ${p.metadata!.name} is ${status === "Running" ? "running but not ready" : status}.`,
      name: p.metadata!.name!,
      namespace: p.metadata!.namespace ?? null,
      kind: "Pod",
      source: p.spec?.nodeName ? `kubelet, ${p.spec.nodeName}` : "kubelet",
      lastTimestamp: iso(
        p.status?.containerStatuses?.[0]?.lastState?.terminated?.finishedAt ??
          p.status?.startTime ??
          p.metadata?.creationTimestamp,
      ),
    });
  }
  for (const e of events) {
    if (e.type !== "Warning") continue;
    const view = eventView(e);
    if (view.lastTimestamp && now - Date.parse(view.lastTimestamp) < 3_600_000) out.push(view);
  }
  return sortEvents(out);
}
