import { useQuery } from "@tanstack/react-query";
import type { clusterRoutes, usageRoutes } from "@console/contracts";
import { useShell } from "../../app/state";
import { call } from "../../shared/lib/api";

/** Query keys of the cluster calls; the global refresh time is part of each key, so a tick reloads. */
export const clusterKeys = {
  all: ["cluster"] as const,
  nodes: (at: number) => ["cluster", "nodes", at] as const,
  workloads: (at: number) => ["cluster", "workloads", at] as const,
  events: (at: number) => ["cluster", "events", at] as const,
  issues: (at: number) => ["cluster", "issues", at] as const,
  host: (name: string, at: number) => ["cluster", "host", name, at] as const,
  hostPods: (name: string, at: number) => ["cluster", "host-pods", name, at] as const,
};

// The screens show a cluster failure themselves (and keep working), so these calls stay quiet.
const quiet = { meta: { quiet: true }, retry: false } as const;

export function useNodes() {
  const at = useShell((s) => s.refreshedAt);
  return useQuery({
    queryKey: clusterKeys.nodes(at),
    queryFn: ({ signal }) => call<typeof clusterRoutes.nodes>("GET", "/k8s-proxy/api/v1/nodes", {}, signal),
    ...quiet,
  });
}

export function useWorkloads() {
  const at = useShell((s) => s.refreshedAt);
  return useQuery({
    queryKey: clusterKeys.workloads(at),
    queryFn: ({ signal }) => call<typeof clusterRoutes.workloads>("GET", "/k8s-proxy/api/v1/workloads", {}, signal),
    ...quiet,
  });
}

export function useEvents(enabled: boolean) {
  const at = useShell((s) => s.refreshedAt);
  return useQuery({
    queryKey: clusterKeys.events(at),
    queryFn: ({ signal }) => call<typeof clusterRoutes.events>("GET", "/k8s-proxy/api/v1/events", {}, signal),
    enabled,
    ...quiet,
  });
}

export function useIssues() {
  const at = useShell((s) => s.refreshedAt);
  return useQuery({
    queryKey: clusterKeys.issues(at),
    queryFn: ({ signal }) => call<typeof clusterRoutes.issues>("GET", "/k8s-proxy/api/v1/issues", {}, signal),
    ...quiet,
  });
}

export function useHost(name: string) {
  const at = useShell((s) => s.refreshedAt);
  return useQuery({
    queryKey: clusterKeys.host(name, at),
    queryFn: ({ signal }) =>
      call<typeof clusterRoutes.host>("GET", "/k8s-proxy/api/v1/nodes/:host", { params: { host: name } }, signal),
    ...quiet,
  });
}

/** A host's pods; asks nothing until there is a host (the pod logs page of a component has none). */
export function useHostPods(name: string | undefined) {
  const at = useShell((s) => s.refreshedAt);
  return useQuery({
    queryKey: clusterKeys.hostPods(name ?? "", at),
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
  const at = useShell((s) => s.refreshedAt);
  return useQuery({
    queryKey: ["cluster", "host-usage", name, at],
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
