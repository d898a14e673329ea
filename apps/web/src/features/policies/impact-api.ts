import { useQuery } from "@tanstack/react-query";
import type { ImpactWindow, impactRoutes, PolicyInput } from "@console/contracts";
import { call } from "../../shared/lib/api";

const path = "/admin-api/api/v1/acl/impact";

/** What the preview compares: Sync's candidate, or one unsaved policy from the wizard. */
export type ImpactSubject = { kind: "sync" } | { kind: "policy"; policy: PolicyInput; policyId?: number };

/** The impact preview, asked afresh each time it is opened (it reads the latest usage). */
export function useImpact(subject: ImpactSubject, window: ImpactWindow, enabled: boolean) {
  return useQuery({
    queryKey: ["policies", "impact", subject, window] as const,
    queryFn: ({ signal }) =>
      subject.kind === "sync"
        ? call<typeof impactRoutes.sync>("GET", path, { query: { window } }, signal)
        : call<typeof impactRoutes.policy>(
            "POST",
            path,
            { body: { window, policy: subject.policy, policyId: subject.policyId } },
            signal,
          ),
    enabled,
    gcTime: 0,
    staleTime: 0,
    retry: false,
    meta: { quiet: true },
  });
}
