import { useQuery } from "@tanstack/react-query";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import type { policyRoutes } from "@console/contracts";
import { call } from "../../../shared/lib/api";

/**
 * Says when the publication in force no longer matches the group memberships it expanded
 * (someone joined or left a group its policies name): the console publishes the rules again
 * within a minute, on its own.
 */
export function MembershipNotice() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: ["policies", "publication-status"],
    queryFn: ({ signal }) =>
      call<typeof policyRoutes.publicationStatus>("GET", "/admin-api/api/v1/acl/publications/status", {}, signal),
    refetchInterval: 15_000,
    meta: { quiet: true },
  });
  const groups = status.data?.membershipsChanged ?? [];
  if (groups.length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      style={{ marginBottom: 16 }}
      title={t("policies.membershipChanged", {
        groups: groups.join(", "),
        count: groups.length,
        number: status.data?.publication,
      })}
    />
  );
}
