import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { auditRoutes } from "@console/contracts";
import { call, request } from "../../shared/lib/api";

export const auditKeys = {
  components: ["audits", "components"] as const,
  options: ["audits", "options"] as const,
  status: ["audits", "status"] as const,
  events: (path: string, query: Record<string, unknown>) => ["audits", "events", path, query] as const,
};

/** Components load on mount and on each global refresh (spec section 7). */
export function useAuditableComponents() {
  return useQuery({
    queryKey: auditKeys.components,
    queryFn: ({ signal }) =>
      call<typeof auditRoutes.components>("GET", "/admin-api/api/v1/auditableComponents", {}, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFilterOptions() {
  return useQuery({
    queryKey: auditKeys.options,
    queryFn: ({ signal }) =>
      call<typeof auditRoutes.filterOptions>("GET", "/admin-api/api/v1/audit/filter-options", {}, signal),
    staleTime: 60_000,
  });
}

export function useTrailStatus() {
  return useQuery({
    queryKey: auditKeys.status,
    queryFn: ({ signal }) => call<typeof auditRoutes.status>("GET", "/admin-api/api/v1/audit/status", {}, signal),
    staleTime: 30_000,
  });
}

export interface EventsPage<R> {
  rows: R[];
  total: number;
  /** More events match than the total counts. */
  capped: boolean;
}

function search(query: Record<string, unknown>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") s.set(k, String(v));
  const out = s.toString();
  return out ? `?${out}` : "";
}

/** A page of one tab's events; a failed call yields an empty table (spec section 8). */
export function useAuditEvents<R>(path: string, query: Record<string, unknown>, catalogStyle: boolean) {
  return useQuery({
    queryKey: auditKeys.events(path, query),
    queryFn: async ({ signal }): Promise<EventsPage<R>> => {
      const body = await request<{ items?: R[]; total?: number; capped?: boolean; data?: R[]; total_count?: number }>(
        "GET",
        `${path}${search(query)}`,
        undefined,
        signal,
      );
      return catalogStyle
        ? { rows: body.data ?? [], total: body.total_count ?? 0, capped: false }
        : { rows: body.items ?? [], total: body.total ?? 0, capped: body.capped ?? false };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}
