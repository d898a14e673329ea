import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { cacheRoutes, DefaultTerms, InsightsPreferencesUpdate, settingsRoutes } from "@console/contracts";
import { call } from "../../shared/lib/api";

export const generalSettingsKeys = {
  insightsPreferences: ["settings", "insightsPreferences"] as const,
  defaultTerms: ["settings", "defaultTerms"] as const,
};

const DEFAULT_TERMS = "/admin-api/api/v1/settings/default-terms";

/** The general terms a table access request's review starts from. */
export function useDefaultTerms() {
  return useQuery({
    queryKey: generalSettingsKeys.defaultTerms,
    queryFn: ({ signal }) => call<typeof settingsRoutes.defaultTerms>("GET", DEFAULT_TERMS, {}, signal),
  });
}

export function useSaveDefaultTerms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DefaultTerms) => call<typeof settingsRoutes.updateDefaultTerms>("PUT", DEFAULT_TERMS, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: generalSettingsKeys.defaultTerms }),
  });
}

export function useInsightsPreferences() {
  return useQuery({
    queryKey: generalSettingsKeys.insightsPreferences,
    queryFn: ({ signal }) =>
      call<typeof settingsRoutes.insightsPreferences>("GET", "/admin-api/api/v1/analytics/preferences", {}, signal),
  });
}

export function useSaveInsightsPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InsightsPreferencesUpdate) =>
      call<typeof settingsRoutes.updateInsightsPreferences>("POST", "/admin-api/api/v1/analytics/preferences", {
        body,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: generalSettingsKeys.insightsPreferences }),
  });
}

export type CacheKey = "trino" | "users" | "groups" | "insights";

/** Each cache-management button and the call it makes (spec section 7). */
const CLEAR: Record<CacheKey, () => Promise<{ message: string }>> = {
  trino: () => call<typeof cacheRoutes.clear>("GET", "/admin-api/api/v1/cache/clear"),
  users: () => call<typeof cacheRoutes.clearUsers>("GET", "/admin-api/api/v1/cache/clearUsers"),
  groups: () => call<typeof cacheRoutes.clearGroups>("GET", "/admin-api/api/v1/cache/clearGroups"),
  insights: () => call<typeof settingsRoutes.flushInsightsCache>("GET", "/admin-api/api/v1/analytics/flush-cache"),
};

export function useClearCache() {
  return useMutation({ mutationFn: (key: CacheKey) => CLEAR[key]() });
}
