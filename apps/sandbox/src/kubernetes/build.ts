import { createHash } from "node:crypto";
import type { KubeObject, ObjectMeta } from "./objects.js";
import type { Random } from "./random.js";

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** A stable uid derived from what the object is, so the same seed gives the same uids. */
export function uidOf(...parts: string[]): string {
  const h = createHash("sha1").update(parts.join("/")).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A finished job's condition, which is what tells clients (kubectl's STATUS) how it ended. */
export const jobCondition = (type: "Complete" | "Failed", atMs: number, reason?: string) => ({
  type,
  status: "True",
  lastProbeTime: iso(atMs),
  lastTransitionTime: iso(atMs),
  ...(reason ? { reason, message: "Job has reached the specified backoff limit" } : {}),
});

export function meta(
  kind: string,
  name: string,
  namespace: string | undefined,
  createdMs: number,
  labels?: Record<string, string>,
): ObjectMeta {
  return {
    name,
    ...(namespace !== undefined ? { namespace } : {}),
    uid: uidOf(kind, namespace ?? "", name),
    resourceVersion: "1",
    creationTimestamp: iso(createdMs),
    ...(labels ? { labels } : {}),
  };
}

export interface NodeShape {
  name: string;
  role: "master" | "worker";
  cpu: number;
  memoryGi: number;
  internalIP: string;
  createdMs: number;
}

export function nodeObject(n: NodeShape, rnd: Random): KubeObject {
  const labels: Record<string, string> = {
    "kubernetes.io/arch": "amd64",
    "kubernetes.io/hostname": n.name,
    "kubernetes.io/os": "linux",
    "beta.kubernetes.io/arch": "amd64",
    "beta.kubernetes.io/os": "linux",
    ...(n.role === "master"
      ? { "node-role.kubernetes.io/control-plane": "" }
      : { "node-role.kubernetes.io/worker": "" }),
  };
  const allocCpu = `${n.cpu * 1000 - 200}m`;
  const allocMem = `${n.memoryGi * 1024 * 1024 - 512 * 1024}Ki`;
  const heartbeat = iso(Date.now() - rnd.int(1, 40) * 1000);
  return {
    apiVersion: "v1",
    kind: "Node",
    metadata: {
      ...meta("Node", n.name, undefined, n.createdMs, labels),
      annotations: { "node.alpha.kubernetes.io/ttl": "0" },
    },
    spec: {
      podCIDR: `10.244.${rnd.int(0, 255)}.0/24`,
      ...(n.role === "master"
        ? { taints: [{ key: "node-role.kubernetes.io/control-plane", effect: "NoSchedule" }] }
        : {}),
    },
    status: {
      capacity: {
        cpu: String(n.cpu),
        memory: `${n.memoryGi * 1024 * 1024}Ki`,
        pods: "110",
        "ephemeral-storage": "209702892Ki",
      },
      allocatable: { cpu: allocCpu, memory: allocMem, pods: "110", "ephemeral-storage": "193262339142" },
      conditions: [
        {
          type: "MemoryPressure",
          status: "False",
          reason: "KubeletHasSufficientMemory",
          message: "kubelet has sufficient memory available",
          lastHeartbeatTime: heartbeat,
          lastTransitionTime: iso(n.createdMs),
        },
        {
          type: "DiskPressure",
          status: "False",
          reason: "KubeletHasNoDiskPressure",
          message: "kubelet has no disk pressure",
          lastHeartbeatTime: heartbeat,
          lastTransitionTime: iso(n.createdMs),
        },
        {
          type: "PIDPressure",
          status: "False",
          reason: "KubeletHasSufficientPID",
          message: "kubelet has sufficient PID available",
          lastHeartbeatTime: heartbeat,
          lastTransitionTime: iso(n.createdMs),
        },
        {
          type: "Ready",
          status: "True",
          reason: "KubeletReady",
          message: "kubelet is posting ready status",
          lastHeartbeatTime: heartbeat,
          lastTransitionTime: iso(n.createdMs),
        },
      ],
      addresses: [
        { type: "InternalIP", address: n.internalIP },
        { type: "Hostname", address: n.name },
      ],
      nodeInfo: {
        machineID: uidOf("machine", n.name).replaceAll("-", ""),
        systemUUID: uidOf("system", n.name),
        bootID: uidOf("boot", n.name),
        kernelVersion: "6.1.0-28-amd64",
        osImage: "Debian GNU/Linux 12 (bookworm)",
        containerRuntimeVersion: "containerd://1.7.24",
        kubeletVersion: "v1.31.4",
        kubeProxyVersion: "v1.31.4",
        operatingSystem: "linux",
        architecture: "amd64",
      },
    },
  };
}

export interface PodShape {
  namespace: string;
  name: string;
  labels: Record<string, string>;
  owner?: { apiVersion: string; kind: string; name: string };
  node: string | null;
  hostIP: string | null;
  podIP: string | null;
  containers: Array<{ name: string; image: string; port?: number }>;
  phase: "Pending" | "Running" | "Succeeded" | "Failed";
  ready: boolean;
  restarts: number;
  /** When the last restart happened, for restarted pods. */
  lastRestartMs?: number;
  /** A waiting reason for pods that are not running (ContainerCreating, CrashLoopBackOff, ...). */
  waitingReason?: string;
  createdMs: number;
  cpuMillis: number;
  memoryMi: number;
}

export function podObject(p: PodShape): KubeObject {
  const started = iso(p.createdMs + 4000);
  const condition = (type: string, ok: boolean) => ({
    type,
    status: ok ? "True" : "False",
    lastProbeTime: null,
    lastTransitionTime: started,
  });
  const terminated = p.phase === "Succeeded" || p.phase === "Failed";
  const containerStatuses = p.containers.map((c, i) => ({
    name: c.name,
    image: c.image,
    imageID: `docker.io/${c.image.split(":")[0]}@sha256:${uidOf("image", c.image).replaceAll("-", "")}`,
    containerID: `containerd://${uidOf("container", p.namespace, p.name, c.name).replaceAll("-", "")}`,
    ready: p.ready,
    started: p.phase === "Running",
    restartCount: i === 0 ? p.restarts : 0,
    state: terminated
      ? {
          terminated: {
            exitCode: p.phase === "Failed" ? 1 : 0,
            reason: p.phase === "Failed" ? "Error" : "Completed",
            startedAt: started,
            finishedAt: iso(p.createdMs + 90_000),
          },
        }
      : p.waitingReason
        ? { waiting: { reason: p.waitingReason } }
        : { running: { startedAt: p.restarts > 0 && p.lastRestartMs ? iso(p.lastRestartMs) : started } },
    ...(i === 0 && p.restarts > 0 && p.lastRestartMs
      ? {
          lastState: {
            terminated: { exitCode: 137, reason: "OOMKilled", startedAt: started, finishedAt: iso(p.lastRestartMs) },
          },
        }
      : { lastState: {} }),
  }));
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      ...meta("Pod", p.name, p.namespace, p.createdMs, p.labels),
      ...(p.owner
        ? {
            ownerReferences: [
              {
                ...p.owner,
                uid: uidOf(p.owner.kind, p.namespace, p.owner.name),
                controller: true,
                blockOwnerDeletion: true,
              },
            ],
          }
        : {}),
    },
    spec: {
      ...(p.node ? { nodeName: p.node } : {}),
      restartPolicy: p.owner?.kind === "Job" ? "Never" : "Always",
      serviceAccountName: "default",
      containers: p.containers.map((c) => ({
        name: c.name,
        image: c.image,
        ...(c.port ? { ports: [{ containerPort: c.port, protocol: "TCP" }] } : {}),
        resources: {
          requests: { cpu: `${p.cpuMillis}m`, memory: `${p.memoryMi}Mi` },
          limits: { cpu: `${p.cpuMillis * 2}m`, memory: `${p.memoryMi * 2}Mi` },
        },
      })),
    },
    status: {
      phase: p.phase,
      conditions: [
        condition("PodReadyToStartContainers", p.phase !== "Pending"),
        condition("Initialized", true),
        condition("Ready", p.ready),
        condition("ContainersReady", p.ready),
        condition("PodScheduled", p.node !== null),
      ],
      ...(p.hostIP ? { hostIP: p.hostIP, hostIPs: [{ ip: p.hostIP }] } : {}),
      ...(p.podIP ? { podIP: p.podIP, podIPs: [{ ip: p.podIP }] } : {}),
      startTime: started,
      containerStatuses,
      qosClass: "Burstable",
    },
  };
}
