import type { FastifyInstance } from "fastify";
import { clusterRoutes } from "@console/contracts";
import { UpstreamError } from "../../platform/errors.js";
import { handle } from "../../platform/http.js";
import type { KubeClients } from "../../platform/kubernetes.js";
import type { Services } from "../../platform/services.js";
import { ClusterCache } from "./cache.js";
import { registerLogFollow } from "./follow.js";
import { MetricsReader } from "./metrics.js";
import { ClusterService } from "./service.js";

/** The cluster proxy calls (spec section 7): hosts, workloads, events, components and pod logs. */
export function clusterModule(app: FastifyInstance, s: Services): void {
  const kube = s.kube;
  let service: ClusterService | null = null;
  if (kube) {
    const cache = new ClusterCache(kube, s.config.KUBERNETES_TIMEOUT_MS);
    s.onClose(() => cache.stop());
    service = new ClusterService(s, kube, cache, new MetricsReader(kube));
  }
  const notConfigured = () =>
    new UpstreamError("The cluster", "no cluster is configured (set KUBECONFIG or KUBERNETES_IN_CLUSTER).", 503);
  const use = (): ClusterService => {
    if (!service) throw notConfigured();
    return service;
  };
  const clients = (): KubeClients => {
    if (!kube) throw notConfigured();
    return kube;
  };

  handle(app, clusterRoutes.nodes, () => use().nodes());
  handle(app, clusterRoutes.host, ({ params }) => use().host(params.host));
  handle(app, clusterRoutes.hostPods, ({ params }) => use().hostPods(params.host));
  handle(app, clusterRoutes.workloads, () => use().workloads());
  handle(app, clusterRoutes.events, () => use().events());
  handle(app, clusterRoutes.issues, () => use().issues());
  handle(app, clusterRoutes.component, ({ params, principal }) => use().component(params.name, principal));
  handle(app, clusterRoutes.componentPods, ({ params, principal }) => use().componentPods(params.name, principal));
  handle(app, clusterRoutes.componentDetails, ({ params, principal }) =>
    use().componentDetails(params.name, principal),
  );
  handle(app, clusterRoutes.podLogs, ({ params, query }) => use().logs(params.pod, query));
  registerLogFollow(app, clients, use);
}
