import { WarningOutlined } from "@ant-design/icons";
import { Card, List, Skeleton, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useComponentList } from "../../../app/queries";
import { StatusBadge } from "../../../shared/ui/StatusBadge";
import { toComponents } from "../../components/links";

/** The components panel on home: each observable component with its state. */
export function ComponentsPanel() {
  const { t } = useTranslation();
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
      <List
        size="small"
        dataSource={items}
        renderItem={(c) => {
          const active = list.activeComponents.includes(c.key);
          const unhealthy = list.unhealthyComponents.includes(c.key);
          return (
            <List.Item
              extra={
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
              }
            >
              {list.permittedComponents.includes(c.key) ? <Link to={toComponents(c.key)}>{c.label}</Link> : c.label}
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
