import type * as k8s from "@kubernetes/client-node";
import type { Job, JobDeleteResult, JobKind } from "@console/contracts";
import type { Principal } from "../../platform/access.js";
import { writeAudit, type Actor } from "../../platform/audit.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { apiStatus, inCluster, type KubeClients } from "../../platform/kubernetes.js";
import type { Services } from "../../platform/services.js";
import { iso, podStatus } from "./views.js";

export interface JobObject {
  metadata: { name: string; namespace: string; creationTimestamp?: string };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  status?: any;
}

export interface Flavour {
  group: string;
  version: string;
  plural: string;
  /** The label that ties a pod to its job. */
  podLabel: (name: string) => string;
  status: (o: JobObject) => Job["status"];
  webUI: (o: JobObject, server: string) => string | null;
  job: (o: JobObject) => string | null;
  startTime: (o: JobObject) => string | null;
  terminationTime: (o: JobObject) => string | null;
}

const proxy = (server: string, ns: string, service: string, port: number | string) =>
  `${server.replace(/\/+$/, "")}/api/v1/namespaces/${ns}/services/${service}:${port}/proxy/`;

const FLINK_STATES: Record<string, Job["status"]> = {
  CREATED: "SUBMITTED",
  INITIALIZING: "SUBMITTED",
  RECONCILING: "SUBMITTED",
  RUNNING: "RUNNING",
  FINISHED: "COMPLETED",
  CANCELED: "COMPLETED",
  FAILED: "FAILED",
  FAILING: "FAILED",
};

export const FLAVOURS: Record<JobKind, Flavour> = {
  "spark-jobs": {
    group: "sparkoperator.k8s.io",
    version: "v1beta2",
    plural: "sparkapplications",
    podLabel: (name) => `sparkoperator.k8s.io/app-name=${name}`,
    status: (o) => {
      const s = o.status?.applicationState?.state as string | undefined;
      if (!s) return null;
      if (["SUBMITTED", "RUNNING", "COMPLETED", "FAILED"].includes(s)) return s as Job["status"];
      return s.includes("FAIL") ? "FAILED" : s === "SUCCEEDING" ? "RUNNING" : "SUBMITTED";
    },
    webUI: (o, server) => {
      const d = o.status?.driverInfo;
      return d?.webUIServiceName ? proxy(server, o.metadata.namespace, d.webUIServiceName, d.webUIPort ?? 4040) : null;
    },
    job: (o) => o.status?.sparkApplicationId ?? null,
    startTime: (o) =>
      iso(o.status?.submissionTime ?? o.status?.lastSubmissionAttemptTime ?? o.metadata.creationTimestamp),
    terminationTime: (o) => iso(o.status?.terminationTime),
  },
  "flink-jobs": {
    group: "flink.apache.org",
    version: "v1beta1",
    plural: "flinkdeployments",
    podLabel: (name) => `app=${name}`,
    status: (o) => {
      const s = o.status?.jobStatus?.state as string | undefined;
      return s ? (FLINK_STATES[s] ?? "SUBMITTED") : null;
    },
    webUI: (o, server) =>
      o.status?.jobStatus?.state === "RUNNING"
        ? proxy(server, o.metadata.namespace, `${o.metadata.name}-rest`, 8081)
        : null,
    job: (o) => o.status?.jobStatus?.jobName ?? null,
    startTime: (o) => {
      const ms = Number(o.status?.jobStatus?.startTime);
      return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : iso(o.metadata.creationTimestamp);
    },
    terminationTime: (o) => {
      const ended = ["FINISHED", "CANCELED", "FAILED"].includes(o.status?.jobStatus?.state);
      const ms = Number(o.status?.jobStatus?.updateTime);
      return ended && Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : null;
    },
  },
};

/** A job as the jobs table shows it. */
export function jobView(f: Flavour, o: JobObject, pods: ReadonlyArray<k8s.V1Pod>, server: string): Job {
  return {
    name: o.metadata.name,
    namespace: o.metadata.namespace,
    status: f.status(o),
    startTime: f.startTime(o),
    terminationTime: f.terminationTime(o),
    webUI: f.webUI(o, server),
    job: f.job(o),
    pods: pods.map((p) => ({
      name: p.metadata!.name!,
      namespace: p.metadata!.namespace!,
      containers: (p.spec?.containers ?? []).map((c) => c.name),
      status: podStatus(p),
    })),
  };
}

/** Spark applications and Flink deployments in their component's namespace: list and delete. */
export class JobsService {
  constructor(
    private readonly s: Services,
    private readonly kube: KubeClients,
  ) {}

  /** The kind's namespace, when the user may see its component (else 404 or 403). */
  async namespaceFor(kind: JobKind, principal: Principal): Promise<string> {
    const c = this.s.components.find((x) => x.key === kind);
    if (!c) throw notFound(`Component ${kind}`);
    if (!(await this.s.access.componentsFor(principal)).has(kind))
      throw new HttpError(403, "You are not authorized to view this component.", "forbidden");
    return c.namespace;
  }

  async list(kind: JobKind, principal: Principal): Promise<{ items: Job[] }> {
    const namespace = await this.namespaceFor(kind, principal);
    const f = FLAVOURS[kind];
    return inCluster(async () => {
      const [objects, pods] = await Promise.all([
        this.kube.custom.listNamespacedCustomObject({
          group: f.group,
          version: f.version,
          namespace,
          plural: f.plural,
        }) as Promise<{
          items: JobObject[];
        }>,
        this.kube.core.listNamespacedPod({ namespace }),
      ]);
      return {
        items: objects.items.map((o) => {
          const [key, value] = f.podLabel(o.metadata.name).split("=") as [string, string];
          const mine = pods.items.filter((p: k8s.V1Pod) => p.metadata?.labels?.[key] === value);
          return jobView(f, o, mine, this.kube.server);
        }),
      };
    });
  }

  /** Deletes each named job; those the cluster refuses are reported, not thrown. One audit event. */
  private async deleteNames(kind: JobKind, namespace: string, names: string[], actor: Actor): Promise<JobDeleteResult> {
    const f = FLAVOURS[kind];
    const success: string[] = [];
    const failure: string[] = [];
    for (const name of names) {
      try {
        await this.kube.custom.deleteNamespacedCustomObject({
          group: f.group,
          version: f.version,
          namespace,
          plural: f.plural,
          name,
        });
        success.push(name);
      } catch (err) {
        // A cluster that cannot be reached fails the whole call; a refused job is listed.
        if (apiStatus(err) === null) await inCluster(() => Promise.reject(err));
        failure.push(name);
      }
    }
    await this.s.db.tx((q) =>
      writeAudit(q, {
        source: "components",
        action: "deleteJobs",
        actor,
        status: failure.length === 0 ? "success" : success.length === 0 ? "failure" : "partial",
        subjectName: kind,
        summary: `delete ${kind}: ${success.length} deleted, ${failure.length} not deleted`,
        details: { namespace, success, failure },
      }),
    );
    return { success, failure };
  }

  async deleteSelected(kind: JobKind, names: string[], principal: Principal, actor: Actor): Promise<JobDeleteResult> {
    const namespace = await this.namespaceFor(kind, principal);
    return this.deleteNames(kind, namespace, [...new Set(names)], actor);
  }

  async deleteAll(kind: JobKind, principal: Principal, actor: Actor): Promise<JobDeleteResult> {
    const jobs = await this.list(kind, principal);
    const namespace = await this.namespaceFor(kind, principal);
    const result = await this.deleteNames(
      kind,
      namespace,
      jobs.items.map((j) => j.name),
      actor,
    );
    return { ...result, message: `${result.success.length} deleted` };
  }

  async deleteOne(kind: JobKind, name: string, principal: Principal, actor: Actor): Promise<JobDeleteResult> {
    const namespace = await this.namespaceFor(kind, principal);
    const exists = await this.list(kind, principal);
    if (!exists.items.some((j) => j.name === name)) throw notFound(`Job ${name}`);
    const result = await this.deleteNames(kind, namespace, [name], actor);
    if (result.failure.length)
      throw new HttpError(502, `The cluster did not delete ${name}.`, "upstream_error: The cluster");
    return { ...result, message: `${name} deleted`, items: result.success };
  }
}
