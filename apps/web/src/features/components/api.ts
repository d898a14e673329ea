import { useQuery } from "@tanstack/react-query";
import type { clusterRoutes } from "@console/contracts";
import { useShell } from "../../app/state";
import { call } from "../../shared/lib/api";

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
