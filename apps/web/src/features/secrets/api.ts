import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { secretRoutes, SecretWrite } from "@console/contracts";
import { ApiError, call } from "../../shared/lib/api";

export const secretKeys = {
  list: ["secrets", "list"] as const,
};

export function useSecrets() {
  return useQuery({
    queryKey: secretKeys.list,
    queryFn: ({ signal }) => call<typeof secretRoutes.list>("GET", "/k8s-proxy/api/v1/secrets", {}, signal),
  });
}

/** Whether a secret of this name exists; a failed check counts as not taken (spec section 5). */
export async function secretNameTaken(name: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await call<typeof secretRoutes.exists>(
      "HEAD",
      "/k8s-proxy/api/v1/secrets/:name/is_exist",
      {
        params: { name },
      },
      signal,
    );
    return true;
  } catch (err) {
    if (err instanceof ApiError || !signal?.aborted) return false;
    throw err;
  }
}

export function useSaveSecret() {
  const qc = useQueryClient();
  return useMutation({
    // The drawer shows refusals at the field they concern.
    meta: { quiet: true },
    mutationFn: (body: SecretWrite) => call<typeof secretRoutes.save>("POST", "/k8s-proxy/api/v1/secrets", { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: secretKeys.list }),
  });
}

export function useDeleteSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      call<typeof secretRoutes.remove>("DELETE", "/k8s-proxy/api/v1/secrets/:name", { params: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: secretKeys.list }),
  });
}
