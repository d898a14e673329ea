import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DataSummaryQuery, insightsRoutes, PipelineQuery, settingsRoutes } from "@console/contracts";
import { call } from "../../shared/lib/api";

const keys = {
  all: ["insights"] as const,
  analytics: ["insights", "analytics"] as const,
  pipelines: (q: PipelineQuery) => ["insights", "pipelines", q] as const,
  dataSummary: (q: DataSummaryQuery) => ["insights", "dataSummary", q] as const,
  datasets: ["insights", "datasets"] as const,
  preference: ["insights", "preference"] as const,
};

/** The insights preference decides whether the screen reloads by itself, and how often. */
function useRefreshInterval(): number | false {
  const pref = useQuery({
    queryKey: keys.preference,
    queryFn: ({ signal }) =>
      call<typeof settingsRoutes.insightsPreferences>(
        "GET",
        "/admin-api/api/v1/analytics/preferences",
        undefined,
        signal,
      ),
    meta: { quiet: true },
  }).data;
  return pref?.is_scheduled && pref.schedule_interval > 0 ? pref.schedule_interval * 1000 : false;
}

/** How often provisional figures (history still arriving at start) are asked for again. */
const PROVISIONAL_POLL_MS = 5_000;

export function useAnalytics() {
  const interval = useRefreshInterval();
  const client = useQueryClient();
  return useQuery({
    queryKey: keys.analytics,
    queryFn: async ({ signal }) => {
      const previous = client.getQueryData<{ provisional: boolean }>(keys.analytics);
      const a = await call<typeof insightsRoutes.analytics>(
        "GET",
        "/admin-api/api/v1/analytics/analytics",
        undefined,
        signal,
      );
      // The final figures are in: the tables computed with them are reloaded too.
      if (previous?.provisional && !a.provisional) void client.invalidateQueries({ queryKey: keys.all });
      return a;
    },
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.provisional ? PROVISIONAL_POLL_MS : interval),
  });
}

export function usePipelines(query: PipelineQuery) {
  const interval = useRefreshInterval();
  return useQuery({
    queryKey: keys.pipelines(query),
    queryFn: ({ signal }) =>
      call<typeof insightsRoutes.pipelineSummary>(
        "GET",
        "/admin-api/api/v1/analytics/pipeline-summary",
        { query },
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: interval,
  });
}

/** A page of the data summary (tables with their statistics, as of the last refresh). */
export function useDataSummary(query: DataSummaryQuery) {
  const interval = useRefreshInterval();
  return useQuery({
    queryKey: keys.dataSummary(query),
    queryFn: ({ signal }) =>
      call<typeof insightsRoutes.dataSummary>("GET", "/admin-api/api/v1/analytics/data-summary", { query }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: interval,
  });
}

/** The catalogs, schemas and tables of the data summary, for its filters. */
export function useDatasets() {
  return useQuery({
    queryKey: keys.datasets,
    queryFn: ({ signal }) =>
      call<typeof insightsRoutes.datasets>("GET", "/admin-api/api/v1/analytics/datasets", undefined, signal),
  });
}

/** Recomputes the figures now, then reloads the screen's data. */
export function useRecompute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call<typeof settingsRoutes.flushInsightsCache>("GET", "/admin-api/api/v1/analytics/flush-cache"),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
