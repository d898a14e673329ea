import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PolicyExportQuery, PolicyImportBody, policyCodeRoutes } from "@console/contracts";
import { call, request } from "../../../shared/lib/api";
import { fileStamp, saveFile } from "../../../shared/lib/download";
import { policyKeys } from "../api";

const base = "/admin-api/api/v1/acl/code";

/** Downloads the policy document (all policies, or the list's filter) as YAML or JSON. */
export async function downloadDocument(query: PolicyExportQuery): Promise<void> {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") search.append(k, String(v));
  const body = await request<unknown>("GET", `${base}/export?${search.toString()}`);
  const text = typeof body === "string" ? body : `${JSON.stringify(body, null, 2)}\n`;
  const format = query.format ?? "yaml";
  saveFile(`policies-${fileStamp()}.${format}`, text, format === "json" ? "application/json" : "application/yaml");
}

export function usePlanImport() {
  return useMutation({
    mutationFn: (body: PolicyImportBody) => call<typeof policyCodeRoutes.plan>("POST", `${base}/plan`, { body }),
  });
}

export function useApplyImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PolicyImportBody) => call<typeof policyCodeRoutes.apply>("POST", `${base}/apply`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: policyKeys.all }),
  });
}
