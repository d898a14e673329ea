import type * as k8s from "@kubernetes/client-node";
import { clusterError, kubeClients, type KubeClients } from "../../platform/kubernetes.js";
import { UpstreamError } from "../../platform/errors.js";
import { countExternalError } from "../../platform/metrics.js";
import { openWatch, type WatchChange, type WatchEnd, type WatchHandle } from "./watch-stream.js";

type ListFn<T extends k8s.KubernetesObject> = () => Promise<k8s.KubernetesListObject<T>>;

export interface CacheTiming {
  /** How long a screen waits for the first list before it says the cluster did not answer. */
  waitMs: number;
  /** How long the watch may take to start answering. */
  connectMs: number;
  /** How often a resource is listed again while it cannot be watched. */
  listIntervalMs: number;
  /** The watch timeout asked of the API server. */
  watchSeconds?: number;
}

const keyOf = (o: k8s.KubernetesObject) => `${o.metadata?.namespace ?? ""}/${o.metadata?.name}`;
const named = (o: unknown): o is k8s.KubernetesObject =>
  typeof (o as k8s.KubernetesObject | null)?.metadata?.name === "string";

/**
 * One resource kept in memory from a list and then a watch, so screens read the cluster
 * without listing tens of thousands of pods at every request. Started on first use, it
 * keeps itself up to date whatever the API server (or a proxy in the way) answers: a watch
 * that is refused, expires or sends something that is not a watch stream makes it list
 * again, and then list periodically (the data may be stale meanwhile, which `stale` says)
 * until a watch works again. Reads fail with the cluster's error while no list succeeds.
 */
class Watched<T extends k8s.KubernetesObject> {
  private objects = new Map<string, T>();
  private version = "";
  private synced = false;
  private failure: unknown = null;
  private listing: Promise<void> | null = null;
  private started = false;
  private stopped = false;
  private watch: WatchHandle | null = null;
  private wake: (() => void) | null = null;
  /** Why the watch is not used at the moment (null while it is). */
  private degraded: string | null = null;
  private watchBackoffMs: number;

  constructor(
    readonly resource: string,
    private readonly kc: k8s.KubeConfig,
    private readonly path: string,
    private readonly listFn: ListFn<T>,
    private readonly timing: CacheTiming,
  ) {
    this.watchBackoffMs = timing.listIntervalMs;
  }

  /** Why this resource's data may be stale, or null when it is watched live. */
  get stale(): string | null {
    return this.synced ? this.degraded : null;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private relist(): Promise<void> {
    this.listing ??= (async () => {
      try {
        const list = await this.listFn();
        const items = Array.isArray(list?.items) ? list.items : [];
        this.objects = new Map(items.filter(named).map((o) => [keyOf(o), o]));
        this.version = list?.metadata?.resourceVersion ?? "";
        this.synced = true;
        this.failure = null;
      } catch (err) {
        this.failure = err;
        this.synced = false;
        throw err;
      } finally {
        this.listing = null;
      }
    })();
    return this.listing;
  }

  private apply(change: WatchChange<T>): void {
    if (change.type === "DELETED") this.objects.delete(keyOf(change.object));
    else this.objects.set(keyOf(change.object), change.object);
    if (change.resourceVersion) this.version = change.resourceVersion;
    // A valid event proves the watch works (again).
    this.degraded = null;
    this.watchBackoffMs = this.timing.listIntervalMs;
  }

  /** List, then watch, for as long as the console runs; nothing here may end the process. */
  private async run(): Promise<void> {
    let mustList = true;
    let listedAt = 0;
    while (!this.stopped) {
      if (mustList) {
        try {
          await this.relist();
          mustList = false;
          listedAt = Date.now();
        } catch {
          countExternalError("kubernetes");
          await this.sleep(Math.min(5_000, this.timing.listIntervalMs));
          continue;
        }
      }
      if (this.stopped) return;
      const began = Date.now();
      const end = await this.watchOnce();
      if (this.stopped) return;
      if (end.kind === "closed") {
        // The server's own timeout. One that ends at once with nothing in it is not let spin.
        if (end.events === 0 && Date.now() - began < 1_000)
          await this.sleep(Math.min(5_000, this.timing.listIntervalMs));
        continue;
      }
      mustList = true;
      if (end.kind === "expired") {
        // Expired again right after a fresh list: the server is not let make this spin.
        if (listedAt >= began - 1) await this.sleep(Math.min(5_000, this.timing.listIntervalMs));
        continue;
      }
      countExternalError("kubernetes");
      if (end.kind === "failed") {
        await this.sleep(Math.min(5_000, this.timing.listIntervalMs));
        continue;
      }
      // Refused, too slow or not a watch stream: list periodically, and try the watch again less and less often.
      this.degraded = end.reason;
      const retryWatchAt = Date.now() + this.watchBackoffMs;
      this.watchBackoffMs = Math.min(this.watchBackoffMs * 2, this.timing.listIntervalMs * 8);
      while (!this.stopped && Date.now() < retryWatchAt) {
        await this.sleep(Math.min(this.timing.listIntervalMs, retryWatchAt - Date.now()));
        await this.relist().catch(() => countExternalError("kubernetes"));
      }
    }
  }

  private async watchOnce(): Promise<WatchEnd> {
    const timeoutSeconds = this.timing.watchSeconds ?? 300;
    this.watch = openWatch<T>(
      this.kc,
      this.path,
      { resourceVersion: this.version, connectMs: this.timing.connectMs, timeoutSeconds },
      (change) => this.apply(change),
    );
    // A watch that stays open without complaint for a while is working, even if quiet.
    const healthy = setTimeout(
      () => {
        this.degraded = null;
      },
      Math.min(5_000, this.timing.connectMs * 2),
    );
    healthy.unref();
    try {
      return await this.watch.done;
    } finally {
      clearTimeout(healthy);
      this.watch = null;
    }
  }

  private ensureStarted(): void {
    if (this.started) return;
    this.started = true;
    // The loop catches every outcome it knows; anything else leaves it to the next read to restart.
    void this.run().catch((err: unknown) => {
      countExternalError("kubernetes");
      this.failure = err;
      this.synced = false;
      this.started = false;
    });
  }

  /** The objects, once listed; throws the cluster's error when they cannot be read. */
  async list(namespace?: string): Promise<ReadonlyArray<T>> {
    this.ensureStarted();
    if (!this.synced) {
      if (this.failure && !this.listing) throw clusterError(this.failure);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          countExternalError("kubernetes");
          reject(new UpstreamError("The cluster", "its API server did not answer in time.", 503));
        }, this.timing.waitMs);
      });
      try {
        // The loop's first list may not have begun yet; join it or start it.
        await Promise.race([this.listing ?? this.relist(), timeout]);
      } catch (err) {
        throw clusterError(err);
      } finally {
        clearTimeout(timer);
      }
    }
    const all = [...this.objects.values()];
    return namespace === undefined ? all : all.filter((o) => o.metadata?.namespace === namespace);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.watch?.abort();
    this.wake?.();
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
  private readonly all: Array<Watched<k8s.KubernetesObject>>;

  constructor(
    clients: KubeClients,
    private readonly timing: CacheTiming,
  ) {
    // The first list of a large cluster takes longer than one ordinary call may.
    const slow = kubeClients(clients.config, clients.kind, 120_000);
    const watch = <T extends k8s.KubernetesObject>(resource: string, path: string, list: ListFn<T>) =>
      new Watched<T>(resource, clients.config, path, list, timing);
    this.pods = watch("pods", "/api/v1/pods", () => slow.core.listPodForAllNamespaces());
    this.nodes = watch("nodes", "/api/v1/nodes", () => slow.core.listNode());
    this.events = watch("events", "/api/v1/events", () => slow.core.listEventForAllNamespaces());
    this.deployments = watch("deployments", "/apis/apps/v1/deployments", () =>
      slow.apps.listDeploymentForAllNamespaces(),
    );
    this.replicasets = watch("replica sets", "/apis/apps/v1/replicasets", () =>
      slow.apps.listReplicaSetForAllNamespaces(),
    );
    this.statefulsets = watch("stateful sets", "/apis/apps/v1/statefulsets", () =>
      slow.apps.listStatefulSetForAllNamespaces(),
    );
    this.jobs = watch("jobs", "/apis/batch/v1/jobs", () => slow.batch.listJobForAllNamespaces());
    this.cronjobs = watch("cron jobs", "/apis/batch/v1/cronjobs", () => slow.batch.listCronJobForAllNamespaces());
    this.all = [
      this.pods,
      this.nodes,
      this.events,
      this.deployments,
      this.replicasets,
      this.statefulsets,
      this.jobs,
      this.cronjobs,
    ] as Array<Watched<k8s.KubernetesObject>>;
  }

  /**
   * Why the screens' cluster data may be stale (some resource cannot be watched and is
   * listed periodically instead), or null when everything read is watched live.
   */
  staleness(): string | null {
    const stale = this.all.filter((w) => w.stale);
    if (!stale.length) return null;
    // Resources grouped by reason: each fault is named, not only the first one met.
    const byReason = new Map<string, string[]>();
    for (const w of stale) byReason.set(w.stale!, [...(byReason.get(w.stale!) ?? []), w.resource]);
    const why = [...byReason].map(([reason, names]) => `watching ${names.join(", ")} does not work (${reason})`);
    const every = Math.round(this.timing.listIntervalMs / 1000);
    return `Cluster data may be stale: ${why.join("; ")}, so the console lists them every ${every} s instead.`;
  }

  async stop(): Promise<void> {
    await Promise.all(this.all.map((w) => w.stop()));
  }
}
