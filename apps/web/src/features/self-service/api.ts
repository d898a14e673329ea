import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccessRequest, policyRoutes, selfServiceRoutes } from "@console/contracts";
import { call } from "../../shared/lib/api";

const base = "/admin-api/api/v1/acl";
/** Under the policies' key, so that a review or a Sync refreshes them too. */
export const selfKeys = {
  explain: (id: string) => ["policies", "explain", id] as const,
  access: ["policies", "me", "access"] as const,
  denials: ["policies", "me", "denials"] as const,
  requests: ["policies", "me", "requests"] as const,
  pending: ["policies", "pending-count"] as const,
};

export function useExplain(queryId: string | null) {
  return useQuery({
    queryKey: selfKeys.explain(queryId ?? ""),
    queryFn: ({ signal }) =>
      call<typeof selfServiceRoutes.explain>(
        "GET",
        `${base}/explain/:queryId`,
        { params: { queryId: queryId! } },
        signal,
      ),
    enabled: queryId !== null,
    meta: { quiet: true },
  });
}

export const useMyAccess = () =>
  useQuery({
    queryKey: selfKeys.access,
    queryFn: ({ signal }) => call<typeof selfServiceRoutes.myAccess>("GET", `${base}/me/access`, {}, signal),
  });

export const useMyDenials = () =>
  useQuery({
    queryKey: selfKeys.denials,
    queryFn: ({ signal }) => call<typeof selfServiceRoutes.myDenials>("GET", `${base}/me/denials`, {}, signal),
  });

export const useMyRequests = () =>
  useQuery({
    queryKey: selfKeys.requests,
    queryFn: ({ signal }) => call<typeof selfServiceRoutes.myRequests>("GET", `${base}/me/requests`, {}, signal),
  });

/** The pending requests a reviewer sees in the header; checked every minute. */
export const usePendingCount = (enabled: boolean) =>
  useQuery({
    queryKey: selfKeys.pending,
    queryFn: ({ signal }) =>
      call<typeof selfServiceRoutes.pendingCount>("GET", `${base}/requests/pending-count`, {}, signal),
    enabled,
    refetchInterval: 60_000,
    meta: { quiet: true },
  });

export function useFileRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccessRequest) => call<typeof policyRoutes.request>("POST", `${base}/requests`, { body }),
    meta: { quiet: true },
    onSuccess: () => client.invalidateQueries({ queryKey: ["policies"] }),
  });
}
