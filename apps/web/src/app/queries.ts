import { useQuery } from "@tanstack/react-query";
import type { licenceRoutes, PublicConfig, shellRoutes } from "@console/contracts";
import { call, request } from "../shared/lib/api";
import { useAuth } from "./auth";

export const shellKeys = {
  config: ["shell", "config"] as const,
  menu: ["shell", "menu"] as const,
  components: ["shell", "components"] as const,
  me: ["shell", "me"] as const,
  licence: ["shell", "licence"] as const,
};

export async function fetchPublicConfig(): Promise<PublicConfig> {
  return request<PublicConfig>("GET", "/api/config");
}

export function usePublicConfig() {
  return useQuery({ queryKey: shellKeys.config, queryFn: fetchPublicConfig, staleTime: Infinity });
}

function useSignedIn() {
  return useAuth((s) => s.status === "signedIn");
}

export function useMenu() {
  return useQuery({
    queryKey: shellKeys.menu,
    queryFn: ({ signal }) => call<typeof shellRoutes.menu>("GET", "/admin-api/api/v1/menu", {}, signal),
    enabled: useSignedIn(),
  });
}

export function useComponentList() {
  return useQuery({
    queryKey: shellKeys.components,
    queryFn: ({ signal }) =>
      call<typeof shellRoutes.componentList>("GET", "/admin-api/api/v1/componentList", {}, signal),
    enabled: useSignedIn(),
  });
}

export function useMe() {
  return useQuery({
    queryKey: shellKeys.me,
    queryFn: ({ signal }) => call<typeof shellRoutes.me>("GET", "/admin-api/api/v1/me", {}, signal),
    enabled: useSignedIn(),
  });
}

/** The licence check, made only when licensing is on. */
export function useLicenceVerify(licensingEnabled: boolean) {
  return useQuery({
    queryKey: shellKeys.licence,
    queryFn: ({ signal }) => call<typeof licenceRoutes.verify>("GET", "/license/api/v1/verify", {}, signal),
    enabled: useSignedIn() && licensingEnabled,
  });
}
