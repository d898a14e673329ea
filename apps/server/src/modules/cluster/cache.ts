import * as k8s from "@kubernetes/client-node";
import { clusterError, kubeClients, type KubeClients } from "../../platform/kubernetes.js";
import { UpstreamError } from "../../platform/errors.js";
import { countExternalError } from "../../platform/metrics.js";

type ListFn<T extends k8s.KubernetesObject> = () => Promise<k8s.KubernetesListObject<T>>;

/**
 * One resource kept in memory from a list and a watch (an informer), so screens read the
 * cluster without listing tens of thousands of pods at every request. Started on first use;
 * after a failure it is retried, and reads fail with the cluster's error meanwhile.
 */
class Watched<T extends k8s.KubernetesObject> {
  private informer: k8s.Informer<T> & k8s.ObjectCache<T>;
  private starting: Promise<void> | null = null;
  private synced = false;
  private failure: unknown = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  private errors = 0;

  constructor(
    kc: k8s.KubeConfig,
    path: string,
    list: ListFn<T>,
    private readonly waitMs: number,
    private readonly retryMs: number,
  ) {
    this.informer = k8s.makeInformer(kc, path, list);
    this.informer.on("error", (err) => {
      this.errors++;
      this.failure = err ?? new Error("the watch ended");
      this.synced = false;
      this.starting = null;
      this.scheduleRetry();
    });
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start().catch(() => undefined);
    }, this.retryMs);
    this.retry.unref();
  }

  private start(): Promise<void> {
    this.starting ??= (async () => {
      const errorsBefore = this.errors;
      await this.informer.start();
      // The informer reports a failed list as an error event, not as a rejection.
      if (this.errors !== errorsBefore) throw this.failure;
      this.synced = true;
      this.failure = null;
    })().catch((err: unknown) => {
      this.failure = err;
      this.starting = null;
      this.scheduleRetry();
      throw err;
    });
    return this.starting;
  }

  /** The objects, once listed; throws the cluster's error when it cannot be read. */
  async list(namespace?: string): Promise<ReadonlyArray<T>> {
    if (!this.synced) {
      if (this.failure && !this.starting) throw clusterError(this.failure);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          countExternalError("kubernetes");
          reject(new UpstreamError("The cluster", "its API server did not answer in time.", 503));
        }, this.waitMs);
      });
      try {
        await Promise.race([this.start(), timeout]);
      } catch (err) {
        throw clusterError(err);
      } finally {
        clearTimeout(timer);
      }
    }
    return this.informer.list(namespace);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.starting) await this.informer.stop().catch(() => undefined);
  }
}

/** The cluster objects the screens read, watched once for the whole console. */
export class ClusterCache {
  readonly pods: Watched<k8s.V1Pod>;
  readonly nodes: Watched<k8s.V1Node>;
  readonly deployments: Watched<k8s.V1Deployment>;
  readonly replicasets: Watched<k8s.V1ReplicaSet>;
  readonly statefulsets: Watched<k8s.V1StatefulSet>;
  readonly jobs: Watched<k8s.V1Job>;
  readonly cronjobs: Watched<k8s.V1CronJob>;
  readonly events: Watched<k8s.CoreV1Event>;

  constructor(clients: KubeClients, waitMs: number, retryMs = 5_000) {
    // The first list of a large cluster takes longer than one ordinary call may.
    const slow = kubeClients(clients.config, clients.kind, 120_000);
    const kc = clients.config;
    const watch = <T extends k8s.KubernetesObject>(path: string, list: ListFn<T>) =>
      new Watched<T>(kc, path, list, waitMs, retryMs);
    this.pods = watch("/api/v1/pods", () => slow.core.listPodForAllNamespaces());
    this.nodes = watch("/api/v1/nodes", () => slow.core.listNode());
    this.events = watch("/api/v1/events", () => slow.core.listEventForAllNamespaces());
    this.deployments = watch("/apis/apps/v1/deployments", () => slow.apps.listDeploymentForAllNamespaces());
    this.replicasets = watch("/apis/apps/v1/replicasets", () => slow.apps.listReplicaSetForAllNamespaces());
    this.statefulsets = watch("/apis/apps/v1/statefulsets", () => slow.apps.listStatefulSetForAllNamespaces());
    this.jobs = watch("/apis/batch/v1/jobs", () => slow.batch.listJobForAllNamespaces());
    this.cronjobs = watch("/apis/batch/v1/cronjobs", () => slow.batch.listCronJobForAllNamespaces());
  }

  async stop(): Promise<void> {
    await Promise.all(
      [
        this.pods,
        this.nodes,
        this.events,
        this.deployments,
        this.replicasets,
        this.statefulsets,
        this.jobs,
        this.cronjobs,
      ].map((w) => w.stop()),
    );
  }
}
