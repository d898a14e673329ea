import type * as k8s from "@kubernetes/client-node";
import type { JobDetails, JobKind, JobOverview, JobPod, LogLines } from "@console/contracts";
import type { Principal } from "../../platform/access.js";
import { notFound } from "../../platform/errors.js";
import { apiStatus, inCluster, type KubeClients } from "../../platform/kubernetes.js";
import { FLAVOURS, jobView, type JobObject, type JobsService } from "./jobs.js";
import type { MetricsReader } from "./metrics.js";
import { eventView, iso, podFailing, podReady, podView, sortEvents } from "./views.js";

/** The label that names a pod's part in its job. */
const ROLE_LABEL: Record<JobKind, string> = { "spark-jobs": "spark-role", "flink-jobs": "component" };

const str = (v: unknown): string | null => (v === undefined || v === null || v === "" ? null : String(v));
const int = (v: unknown): number | null => (Number.isInteger(Number(v)) && v !== null && v !== "" ? Number(v) : null);

/** What the job object says beyond its state: image, version, entry point and resources. */
function specOf(kind: JobKind, o: JobObject) {
  const spec = o.spec ?? {};
  if (kind === "spark-jobs")
    return {
      state: str(o.status?.applicationState?.state),
      message: str(o.status?.applicationState?.errorMessage),
      image: str(spec.image),
      version: str(spec.sparkVersion),
      mode: [spec.type, spec.mode].filter(Boolean).join(", ") || null,
      entry: str(spec.mainClass ?? spec.mainApplicationFile),
      attempts: int(o.status?.submissionAttempts),
      resources: [
        { role: "driver", instances: 1, cpu: str(spec.driver?.cores), memory: str(spec.driver?.memory) },
        {
          role: "executor",
          instances: int(spec.executor?.instances),
          cpu: str(spec.executor?.cores),
          memory: str(spec.executor?.memory),
        },
      ],
    };
  const manager = (m: { replicas?: number; resource?: { cpu?: unknown; memory?: unknown } } | undefined) => ({
    cpu: str(m?.resource?.cpu),
    memory: str(m?.resource?.memory),
  });
  return {
    state: str(o.status?.jobStatus?.state),
    message: str(o.status?.error),
    image: str(spec.image),
    version: str(spec.flinkVersion),
    mode: str(spec.job?.upgradeMode),
    entry: str(spec.job?.jarURI),
    attempts: null,
    resources: [
      { role: "jobmanager", instances: int(spec.jobManager?.replicas) ?? 1, ...manager(spec.jobManager) },
      {
        role: "taskmanager",
        instances: int(spec.taskManager?.replicas) ?? int(spec.job?.parallelism),
        ...manager(spec.taskManager),
      },
    ],
  };
}

const podKey = (p: k8s.V1Pod) => `${p.metadata?.namespace}/${p.metadata?.name}`;

/**
 * One Spark application or Flink deployment in depth (spark-job-details, spark-job-overview
 * and the Flink pair), and its pods' logs, read from the job object and its pods.
 */
export class JobDetailsService {
  constructor(
    private readonly kube: KubeClients,
    private readonly jobs: JobsService,
    private readonly metrics: MetricsReader,
  ) {}

  /** The job object and its pods, or 404 when the job is gone. */
  private async read(kind: JobKind, name: string, principal: Principal) {
    const namespace = await this.jobs.namespaceFor(kind, principal);
    const f = FLAVOURS[kind];
    let object: JobObject;
    try {
      object = (await this.kube.custom.getNamespacedCustomObject({
        group: f.group,
        version: f.version,
        namespace,
        plural: f.plural,
        name,
      })) as JobObject;
    } catch (err) {
      if (apiStatus(err) === 404) throw notFound(`Job ${name}`);
      return inCluster(() => Promise.reject(err));
    }
    const pods = await inCluster(
      async () => (await this.kube.core.listNamespacedPod({ namespace, labelSelector: f.podLabel(name) })).items,
    );
    return { namespace, object, pods };
  }

  async details(kind: JobKind, name: string, principal: Principal): Promise<JobDetails> {
    const { namespace, object, pods } = await this.read(kind, name, principal);
    const [events, usage] = await Promise.all([
      inCluster(async () => (await this.kube.core.listNamespacedEvent({ namespace })).items),
      this.metrics.pods(namespace),
    ]);
    const about = new Set([name, ...pods.map((p) => p.metadata!.name!)]);
    const base = jobView(FLAVOURS[kind], object, pods, this.kube.server);
    return {
      ...base,
      ...specOf(kind, object),
      kind,
      created: iso(object.metadata.creationTimestamp),
      pods: pods.map((p): JobPod => ({
        ...podView(p, usage?.get(podKey(p)) ?? null),
        role: p.metadata?.labels?.[ROLE_LABEL[kind]] ?? null,
      })),
      events: sortEvents(events.filter((e) => about.has(e.involvedObject?.name ?? "")).map(eventView)),
    };
  }

  async overview(kind: JobKind, name: string, principal: Principal): Promise<JobOverview> {
    const { namespace, object, pods } = await this.read(kind, name, principal);
    const usage = await this.metrics.pods(namespace);
    const f = FLAVOURS[kind];
    const status = f.status(object);
    const start = Date.parse(f.startTime(object) ?? "");
    const end = Date.parse(f.terminationTime(object) ?? "");
    const live = status === "RUNNING" || status === "SUBMITTED";
    const until = Number.isFinite(end) ? end : live ? Date.now() : NaN;
    const counts = { running: 0, succeeded: 0, failure: 0, total: pods.length };
    let restarts = 0;
    let cpu: number | null = usage ? 0 : null;
    let memory: number | null = usage ? 0 : null;
    for (const p of pods) {
      if (podFailing(p)) counts.failure++;
      else if (p.status?.phase === "Running" && podReady(p)) counts.running++;
      else if (p.status?.phase === "Succeeded") counts.succeeded++;
      restarts += (p.status?.containerStatuses ?? []).reduce((n, c) => n + (c.restartCount ?? 0), 0);
      const u = usage?.get(podKey(p));
      if (u && cpu !== null && memory !== null) {
        cpu += Math.round(u.cpu * 1000);
        memory += Math.round(u.memory);
      }
    }
    return {
      name,
      status,
      durationSeconds:
        Number.isFinite(start) && Number.isFinite(until) ? Math.max(0, Math.round((until - start) / 1000)) : null,
      pods: counts,
      restarts,
      cpu,
      memory,
      metricsAvailable: usage !== null,
    };
  }

  /**
   * A job pod whose log can still be read, or null when the job is over for it: the pod is
   * gone, or it has finished (spec: a log fetch answering 204 means the job completed).
   */
  async livePod(kind: JobKind, pod: string, principal: Principal): Promise<k8s.V1Pod | null> {
    const namespace = await this.jobs.namespaceFor(kind, principal);
    let p: k8s.V1Pod;
    try {
      p = await this.kube.core.readNamespacedPod({ namespace, name: pod });
    } catch (err) {
      if (apiStatus(err) === 404) return null;
      return inCluster(() => Promise.reject(err));
    }
    if (p.status?.phase === "Succeeded" || p.status?.phase === "Failed") return null;
    return p;
  }

  /** The tail of a job pod's first container, or null for 204 (see livePod). */
  async logs(kind: JobKind, pod: string, tailLines: number, principal: Principal): Promise<LogLines | null> {
    const p = await this.livePod(kind, pod, principal);
    if (!p) return null;
    const container = p.spec?.containers?.[0]?.name ?? null;
    try {
      const text = await this.kube.core.readNamespacedPodLog({
        name: pod,
        namespace: p.metadata!.namespace!,
        ...(container ? { container } : {}),
        tailLines,
      });
      const lines = text.split("\n");
      if (lines.at(-1) === "") lines.pop();
      return { pod, container, lines };
    } catch (err) {
      if (apiStatus(err) === 404) return null;
      // The container has not started yet: no lines so far.
      if (apiStatus(err) === 400) return { pod, container, lines: [] };
      return inCluster(() => Promise.reject(err));
    }
  }
}
