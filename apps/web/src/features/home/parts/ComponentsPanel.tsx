import { WarningOutlined } from "@ant-design/icons";
import { Card, Flex, Skeleton, theme, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useComponentList } from "../../../app/queries";
import { StatusBadge } from "../../../shared/ui/StatusBadge";
import { toComponents } from "../../components/links";

/** The components panel on home: each observable component with its state. */
export function ComponentsPanel() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const list = useComponentList().data;
  if (!list)
    return (
      <Card title={t("cluster.components")} size="small">
        <Skeleton active />
      </Card>
    );
  const hidden = new Set([...list.marketPlaceComponents, ...list.enabledComponents, ...list.unlicensedComponents]);
  const items = list.sections.flatMap((s) => s.components).filter((c) => !hidden.has(c.key));
  return (
    <Card title={t("cluster.components")} size="small">
      {/* A plain list: Ant Design's List would bring its pager, and with it Select, to the first screen. */}
      {items.length === 0 ? <div style={{ color: token.colorTextDescription }}>{t("common.noData")}</div> : null}
      <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {items.map((c, i) => {
          const active = list.activeComponents.includes(c.key);
          const unhealthy = list.unhealthyComponents.includes(c.key);
          return (
            <li
              key={c.key}
              style={i < items.length - 1 ? { borderBottom: `1px solid ${token.colorSplit}` } : undefined}
            >
              <Flex justify="space-between" align="center" gap="small" style={{ padding: `${token.paddingXS}px 0` }}>
                {list.permittedComponents.includes(c.key) ? <Link to={toComponents(c.key)}>{c.label}</Link> : c.label}
                <span>
                  {unhealthy ? (
                    <Tooltip title={t("cluster.unhealthy")}>
                      <WarningOutlined aria-label={t("cluster.unhealthy")} style={{ marginRight: 6 }} />
                    </Tooltip>
                  ) : null}
                  <StatusBadge
                    value={active ? "active" : "inactive"}
                    label={t(active ? "cluster.active" : "cluster.inactive")}
                    status={active ? "success" : "default"}
                  />
                </span>
              </Flex>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
