import { TeamOutlined } from "@ant-design/icons";
import { Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMenu } from "../../app/queries";
import { targetText, toWhoCanSee, type WhoCanSeeTarget } from "./links";

/** A link to "who can see this" for a catalog, schema, table or column, shown to holders of policy management only. */
export function WhoCanSeeLink(props: { target: WhoCanSeeTarget; iconOnly?: boolean }) {
  const { t } = useTranslation();
  const canOpen = (useMenu().data ?? []).some((m) => m.menuLabel === "policy-management");
  if (!canOpen || !props.target.catalog) return null;
  const label = t("whoCanSee.linkFor", { name: targetText(props.target) });
  return props.iconOnly ? (
    <Tooltip title={label}>
      <Link to={toWhoCanSee(props.target)} aria-label={label}>
        <TeamOutlined />
      </Link>
    </Tooltip>
  ) : (
    // The visible words are the name (WCAG 2.5.3); the tooltip says what it opens.
    <Tooltip title={label}>
      <Link to={toWhoCanSee(props.target)}>
        <TeamOutlined /> {t("whoCanSee.open")}
      </Link>
    </Tooltip>
  );
}
