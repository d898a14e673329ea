import { useQueries } from "@tanstack/react-query";
import type { clusterRoutes, JobKind, LogLines } from "@console/contracts";
import { LOG_TAIL_DEFAULT } from "@console/contracts/constants";
import { call } from "../../shared/lib/api";

/** How often the merged view reads the pods' tails again. */
const MERGED_REFRESH_MS = 5000;
const JOB_LOG_PATH = {
  "spark-jobs": "/k8s-proxy/api/v1/sparkpods/:pod/logs",
  "flink-jobs": "/k8s-proxy/api/v1/flinkpods/:pod/logs",
};

type PodRef = { name: string; namespace: string; containers: string[] };

/** Merges the pods' tails by the time each line starts with; a line keeps its pod as a label. */
export function mergeLines(tails: Array<{ pod: string; lines: string[] }>): string[] {
  const all = tails.flatMap(({ pod, lines }) => lines.map((line, i) => ({ pod, line, i })));
  const time = (l: string) => /^\S+/.exec(l)?.[0] ?? "";
  all.sort((a, b) => time(a.line).localeCompare(time(b.line)) || a.pod.localeCompare(b.pod) || a.i - b.i);
  return all.map(({ pod, line }) => `[${pod}] ${line}`);
}

/**
 * One view of every pod of a component or job: each pod's tail (its first container, as the
 * log screen opens on), re-read every 5 s, merged by time and labelled with the pod.
 */
export function useMergedLogs(pods: PodRef[] | undefined, job: JobKind | undefined, on: boolean) {
  const results = useQueries({
    queries: (on ? (pods ?? []) : []).map((p) => ({
      queryKey: ["cluster", "merged-log", job ?? "pod", p.namespace, p.name],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        job
          ? call<typeof clusterRoutes.podLogs>(
              "GET",
              JOB_LOG_PATH[job] as never,
              { params: { pod: p.name }, query: { tailLines: LOG_TAIL_DEFAULT } as never },
              signal,
            )
          : call<typeof clusterRoutes.podLogs>(
              "GET",
              "/k8s-proxy/api/v1/pods/:pod/logs",
              { params: { pod: p.name }, query: { namespace: p.namespace, container: p.containers[0] } },
              signal,
            ),
      refetchInterval: MERGED_REFRESH_MS,
      meta: { quiet: true },
      retry: false,
    })),
    // Merged once per change of any tail, not on every render.
    combine: (results) => ({
      lines: mergeLines(results.flatMap((r) => (r.data ? [r.data as LogLines] : []))),
      loading: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
  return results;
}
