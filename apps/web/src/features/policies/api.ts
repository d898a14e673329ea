import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PolicyInput, PolicyQuery, policyRoutes, RejectBody, ReviewBody } from "@console/contracts";
import { useLicenceVerify, usePublicConfig } from "../../app/queries";
import { call, request } from "../../shared/lib/api";
import { fileStamp, saveFile } from "../../shared/lib/download";

const base = "/admin-api/api/v1/acl";
export const policyKeys = {
  all: ["policies"] as const,
  list: (q: PolicyQuery) => ["policies", "list", q] as const,
  one: (id: number) => ["policies", "one", id] as const,
  publications: ["policies", "publications"] as const,
  syncPreview: ["policies", "sync-preview"] as const,
  publication: (n: number) => ["policies", "publication", n] as const,
  compare: (from: number, to: number) => ["policies", "compare", from, to] as const,
  lookups: ["policy-lookups"] as const,
  columns: (catalog: string, schema: string, tables: string[]) =>
    ["policy-lookups", "columns", catalog, schema, tables] as const,
  tags: (type: string, catalog: string, schema: string) => ["policy-lookups", "tags", type, catalog, schema] as const,
  principals: ["policy-lookups", "principals"] as const,
};

export function usePolicies(query: PolicyQuery) {
  const result = useQuery({
    queryKey: policyKeys.list(query),
    queryFn: ({ signal }) => call<typeof policyRoutes.list>("GET", base, { query }, signal),
    placeholderData: keepPreviousData,
  });
  return result;
}

export function usePolicy(id: number | null) {
  return useQuery({
    queryKey: policyKeys.one(id ?? 0),
    queryFn: ({ signal }) => call<typeof policyRoutes.get>("GET", `${base}/:id`, { params: { id: id! } }, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

export const nameExists = (name: string, signal?: AbortSignal) =>
  call<typeof policyRoutes.exists>("GET", `${base}/:name/exists`, { params: { name } }, signal);

export function useLookups() {
  return useQuery({
    queryKey: policyKeys.lookups,
    queryFn: ({ signal }) => call<typeof policyRoutes.lookups>("GET", "/admin-api/api/v1/lookups", {}, signal),
    staleTime: 60_000,
    meta: { quiet: true },
  });
}

/** Reads Trino's catalogue again (dropping the console's cached copy on every replica). */
export function useRefreshLookups() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      call<typeof policyRoutes.lookups>("GET", "/admin-api/api/v1/lookups", { query: { refresh: "true" } }),
    meta: { quiet: true },
    onSuccess: async (data) => {
      client.setQueryData(policyKeys.lookups, data);
      await client.invalidateQueries({ queryKey: ["policy-lookups", "columns"] });
    },
  });
}

export function useColumns(catalog: string | undefined, schema: string | undefined, tables: string[]) {
  return useQuery({
    queryKey: policyKeys.columns(catalog ?? "", schema ?? "", tables),
    queryFn: ({ signal }) =>
      call<typeof policyRoutes.columns>(
        "GET",
        "/admin-api/api/v1/lookups/columns",
        { query: { catalog: catalog!, schema: schema!, tables: tables.join(",") } },
        signal,
      ),
    enabled: !!catalog && !!schema && tables.length > 0,
    staleTime: 60_000,
    meta: { quiet: true },
  });
}

export function useTags(type: string | undefined, catalog: string | undefined, schema: string | undefined) {
  return useQuery({
    queryKey: policyKeys.tags(type ?? "", catalog ?? "", schema ?? ""),
    queryFn: ({ signal }) =>
      call<typeof policyRoutes.tags>(
        "GET",
        "/admin-api/api/v1/lookups/tags",
        { query: { tag_type: type as "tableTags", catalog_name: catalog!, schema_name: schema! } },
        signal,
      ),
    enabled: !!type && !!catalog && !!schema,
    staleTime: 60_000,
    meta: { quiet: true },
  });
}

export function usePrincipals() {
  return useQuery({
    queryKey: policyKeys.principals,
    queryFn: ({ signal }) => call<typeof policyRoutes.principals>("GET", `${base}/principals`, {}, signal),
    staleTime: 30_000,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: policyKeys.all });
}

export function usePolicyAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (v: {
      id: number;
      action: "enable" | "disable" | "delete" | "clone";
    }): Promise<{ message: string } | { policyName: string }> => {
      if (v.action === "delete")
        return call<typeof policyRoutes.remove>("DELETE", `${base}/:id`, { params: { id: v.id } });
      if (v.action === "clone")
        return call<typeof policyRoutes.clone>("POST", `${base}/:id/clone`, { params: { id: v.id } });
      return call<typeof policyRoutes.enable>("PUT", `${base}/:id/${v.action}` as `${typeof base}/:id/enable`, {
        params: { id: v.id },
      });
    },
    meta: { quiet: true },
    onSettled: invalidate,
  });
}

export function useSavePolicy() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: number | null; body: PolicyInput }) =>
      v.id === null
        ? call<typeof policyRoutes.create>("POST", `${base}/add`, { body: v.body })
        : call<typeof policyRoutes.update>("PUT", `${base}/:id`, { params: { id: v.id }, body: v.body }),
    meta: { quiet: true },
    onSuccess: invalidate,
  });
}

/** What the policy names that Trino does not have, for the wizard's steps (saves nothing). */
export const checkPolicy = (body: PolicyInput) => call<typeof policyRoutes.check>("POST", `${base}/check`, { body });

export function useReview() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (
      v: { id: number } & ({ decision: "approve"; body: ReviewBody } | { decision: "reject"; body: RejectBody }),
    ) =>
      v.decision === "approve"
        ? call<typeof policyRoutes.approve>("PUT", `${base}/:id/approve`, { params: { id: v.id }, body: v.body })
        : call<typeof policyRoutes.reject>("PUT", `${base}/:id/reject`, { params: { id: v.id }, body: v.body }),
    meta: { quiet: true },
    onSuccess: invalidate,
  });
}

/** What Sync would publish now, with its errors and warnings; asked afresh each time the dialog opens. */
export function useSyncPreview(open: boolean) {
  return useQuery({
    queryKey: policyKeys.syncPreview,
    queryFn: ({ signal }) => call<typeof policyRoutes.preview>("GET", `${base}/sync/preview`, {}, signal),
    enabled: open,
    gcTime: 0,
    staleTime: 0,
    retry: false,
    meta: { quiet: true },
  });
}

export function useSync() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => call<typeof policyRoutes.sync>("PUT", `${base}/sync`),
    meta: { quiet: true },
    onSettled: invalidate,
  });
}

/** Downloads every policy as CSV, named with a timestamp (spec: Export). */
export async function exportCsv(): Promise<void> {
  const text = await request<string>("GET", `${base}/export`);
  saveFile(`policies-${fileStamp()}.csv`, text, "text/csv");
}

export function usePublications() {
  return useQuery({
    queryKey: policyKeys.publications,
    queryFn: ({ signal }) => call<typeof policyRoutes.publications>("GET", `${base}/publications`, {}, signal),
  });
}

export function usePublication(n: number | null) {
  return useQuery({
    queryKey: policyKeys.publication(n ?? 0),
    queryFn: ({ signal }) =>
      call<typeof policyRoutes.publication>("GET", `${base}/publications/:number`, { params: { number: n! } }, signal),
    enabled: n !== null,
  });
}

export function useCompare(from: number | null, to: number | null) {
  return useQuery({
    queryKey: policyKeys.compare(from ?? 0, to ?? 0),
    queryFn: ({ signal }) =>
      call<typeof policyRoutes.compare>(
        "GET",
        `${base}/publications/compare`,
        { query: { from: from!, to: to! } },
        signal,
      ),
    enabled: from !== null && to !== null && from !== to,
  });
}

export function useRestore() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (n: number) =>
      call<typeof policyRoutes.restore>("POST", `${base}/publications/:number/restore`, { params: { number: n } }),
    meta: { quiet: true },
    onSettled: invalidate,
  });
}

export function useVisibility(q: { username: string; catalog: string; schema: string; table: string } | null) {
  return useQuery({
    queryKey: ["policies", "visibility", q],
    queryFn: ({ signal }) => call<typeof policyRoutes.evaluate>("GET", `${base}/evaluate`, { query: q! }, signal),
    enabled: q !== null,
    meta: { quiet: true },
  });
}

/** Editing needs a valid licence when licensing is on (spec section 6). */
export function useLicenceValid(): boolean {
  const config = usePublicConfig();
  const licensing = config.data?.licensingEnabled ?? false;
  const verify = useLicenceVerify(licensing);
  return !licensing || verify.data?.valid === true;
}
