import { useMutation } from "@tanstack/react-query";
import type { RulesCheckBody, rulesCheckRoutes } from "@console/contracts";
import { call } from "../../../shared/lib/api";

/** Decides inputs with the rules engine; the page shows its own error, so no global toast. */
export function useRulesCheck() {
  return useMutation({
    mutationFn: (body: RulesCheckBody) =>
      call<typeof rulesCheckRoutes.check>("POST", "/admin-api/api/v1/acl/rules/check", { body }),
    meta: { quiet: true },
  });
}

/** A console user with the groups the publication in force expanded them into. */
export const rulesIdentity = (username: string) =>
  call<typeof rulesCheckRoutes.identity>("GET", "/admin-api/api/v1/acl/rules/identity/:username", {
    params: { username },
  });
