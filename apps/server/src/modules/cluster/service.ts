import type * as k8s from "@kubernetes/client-node";
import type {
  ClusterEvent,
  ComponentStatistics,
  Host,
  LogLines,
  NodeList,
  PodList,
  ServiceDetails,
  Workloads,
} from "@console/contracts";
import type { Principal } from "../../platform/access.js";
import { badRequest, HttpError, notFound } from "../../platform/errors.js";
import { apiStatus, inCluster, type KubeClients } from "../../platform/kubernetes.js";
import type { Services } from "../../platform/services.js";
import type { PlatformComponent } from "../shell/components-file.js";
import type { ClusterCache } from "./cache.js";
import type { MetricsReader } from "./metrics.js";
import {
  eventView,
  hostView,
  issues,
  iso,
  nodeView,
  podFailing,
  podReady,
  podView,
  sortEvents,
  workloadCounts,
} from "./views.js";

/** How many events the events table holds at most (newest first). */
export const EVENTS_LIMIT = 500;

const byNode = (pods: ReadonlyArray<k8s.V1Pod>) => {
  const map = new Map<string, k8s.V1Pod[]>();
  for (const p of pods) {
    const node = p.spec?.nodeName;
    if (!node) continue;
    let list = map.get(node);
    if (!list) map.set(node, (list = []));
    list.push(p);
  }
  return map;
};

const podKey = (p: k8s.V1Pod) => `${p.metadata?.namespace}/${p.metadata?.name}`;

export class ClusterService {
  constructor(
    private readonly s: Services,
    private readonly kube: KubeClients,
    private readonly cache: ClusterCache,
    private readonly metrics: MetricsReader,
  ) {}

  async nodes(): Promise<NodeList> {
    const [nodes, pods, usage] = await Promise.all([
      this.cache.nodes.list(),
      this.cache.pods.list(),
      this.metrics.nodes(),
    ]);
    const placed = byNode(pods);
    return {
      items: nodes.map((n) =>
        nodeView(n, placed.get(n.metadata!.name!) ?? [], usage?.get(`/${n.metadata!.name}`) ?? null),
      ),
      metricsAvailable: usage !== null,
    };
  }

  async host(name: string): Promise<Host> {
    const [nodes, pods, usage] = await Promise.all([
      this.cache.nodes.list(),
      this.cache.pods.list(),
      this.metrics.nodes(),
    ]);
    const node = nodes.find((n) => n.metadata?.name === name);
    if (!node) throw notFound(`Host ${name}`);
    const onNode = pods.filter((p) => p.spec?.nodeName === name);
    return hostView(node, onNode, usage?.get(`/${name}`) ?? null, usage !== null);
  }

  async hostPods(name: string): Promise<PodList> {
    const [nodes, pods] = await Promise.all([this.cache.nodes.list(), this.cache.pods.list()]);
    if (!nodes.some((n) => n.metadata?.name === name)) throw notFound(`Host ${name}`);
    const onNode = pods.filter((p) => p.spec?.nodeName === name);
    const usage = await this.metrics.pods();
    return { items: onNode.map((p) => podView(p, usage?.get(podKey(p)) ?? null)), metricsAvailable: usage !== null };
  }

  async workloads(): Promise<Workloads> {
    const c = this.cache;
    const [pods, deployments, replicasets, statefulsets, jobs, cronjobs] = await Promise.all([
      c.pods.list(),
      c.deployments.list(),
      c.replicasets.list(),
      c.statefulsets.list(),
      c.jobs.list(),
      c.cronjobs.list(),
    ]);
    return workloadCounts({ pods, deployments, replicasets, statefulsets, jobs, cronjobs });
  }

  async events(): Promise<{ items: ClusterEvent[] }> {
    const events = await this.cache.events.list();
    return { items: sortEvents(events.map(eventView)).slice(0, EVENTS_LIMIT) };
  }

  async issues(): Promise<{ items: ClusterEvent[] }> {
    const [nodes, pods, events] = await Promise.all([
      this.cache.nodes.list(),
      this.cache.pods.list(),
      this.cache.events.list(),
    ]);
    return { items: issues(nodes, pods, events).slice(0, EVENTS_LIMIT) };
  }

  /** An observable component the user may see (component permissions), else 404. */
  private async componentFor(key: string, principal: Principal): Promise<PlatformComponent> {
    const c = this.s.components.find((x) => x.key === key && x.observable && !x.marketplace);
    if (!c) throw notFound(`Component ${key}`);
    const permitted = await this.s.access.componentsFor(principal);
    if (!permitted.has(c.key)) throw new HttpError(403, "You are not authorized to view this component.", "forbidden");
    return c;
  }

  private componentPodsRaw(c: PlatformComponent): Promise<k8s.V1Pod[]> {
    return inCluster(
      async () => (await this.kube.core.listNamespacedPod({ namespace: c.namespace, labelSelector: c.selector })).items,
    );
  }

  async component(key: string, principal: Principal): Promise<ComponentStatistics> {
    const c = await this.componentFor(key, principal);
    const [pods, usage, status] = await Promise.all([
      this.componentPodsRaw(c),
      this.metrics.pods(c.namespace),
      this.s.platformStatus.status(this.s.components),
    ]);
    const values = {
      running: 0,
      succeeded: 0,
      failure: 0,
      total: pods.length,
      cpu: null as number | null,
      memory: null as number | null,
    };
    for (const p of pods) {
      if (podFailing(p)) values.failure++;
      else if (p.status?.phase === "Running" && podReady(p)) values.running++;
      else if (p.status?.phase === "Succeeded") values.succeeded++;
    }
    if (usage) {
      values.cpu = 0;
      values.memory = 0;
      for (const p of pods) {
        const u = usage.get(podKey(p));
        if (!u) continue;
        values.cpu += Math.round(u.cpu * 1000);
        values.memory += Math.round(u.memory);
      }
    }
    return {
      name: c.key,
      label: c.label,
      info: {
        status: status.states.get(c.key)?.active ? "active" : "inactive",
        launchUrl: c.launchUrl ?? null,
        chartUrl: c.chartUrl ?? null,
      },
      values,
      isError: values.failure > 0,
    };
  }

  async componentPods(key: string, principal: Principal): Promise<PodList> {
    const c = await this.componentFor(key, principal);
    const [pods, usage] = await Promise.all([this.componentPodsRaw(c), this.metrics.pods(c.namespace)]);
    return { items: pods.map((p) => podView(p, usage?.get(podKey(p)) ?? null)), metricsAvailable: usage !== null };
  }

  async componentDetails(key: string, principal: Principal): Promise<{ services: ServiceDetails[] }> {
    const c = await this.componentFor(key, principal);
    return inCluster(async () => {
      const [services, slices] = await Promise.all([
        this.kube.core.listNamespacedService({ namespace: c.namespace, labelSelector: c.selector }),
        this.kube.discovery.listNamespacedEndpointSlice({ namespace: c.namespace }),
      ]);
      return {
        services: services.items.map((svc) => {
          const mine = slices.items.filter(
            (e) => e.metadata?.labels?.["kubernetes.io/service-name"] === svc.metadata?.name,
          );
          return {
            name: svc.metadata!.name!,
            created: iso(svc.metadata?.creationTimestamp),
            namespace: svc.metadata!.namespace!,
            labels: svc.metadata?.labels ?? {},
            selector: svc.spec?.selector ?? {},
            type: svc.spec?.type ?? "ClusterIP",
            sessionAffinity: svc.spec?.sessionAffinity ?? "None",
            connection: {
              clusterIP: svc.spec?.clusterIP ?? null,
              clusterIPs: svc.spec?.clusterIPs ?? [],
              ipFamilies: svc.spec?.ipFamilies ?? [],
              ipFamilyPolicy: svc.spec?.ipFamilyPolicy ?? null,
              ports: (svc.spec?.ports ?? []).map((p) => ({
                port: p.port,
                nodePort: p.nodePort ?? null,
                targetPort: p.targetPort === undefined ? null : String(p.targetPort),
                protocol: p.protocol ?? "TCP",
                name: p.name ?? null,
              })),
            },
            endPoints: {
              address: mine.flatMap((e) =>
                e.endpoints.flatMap((ep) =>
                  ep.addresses.map((ip) => ({ name: ep.targetRef?.name ?? ep.hostname ?? null, ip })),
                ),
              ),
              ports: mine.flatMap((e) => (e.ports ?? []).map((p) => ({ name: p.name ?? null, port: p.port ?? 0 }))),
            },
          };
        }),
      };
    });
  }

  /** The pod, or 404 when it is gone (a finished job's pod). */
  async pod(namespace: string, name: string): Promise<k8s.V1Pod> {
    try {
      return await this.kube.core.readNamespacedPod({ namespace, name });
    } catch (err) {
      if (apiStatus(err) === 404) throw notFound(`Pod ${name}`);
      return inCluster(() => Promise.reject(err));
    }
  }

  /** The container to read: the one asked for (it must exist), else the pod's first. */
  containerOf(pod: k8s.V1Pod, container: string | undefined): string {
    const names = (pod.spec?.containers ?? []).map((c) => c.name);
    if (container === undefined) return names[0]!;
    if (!names.includes(container))
      throw new HttpError(
        400,
        `Pod ${pod.metadata?.name} has no container ${container}.`,
        "invalid value for query.container",
        "query.container",
      );
    return container;
  }

  async logs(
    name: string,
    q: { namespace: string; container?: string; tailLines: number; previous?: boolean },
  ): Promise<LogLines> {
    const pod = await this.pod(q.namespace, name);
    const container = this.containerOf(pod, q.container);
    try {
      const text = await this.kube.core.readNamespacedPodLog({
        name,
        namespace: q.namespace,
        container,
        tailLines: q.tailLines,
        ...(q.previous ? { previous: true } : {}),
      });
      const lines = text.split("\n");
      if (lines.at(-1) === "") lines.pop();
      return { pod: name, container, lines };
    } catch (err) {
      if (apiStatus(err) === 404) throw notFound(`Pod ${name}`);
      if (q.previous && apiStatus(err) === 400)
        throw badRequest(
          `query.previous: container ${container} of pod ${name} has no previous run (it has not restarted)`,
          "query.previous",
        );
      if (q.previous && apiStatus(err) === 400)
        throw badRequest(
          `query.previous: container ${container} of pod ${name} has no previous run (it has not restarted)`,
          "query.previous",
        );
      // The kubelet has no log yet (the container is waiting to start).
      if (apiStatus(err) === 400) return { pod: name, container, lines: [] };
      return inCluster(() => Promise.reject(err));
    }
  }
}
