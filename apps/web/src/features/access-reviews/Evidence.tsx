import { Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AccessPath } from "@console/contracts";
import { formatDateTime, PLACEHOLDER } from "../../shared/lib/format";
import { toEditPolicy } from "../policies/links";

/** How an access reaches a user: the user named, a group or everyone, then the policy. */
export function Paths(props: { paths: AccessPath[]; links?: boolean }) {
  const { t } = useTranslation();
  if (props.paths.length === 0) return <>{PLACEHOLDER}</>;
  return (
    <>
      {props.paths.map((p) => (
        <div key={`${p.policyId}-${p.via}-${p.group ?? ""}`}>
          <Tag>{p.via === "group" ? t("reviews.via.group", { group: p.group }) : t(`reviews.via.${p.via}`)}</Tag>
          {props.links ? <Link to={toEditPolicy(p.policyId)}>{p.policyName}</Link> : p.policyName}
        </div>
      ))}
    </>
  );
}

/** The last read and the query counts over 30 and 90 days. */
export function Use(props: { lastRead: string | null; queries30: number; queries90: number }) {
  const { t } = useTranslation();
  return (
    <>
      <div>{props.lastRead ? formatDateTime(props.lastRead) : t("reviews.neverRead")}</div>
      <Typography.Text type="secondary">
        {t("reviews.queries", { q30: props.queries30, q90: props.queries90 })}
      </Typography.Text>
    </>
  );
}
