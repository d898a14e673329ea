import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { licenceRoutes, MessageBody } from "@console/contracts";
import { shellKeys } from "../../app/queries";
import { call, request } from "../../shared/lib/api";

export const licenceKeys = {
  history: ["licences", "history"] as const,
};

/** The history, asked for only where licensing is on (the console answers 404 otherwise). */
export function useLicenceHistory(enabled: boolean) {
  return useQuery({
    queryKey: licenceKeys.history,
    enabled,
    queryFn: ({ signal }) => call<typeof licenceRoutes.history>("GET", "/license/api/v1/uploadHistory", {}, signal),
  });
}

/** After a licence changes: the history, the shell's alert and the components' licensing. */
function useAfterLicenceChange() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: licenceKeys.history }),
      qc.invalidateQueries({ queryKey: shellKeys.licence }),
      qc.invalidateQueries({ queryKey: shellKeys.components }),
    ]);
}

export function useUploadLicence() {
  const after = useAfterLicenceChange();
  return useMutation({
    // The drawer shows refusals at the field they concern.
    meta: { quiet: true },
    // Multipart: the licence file as licenseKey and the description as descEn (spec section 7).
    mutationFn: (input: { file: File; description: string }) => {
      const form = new FormData();
      form.append("licenseKey", input.file, input.file.name);
      form.append("descEn", input.description);
      return request<MessageBody>("POST", "/license/api/v1/upload", form);
    },
    onSuccess: after,
  });
}

export function useDeleteLicence() {
  const after = useAfterLicenceChange();
  return useMutation({
    mutationFn: (id: number) => call<typeof licenceRoutes.remove>("DELETE", "/license/api/v1/:id", { params: { id } }),
    onSuccess: after,
  });
}
