import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BodyOf,
  groupsRoutes,
  GroupQuery,
  syncRoutes,
  UserPage,
  UserQuery,
  usersRoutes,
} from "@console/contracts";
import { call } from "../../shared/lib/api";

export const usersKeys = {
  all: ["users"] as const,
  list: (q: UserQuery) => ["users", "list", q] as const,
  names: ["users", "names"] as const,
  fullNames: ["users", "full-names"] as const,
  groups: (q: GroupQuery) => ["users", "groups", q] as const,
  groupNames: ["users", "groupNames"] as const,
  members: (id: string) => ["users", "members", id] as const,
  schedule: ["sync", "schedule"] as const,
  status: ["sync", "status"] as const,
  job: (id: string) => ["sync", "job", id] as const,
};

/** Lists reload when the global refresh ticks. */

export function useUsers(query: UserQuery) {
  return useQuery({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => call<typeof usersRoutes.list>("GET", "/admin-api/api/v1/users", { query }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useGroups(query: GroupQuery) {
  return useQuery({
    queryKey: usersKeys.groups(query),
    queryFn: ({ signal }) => call<typeof groupsRoutes.list>("GET", "/admin-api/api/v1/groups", { query }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Full names by username, for the two-list dialogs that show both. */
export function useFullNames(enabled = true) {
  return useQuery({
    queryKey: usersKeys.fullNames,
    queryFn: ({ signal }) =>
      call<typeof usersRoutes.fullNames>("GET", "/admin-api/api/v1/users/full-names", {}, signal),
    select: (people) => Object.fromEntries(people.filter((p) => p.fullName).map((p) => [p.username, p.fullName])),
    enabled,
    staleTime: 30_000,
  });
}

export function useUserNames(enabled = true) {
  return useQuery({
    queryKey: usersKeys.names,
    queryFn: ({ signal }) => call<typeof usersRoutes.names>("GET", "/admin-api/api/v1/users/names", {}, signal),
    enabled,
    staleTime: 30_000,
  });
}

export function useGroupNames(enabled = true) {
  return useQuery({
    queryKey: usersKeys.groupNames,
    queryFn: ({ signal }) => call<typeof groupsRoutes.names>("GET", "/admin-api/api/v1/groups/names", {}, signal),
    enabled,
    staleTime: 30_000,
  });
}

export function useGroupMembers(id: string | null) {
  return useQuery({
    queryKey: usersKeys.members(id ?? ""),
    queryFn: ({ signal }) =>
      call<typeof groupsRoutes.members>("GET", "/admin-api/api/v1/groups/:id/users", { params: { id: id! } }, signal),
    enabled: !!id,
  });
}

/** After any change to users or groups every list and name list is stale. */
function useInvalidateAll() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: usersKeys.all });
}

export function useUpdateUserStatus() {
  const qc = useQueryClient();
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (v: { id: string; enabled: boolean }) =>
      call<typeof usersRoutes.updateStatus>("PUT", "/admin-api/api/v1/users/:id/status", {
        params: { id: v.id },
        body: { enabled: v.enabled },
      }),
    onSuccess: (_res, v) => {
      // The row changes at once; the lists reload behind it.
      qc.setQueriesData<UserPage>({ queryKey: ["users", "list"] }, (page) =>
        page ? { ...page, items: page.items.map((u) => (u.id === v.id ? { ...u, enabled: v.enabled } : u)) } : page,
      );
      void invalidate();
    },
  });
}

export function useUpdateUserGroups() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (v: { id: string; body: BodyOf<typeof usersRoutes.updateGroups> }) =>
      call<typeof usersRoutes.updateGroups>("PUT", "/admin-api/api/v1/users/:id/groups", {
        params: { id: v.id },
        body: v.body,
      }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateGroupUsers() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (v: { id: string; body: BodyOf<typeof groupsRoutes.updateUsers> }) =>
      call<typeof groupsRoutes.updateUsers>("PUT", "/admin-api/api/v1/groups/:id/users", {
        params: { id: v.id },
        body: v.body,
      }),
    onSuccess: () => invalidate(),
  });
}

export function useCreateUser() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: BodyOf<typeof usersRoutes.create>) =>
      call<typeof usersRoutes.create>("POST", "/admin-api/api/v1/users", { body }),
    onSuccess: () => invalidate(),
    // The drawer shows the server's message beside the field it names.
    meta: { quiet: true },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (v: { id: string; password: string }) =>
      call<typeof usersRoutes.resetPassword>("POST", "/admin-api/api/v1/users/:id/reset-password", {
        params: { id: v.id },
        body: { password: v.password },
      }),
    meta: { quiet: true },
  });
}

export function useCreateGroup() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (name: string) =>
      call<typeof groupsRoutes.create>("POST", "/admin-api/api/v1/groups", { body: { name } }),
    onSuccess: () => invalidate(),
    meta: { quiet: true },
  });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      call<typeof groupsRoutes.remove>("DELETE", "/admin-api/api/v1/groups/:id", { params: { id } }),
    onSuccess: () => invalidate(),
  });
}

export function useSyncSchedule(enabled: boolean) {
  return useQuery({
    queryKey: usersKeys.schedule,
    queryFn: ({ signal }) => call<typeof syncRoutes.schedule>("GET", "/admin-api/api/v1/sync/schedule", {}, signal),
    enabled,
  });
}

export function useSyncStatus(enabled: boolean) {
  return useQuery({
    queryKey: usersKeys.status,
    queryFn: ({ signal }) => call<typeof syncRoutes.status>("GET", "/admin-api/api/v1/sync/status", {}, signal),
    enabled,
  });
}

export function useUpdateSyncSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof syncRoutes.updateSchedule>) =>
      call<typeof syncRoutes.updateSchedule>("PUT", "/admin-api/api/v1/sync/schedule", { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["sync"] }),
  });
}

export function useSyncNow() {
  return useMutation({
    mutationFn: () => call<typeof syncRoutes.now>("POST", "/admin-api/api/v1/sync/now"),
  });
}

/** A running sync job, polled each second until it ends. */
export function useSyncJob(id: string | null) {
  return useQuery({
    queryKey: usersKeys.job(id ?? ""),
    queryFn: ({ signal }) =>
      call<typeof syncRoutes.job>("GET", "/admin-api/api/v1/sync/jobs/:id", { params: { id: id! } }, signal),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.status === "running" || !q.state.data ? 1000 : false),
  });
}
