import type { KubeObject } from "./objects.js";

/**
 * The columns the API server prints for each kind (kubectl shows the server's Table as it
 * is; without one it shows only NAME and AGE). Names and contents follow Kubernetes'
 * own printers, and the custom resources' printer columns as their operators define them.
 */
export interface Column {
  name: string;
  type: "string" | "integer" | "date";
  /** 0 is shown by default, 1 only with `-o wide`. */
  priority?: number;
  format?: string;
}

export type Cell = string | number | null;

export interface Printer {
  columns: Column[];
  row(o: KubeObject, now: number): Cell[];
}

/** kubectl's short durations: 45s, 5m10s, 3h20m, 4d2h, 200d, 2y30d. */
export function humanDuration(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < -1) return "<invalid>";
  if (s < 0) return "0s";
  if (s < 120) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 10) return s % 60 === 0 ? `${m}m` : `${m}m${s % 60}s`;
  if (m < 180) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 8) return m % 60 === 0 ? `${h}h` : `${h}h${m % 60}m`;
  if (h < 48) return `${h}h`;
  const d = Math.floor(h / 24);
  if (h < 24 * 8) return h % 24 === 0 ? `${d}d` : `${d}d${h % 24}h`;
  if (h < 24 * 365 * 2) return `${d}d`;
  const y = Math.floor(d / 365);
  if (h < 24 * 365 * 8) return d % 365 === 0 ? `${y}y` : `${y}y${d % 365}d`;
  return `${y}y`;
}

const since = (at: string | undefined, now: number) => (at ? humanDuration(now - Date.parse(at)) : "<unknown>");
const age = (o: KubeObject, now: number) => since(o.metadata.creationTimestamp, now);
const none = (v: string | undefined) => (v ? v : "<none>");

const name: Column = { name: "Name", type: "string", format: "name" };
const ageCol: Column = { name: "Age", type: "string" };
const str = (n: string, priority = 0): Column => ({ name: n, type: "string", priority });
const int = (n: string, priority = 0): Column => ({ name: n, type: "integer", priority });

interface ContainerStatus {
  ready: boolean;
  restartCount: number;
  state: { waiting?: { reason?: string }; terminated?: { reason?: string; exitCode: number; signal?: number } };
  lastState?: { terminated?: { finishedAt?: string } };
}

/** The pod's STATUS as kubectl shows it: the reason of the container that explains most. */
function podStatus(pod: KubeObject): string {
  let reason: string = pod.status.reason ?? pod.status.phase;
  const statuses = (pod.status.containerStatuses ?? []) as ContainerStatus[];
  let running = false;
  for (const c of [...statuses].reverse()) {
    if (c.state.waiting?.reason) reason = c.state.waiting.reason;
    else if (c.state.terminated) reason = c.state.terminated.reason ?? `ExitCode:${c.state.terminated.exitCode}`;
    else running = true;
  }
  if (reason === "Completed" && running) reason = "Running";
  if (pod.metadata.deletionTimestamp !== undefined) reason = "Terminating";
  return reason;
}

function podRestarts(pod: KubeObject, now: number): string {
  const statuses = (pod.status.containerStatuses ?? []) as ContainerStatus[];
  const count = statuses.reduce((n, c) => n + c.restartCount, 0);
  const last = statuses
    .map((c) => c.lastState?.terminated?.finishedAt)
    .filter((t): t is string => !!t)
    .sort()
    .at(-1);
  return last && count > 0 ? `${count} (${since(last, now)} ago)` : String(count);
}

const nodeRoles = (n: KubeObject) =>
  Object.keys(n.metadata.labels ?? {})
    .filter((k) => k.startsWith("node-role.kubernetes.io/"))
    .map((k) => k.slice("node-role.kubernetes.io/".length))
    .sort()
    .join(",") || "<none>";

/** A load balancer shows its ingress addresses, or <pending> until it has one. */
function externalIP(svc: KubeObject): string {
  const ips = ((svc.status?.loadBalancer?.ingress ?? []) as Array<{ ip?: string; hostname?: string }>)
    .map((i) => i.ip ?? i.hostname)
    .filter(Boolean);
  if (ips.length > 0) return ips.join(",");
  return svc.spec.type === "LoadBalancer" ? "<pending>" : "<none>";
}

const servicePorts = (svc: KubeObject) =>
  ((svc.spec.ports ?? []) as Array<{ port: number; protocol?: string; nodePort?: number }>)
    .map((p) => `${p.port}${p.nodePort ? `:${p.nodePort}` : ""}/${p.protocol ?? "TCP"}`)
    .join(",") || "<none>";

/** Up to three addresses with their ports, then "+ N more...", as kubectl formats endpoints. */
function endpointList(ep: KubeObject): string {
  const all: string[] = [];
  for (const s of (ep.subsets ?? []) as Array<{ addresses?: Array<{ ip: string }>; ports?: Array<{ port: number }> }>)
    for (const a of s.addresses ?? []) for (const p of s.ports ?? [{ port: 0 }]) all.push(`${a.ip}:${p.port}`);
  if (all.length === 0) return "<none>";
  return all.length > 3 ? `${all.slice(0, 3).join(",")} + ${all.length - 3} more...` : all.join(",");
}

const ready = (have: number | undefined, want: number | undefined) => `${have ?? 0}/${want ?? 0}`;
const containerNames = (o: KubeObject) =>
  ((o.spec.template?.spec?.containers ?? []) as Array<{ name: string }>).map((c) => c.name).join(",");
const images = (o: KubeObject) =>
  ((o.spec.template?.spec?.containers ?? []) as Array<{ image: string }>).map((c) => c.image).join(",");
const selector = (o: KubeObject) =>
  Object.entries((o.spec.selector?.matchLabels ?? {}) as Record<string, string>)
    .map(([k, v]) => `${k}=${v}`)
    .join(",") || "<none>";

function jobStatus(job: KubeObject): string {
  const conditions = (job.status?.conditions ?? []) as Array<{ type: string; status: string }>;
  const holds = (t: string) => conditions.some((c) => c.type === t && c.status === "True");
  if (holds("Complete")) return "Complete";
  if (holds("Failed")) return "Failed";
  if (job.spec.suspend) return "Suspended";
  return "Running";
}

function jobDuration(job: KubeObject, now: number): string {
  const start = job.status?.startTime;
  if (!start) return "";
  const end = job.status?.completionTime ? Date.parse(job.status.completionTime) : now;
  return humanDuration(end - Date.parse(start));
}

export const PRINTERS: Record<string, Printer> = {
  Node: {
    columns: [
      name,
      str("Status"),
      str("Roles"),
      ageCol,
      str("Version"),
      str("Internal-IP", 1),
      str("External-IP", 1),
      str("OS-Image", 1),
      str("Kernel-Version", 1),
      str("Container-Runtime", 1),
    ],
    row: (n, now) => {
      const readyCond = (n.status.conditions as Array<{ type: string; status: string }>).find(
        (c) => c.type === "Ready",
      );
      const address = (type: string) =>
        (n.status.addresses as Array<{ type: string; address: string }>).find((a) => a.type === type)?.address;
      const info = n.status.nodeInfo;
      return [
        n.metadata.name,
        `${readyCond?.status === "True" ? "Ready" : "NotReady"}${n.spec.unschedulable ? ",SchedulingDisabled" : ""}`,
        nodeRoles(n),
        age(n, now),
        info.kubeletVersion,
        none(address("InternalIP")),
        none(address("ExternalIP")),
        info.osImage,
        info.kernelVersion,
        info.containerRuntimeVersion,
      ];
    },
  },
  Pod: {
    columns: [name, str("Ready"), str("Status"), str("Restarts"), ageCol, str("IP", 1), str("Node", 1)],
    row: (p, now) => {
      const statuses = (p.status.containerStatuses ?? []) as ContainerStatus[];
      return [
        p.metadata.name,
        `${statuses.filter((c) => c.ready).length}/${p.spec.containers.length}`,
        podStatus(p),
        podRestarts(p, now),
        age(p, now),
        none(p.status.podIP),
        none(p.spec.nodeName),
      ];
    },
  },
  Service: {
    columns: [name, str("Type"), str("Cluster-IP"), str("External-IP"), str("Port(s)"), ageCol, str("Selector", 1)],
    row: (s, now) => [
      s.metadata.name,
      s.spec.type ?? "ClusterIP",
      none(s.spec.clusterIP),
      externalIP(s),
      servicePorts(s),
      age(s, now),
      Object.entries((s.spec.selector ?? {}) as Record<string, string>)
        .map(([k, v]) => `${k}=${v}`)
        .join(",") || "<none>",
    ],
  },
  Endpoints: {
    columns: [name, str("Endpoints"), ageCol],
    row: (e, now) => [e.metadata.name, endpointList(e), age(e, now)],
  },
  Event: {
    columns: [str("Last Seen"), str("Type"), str("Reason"), str("Object"), str("Message"), str("Name", 1)],
    row: (e, now) => {
      const about = e.involvedObject as { kind: string; name: string };
      return [
        since((e.lastTimestamp ?? e.metadata.creationTimestamp) as string, now),
        e.type as string,
        e.reason as string,
        `${about.kind.toLowerCase()}/${about.name}`,
        String(e.message ?? "").trim(),
        e.metadata.name,
      ];
    },
  },
  Deployment: {
    columns: [
      name,
      str("Ready"),
      int("Up-to-date"),
      int("Available"),
      ageCol,
      str("Containers", 1),
      str("Images", 1),
      str("Selector", 1),
    ],
    row: (d, now) => [
      d.metadata.name,
      ready(d.status?.readyReplicas, d.spec.replicas),
      d.status?.updatedReplicas ?? 0,
      d.status?.availableReplicas ?? 0,
      age(d, now),
      containerNames(d),
      images(d),
      selector(d),
    ],
  },
  ReplicaSet: {
    columns: [name, int("Desired"), int("Current"), int("Ready"), ageCol],
    row: (r, now) => [
      r.metadata.name,
      r.spec.replicas ?? 0,
      r.status?.replicas ?? 0,
      r.status?.readyReplicas ?? 0,
      age(r, now),
    ],
  },
  StatefulSet: {
    columns: [name, str("Ready"), ageCol, str("Containers", 1), str("Images", 1)],
    row: (s, now) => [
      s.metadata.name,
      ready(s.status?.readyReplicas, s.spec.replicas),
      age(s, now),
      containerNames(s),
      images(s),
    ],
  },
  DaemonSet: {
    columns: [name, int("Desired"), int("Current"), int("Ready"), int("Up-to-date"), int("Available"), ageCol],
    row: (d, now) => [
      d.metadata.name,
      d.status?.desiredNumberScheduled ?? 0,
      d.status?.currentNumberScheduled ?? 0,
      d.status?.numberReady ?? 0,
      d.status?.updatedNumberScheduled ?? 0,
      d.status?.numberAvailable ?? 0,
      age(d, now),
    ],
  },
  Job: {
    columns: [name, str("Status"), str("Completions"), str("Duration"), ageCol],
    row: (j, now) => [
      j.metadata.name,
      jobStatus(j),
      `${j.status?.succeeded ?? 0}/${j.spec.completions ?? 1}`,
      jobDuration(j, now),
      age(j, now),
    ],
  },
  CronJob: {
    columns: [name, str("Schedule"), str("Timezone"), str("Suspend"), int("Active"), str("Last Schedule"), ageCol],
    row: (c, now) => [
      c.metadata.name,
      c.spec.schedule,
      none(c.spec.timeZone),
      c.spec.suspend ? "True" : "False",
      (c.status?.active ?? []).length,
      c.status?.lastScheduleTime ? since(c.status.lastScheduleTime, now) : "<none>",
      age(c, now),
    ],
  },
  Namespace: {
    columns: [name, str("Status"), ageCol],
    row: (n, now) => [n.metadata.name, n.status?.phase ?? "Active", age(n, now)],
  },
  Secret: {
    columns: [name, str("Type"), int("Data"), ageCol],
    row: (s, now) => [s.metadata.name, (s.type as string) ?? "Opaque", Object.keys(s.data ?? {}).length, age(s, now)],
  },
  // The Spark operator's printer columns (its CRD's additionalPrinterColumns).
  SparkApplication: {
    columns: [name, str("Status"), int("Attempts"), str("Start"), str("Finish"), ageCol],
    row: (a, now) => [
      a.metadata.name,
      a.status?.applicationState?.state ?? "",
      a.status?.submissionAttempts ?? 0,
      a.status?.lastSubmissionAttemptTime ?? null,
      a.status?.terminationTime ?? null,
      age(a, now),
    ],
  },
  // The Flink operator's printer columns.
  FlinkDeployment: {
    columns: [name, str("Job Status"), str("Lifecycle State")],
    row: (f) => [f.metadata.name, f.status?.jobStatus?.state ?? "", f.status?.lifecycleState ?? ""],
  },
};

/** What the API server prints for a kind it has no printer for. */
export const DEFAULT_PRINTER: Printer = {
  columns: [name, ageCol],
  row: (o, now) => [o.metadata.name, age(o, now)],
};
