import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  clusterRoutes,
  flinkJobRoutes,
  JobDeleteResult,
  JobKind,
  sparkJobRoutes,
  usageRoutes,
} from "@console/contracts";
import { JOBS_REFRESH_INTERVAL_MS } from "@console/contracts/constants";
import { call, request } from "../../shared/lib/api";

const quiet = { meta: { quiet: true }, retry: false } as const;

export function useComponentStatistics(name: string | undefined) {
  return useQuery({
    queryKey: ["cluster", "component", name],
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
  return useQuery({
    queryKey: ["cluster", "component-details", name],
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
  return useQuery({
    queryKey: ["cluster", "jobs", kind],
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

/** One job's details (spec: spark-job-details, flink-job-details; quiet, no notification). */
export function useJobDetails(kind: JobKind | undefined, name: string | null | undefined, autoRefresh = true) {
  return useQuery({
    queryKey: ["cluster", "jobs", kind, "details", name],
    queryFn: ({ signal }) =>
      kind === "spark-jobs"
        ? call<typeof sparkJobRoutes.details>(
            "GET",
            "/k8s-proxy/api/v1/spark-jobs/:id/spark-job-details",
            { params: { id: name! } },
            signal,
          )
        : call<typeof flinkJobRoutes.details>(
            "GET",
            "/k8s-proxy/api/v1/flink-jobs/:id/flink-job-details",
            { params: { id: name! } },
            signal,
          ),
    enabled: !!kind && !!name,
    refetchInterval: autoRefresh ? JOBS_REFRESH_INTERVAL_MS : false,
    ...quiet,
  });
}

/** One job's overview: pods by state, duration and usage (spec: spark-job-overview, flink-job-overview). */
export function useJobOverview(kind: JobKind, name: string | null, autoRefresh: boolean) {
  return useQuery({
    queryKey: ["cluster", "jobs", kind, "overview", name],
    queryFn: ({ signal }) =>
      kind === "spark-jobs"
        ? call<typeof sparkJobRoutes.overview>(
            "GET",
            "/k8s-proxy/api/v1/spark-jobs/:id/spark-job-overview",
            { params: { id: name! } },
            signal,
          )
        : call<typeof flinkJobRoutes.overview>(
            "GET",
            "/k8s-proxy/api/v1/flink-jobs/:id/flink-job-overview",
            { params: { id: name! } },
            signal,
          ),
    enabled: !!name,
    refetchInterval: autoRefresh ? JOBS_REFRESH_INTERVAL_MS : false,
    ...quiet,
  });
}

/** A component's CPU and memory over the chosen minutes, sampled by the server. */
export function useComponentOverview(name: string | undefined, minutes: number, enabled: boolean) {
  return useQuery({
    queryKey: ["cluster", "component-overview", name, minutes],
    queryFn: ({ signal }) =>
      call<typeof usageRoutes.componentOverview>(
        "GET",
        "/k8s-proxy/api/v1/components/:name/overview",
        { params: { name: name! }, query: { minutes } },
        signal,
      ),
    enabled: enabled && !!name,
    ...quiet,
  });
}
