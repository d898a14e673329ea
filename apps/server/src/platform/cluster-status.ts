import type { V1Pod } from "@kubernetes/client-node";
import type { PlatformComponent } from "../modules/shell/components-file.js";
import { clusterError, type KubeClients } from "./kubernetes.js";
import type { ComponentState, PlatformStatus, PlatformStatusSource } from "./platform-status.js";

/** A restart this recent marks the component unhealthy; older ones are history. */
export const RECENT_RESTART_MS = 15 * 60_000;

export const podReady = (p: V1Pod) =>
  p.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True") ?? false;

function restartedRecently(p: V1Pod, now: number): boolean {
  return (p.status?.containerStatuses ?? []).some((c) => {
    if (!c.restartCount) return false;
    const finished = c.lastState?.terminated?.finishedAt;
    return finished ? now - new Date(finished).getTime() < RECENT_RESTART_MS : true;
  });
}

/** Active when some pod is ready; unhealthy when some pod failed, is not ready or just restarted. */
export function componentState(pods: V1Pod[], now = Date.now()): ComponentState {
  const live = pods.filter((p) => p.status?.phase !== "Succeeded");
  const active = live.some(podReady);
  const unhealthy = live.some((p) => p.status?.phase === "Failed" || !podReady(p) || restartedRecently(p, now));
  return { active, unhealthy: active && unhealthy };
}

/**
 * Component health read from the cluster's pods (namespace and label selector of each
 * component), kept for a few seconds so that every screen asking at once costs one round.
 */
export class KubernetesStatus implements PlatformStatusSource {
  readonly kind: "cluster" | "sandbox";
  private cached: { at: number; key: string; status: PlatformStatus } | null = null;
  private pending: { key: string; promise: Promise<PlatformStatus> } | null = null;

  constructor(
    private readonly clients: KubeClients,
    private readonly ttlMs = 5_000,
  ) {
    this.kind = clients.kind;
  }

  async status(components: PlatformComponent[]): Promise<PlatformStatus> {
    const key = components.map((c) => `${c.key}:${c.namespace}:${c.selector}`).join("|");
    if (this.cached && this.cached.key === key && Date.now() - this.cached.at < this.ttlMs) return this.cached.status;
    if (this.pending?.key === key) return this.pending.promise;
    const promise = this.read(components).finally(() => {
      if (this.pending?.promise === promise) this.pending = null;
    });
    this.pending = { key, promise };
    const status = await promise;
    this.cached = { at: Date.now(), key, status };
    return status;
  }

  private async read(components: PlatformComponent[]): Promise<PlatformStatus> {
    try {
      const lists = await Promise.all(
        components.map((c) =>
          this.clients.core.listNamespacedPod({ namespace: c.namespace, labelSelector: c.selector }),
        ),
      );
      const now = Date.now();
      const states = new Map<string, ComponentState>();
      components.forEach((c, i) => states.set(c.key, componentState(lists[i]!.items, now)));
      return { reachable: true, error: null, states };
    } catch (err) {
      return { reachable: false, error: clusterError(err).error, states: new Map() };
    }
  }
}
