import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  JOBS_REFRESH_INTERVAL_MS,
  type clusterRoutes,
  type flinkJobRoutes,
  type JobDeleteResult,
  type JobKind,
  type sparkJobRoutes,
} from "@console/contracts";
import { useShell } from "../../app/state";
import { call, request } from "../../shared/lib/api";

const quiet = { meta: { quiet: true }, retry: false } as const;

export function useComponentStatistics(name: string | undefined) {
  const at = useShell((s) => s.refreshedAt);
  return useQuery({
    queryKey: ["cluster", "component", name, at],
    queryFn: ({ signal }) =>
      call<typeof clusterRoutes.component>(
        "GET",
        "/k8s-proxy/api/v1/components/:name",
        { params: { name: name! } },
        signal,
      ),
    enabled: !!name,
    ...quiet,
  });
}

export function useComponentDetails(name: string | undefined) {
  const at = useShell((s) => s.refreshedAt);
  return useQuery({
    queryKey: ["cluster", "component-details", name, at],
    queryFn: ({ signal }) =>
      call<typeof clusterRoutes.componentDetails>(
        "GET",
        "/k8s-proxy/api/v1/components/:name/details",
        { params: { name: name! } },
        signal,
      ),
    enabled: !!name,
    ...quiet,
  });
}

/** Spark and Flink jobs, with their own 5 s refresh while it is on (spec section 4). */
export function useJobs(kind: JobKind | undefined, autoRefresh: boolean) {
  const at = useShell((s) => s.refreshedAt);
  return useQuery({
    queryKey: ["cluster", "jobs", kind, at],
    queryFn: ({ signal }) =>
      kind === "spark-jobs"
        ? call<typeof sparkJobRoutes.list>("GET", "/k8s-proxy/api/v1/spark-jobs", {}, signal)
        : call<typeof flinkJobRoutes.list>("GET", "/k8s-proxy/api/v1/flink-jobs", {}, signal),
    enabled: !!kind,
    refetchInterval: autoRefresh ? JOBS_REFRESH_INTERVAL_MS : false,
    ...quiet,
  });
}

export function useDeleteJobs(kind: JobKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (what: { all: true } | { names: string[] } | { one: string }): Promise<JobDeleteResult> => {
      const base = `/k8s-proxy/api/v1/${kind}` as const;
      if ("all" in what) return request<JobDeleteResult>("DELETE", base);
      if ("one" in what) return request<JobDeleteResult>("DELETE", `${base}/${encodeURIComponent(what.one)}`);
      return request<JobDeleteResult>("POST", base, { jobs: what.names });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ["cluster", "jobs", kind] }),
  });
}
