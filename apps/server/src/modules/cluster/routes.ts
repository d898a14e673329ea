import type { FastifyInstance } from "fastify";
import { clusterRoutes, flinkJobRoutes, sparkJobRoutes, usageRoutes } from "@console/contracts";
import { UpstreamError } from "../../platform/errors.js";
import { handle } from "../../platform/http.js";
import type { KubeClients } from "../../platform/kubernetes.js";
import type { Services } from "../../platform/services.js";
import { registerJobLogFollow, registerLogFollow } from "./follow.js";
import { FollowSlots } from "./follow-stream.js";
import { UsageSampler } from "./history.js";
import { JobDetailsService } from "./job-details.js";
import { JobsService } from "./jobs.js";
import { MetricsReader } from "./metrics.js";
import { ClusterService } from "./service.js";

/** The cluster proxy calls (spec section 7): hosts, workloads, events, components and pod logs. */
export function clusterModule(app: FastifyInstance, s: Services): void {
  const kube = s.kube;
  let service: ClusterService | null = null;
  let sampler: UsageSampler | null = null;
  let details: JobDetailsService | null = null;
  const jobs = kube ? new JobsService(s, kube) : null;
  const cache = s.clusterCache;
  if (kube && cache) {
    const metrics = new MetricsReader(kube);
    service = new ClusterService(s, kube, cache, metrics);
    details = new JobDetailsService(kube, jobs!, metrics);
    sampler = new UsageSampler(cache, metrics, s.components, s.config.USAGE_SAMPLE_SECONDS * 1000, s.log);
    sampler.start();
    s.onClose(async () => {
      sampler?.stop();
      await cache.stop();
    });
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
  // Shared by every follow route: the limit is per user, whichever log they follow.
  const slots = new FollowSlots(s.config.LOG_FOLLOWS_PER_USER);
  registerLogFollow(app, clients, use, slots);
  handle(app, usageRoutes.componentOverview, async ({ params, query, principal }) => {
    // The same access as the component's own statistics (404 or 403 before any history).
    await use().component(params.name, principal);
    return sampler!.component(params.name, query.minutes);
  });
  handle(app, usageRoutes.hostUsage, async ({ params }) => {
    await use().host(params.host);
    return sampler!.host(params.host);
  });

  const useDetails = (): JobDetailsService => {
    if (!details) throw notConfigured();
    return details;
  };
  const useJobs = (): JobsService => {
    if (!jobs) throw notConfigured();
    return jobs;
  };
  for (const [kind, r] of [
    ["spark-jobs", sparkJobRoutes],
    ["flink-jobs", flinkJobRoutes],
  ] as const) {
    handle(app, r.list, ({ principal }) => useJobs().list(kind, principal));
    handle(app, r.deleteAll, ({ principal, actor }) => useJobs().deleteAll(kind, principal, actor));
    handle(app, r.deleteSelected, ({ body, principal, actor }) =>
      useJobs().deleteSelected(kind, body.jobs, principal, actor),
    );
    handle(app, r.deleteOne, ({ params, principal, actor }) => useJobs().deleteOne(kind, params.id, principal, actor));
    handle(app, r.details, ({ params, principal }) => useDetails().details(kind, params.id, principal));
    handle(app, r.overview, ({ params, principal }) => useDetails().overview(kind, params.id, principal));
    handle(app, r.podLogs, async ({ params, query, principal, reply }) => {
      const lines = await useDetails().logs(kind, params.pod, query.tailLines, principal);
      // 204: the job's pod is gone or finished, so the job has completed (spec section 4).
      if (!lines) return reply.code(204).send() as never;
      return lines;
    });
  }
  registerJobLogFollow(app, clients, useDetails, slots);
}
