import { useQuery } from "@tanstack/react-query";
import type { clusterRoutes, usageRoutes } from "@console/contracts";
import { call } from "../../shared/lib/api";

/** Query keys of the cluster calls (the shell's refresh reloads whichever are on screen). */
export const clusterKeys = {
  all: ["cluster"] as const,
  nodes: ["cluster", "nodes"] as const,
  workloads: ["cluster", "workloads"] as const,
  events: ["cluster", "events"] as const,
  issues: ["cluster", "issues"] as const,
  host: (name: string) => ["cluster", "host", name] as const,
  hostPods: (name: string) => ["cluster", "host-pods", name] as const,
};

// The screens show a cluster failure themselves (and keep working), so these calls stay quiet.
const quiet = { meta: { quiet: true }, retry: false } as const;

export function useNodes() {
  return useQuery({
    queryKey: clusterKeys.nodes,
    queryFn: ({ signal }) => call<typeof clusterRoutes.nodes>("GET", "/k8s-proxy/api/v1/nodes", {}, signal),
    ...quiet,
  });
}

export function useWorkloads() {
  return useQuery({
    queryKey: clusterKeys.workloads,
    queryFn: ({ signal }) => call<typeof clusterRoutes.workloads>("GET", "/k8s-proxy/api/v1/workloads", {}, signal),
    ...quiet,
  });
}

export function useEvents(enabled: boolean) {
  return useQuery({
    queryKey: clusterKeys.events,
    queryFn: ({ signal }) => call<typeof clusterRoutes.events>("GET", "/k8s-proxy/api/v1/events", {}, signal),
    enabled,
    ...quiet,
  });
}

export function useIssues() {
  return useQuery({
    queryKey: clusterKeys.issues,
    queryFn: ({ signal }) => call<typeof clusterRoutes.issues>("GET", "/k8s-proxy/api/v1/issues", {}, signal),
    ...quiet,
  });
}

export function useHost(name: string) {
  return useQuery({
    queryKey: clusterKeys.host(name),
    queryFn: ({ signal }) =>
      call<typeof clusterRoutes.host>("GET", "/k8s-proxy/api/v1/nodes/:host", { params: { host: name } }, signal),
    ...quiet,
  });
}

/** A host's pods; asks nothing until there is a host (the pod logs page of a component has none). */
export function useHostPods(name: string | undefined) {
  return useQuery({
    queryKey: clusterKeys.hostPods(name ?? ""),
    queryFn: ({ signal }) =>
      call<typeof clusterRoutes.hostPods>(
        "GET",
        "/k8s-proxy/api/v1/nodes/:host/pods",
        { params: { host: name! } },
        signal,
      ),
    enabled: !!name,
    ...quiet,
  });
}

/** A host's CPU and memory percent over the last five minutes, sampled by the server. */
export function useHostUsage(name: string) {
  return useQuery({
    queryKey: ["cluster", "host-usage", name],
    queryFn: ({ signal }) =>
      call<typeof usageRoutes.hostUsage>(
        "GET",
        "/k8s-proxy/api/v1/nodes/:host/usage",
        { params: { host: name } },
        signal,
      ),
    ...quiet,
  });
}
