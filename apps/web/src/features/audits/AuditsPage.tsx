import { SafetyCertificateOutlined, WarningOutlined } from "@ant-design/icons";
import { Empty, Flex, Select, Spin, Tabs, Tag, Tooltip } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../shared/ui/PageHeader";
import { tourTarget, useRegisterTour } from "../../app/shell/tour";
import { useAuditableComponents, useTrailStatus } from "./api";
import { AuditTable } from "./AuditTable";
import { TABS } from "./tabs";

function TrailStatus() {
  const { t } = useTranslation();
  const status = useTrailStatus().data;
  if (!status) return null;
  const hint = status.valid
    ? t("audits.trail.validHint", { checked: status.checked, archived: status.archived })
    : t("audits.trail.brokenHint", { seq: status.brokenAtSeq ?? "?", reason: status.reason ?? "" });
  return (
    <Flex gap={8} align="center">
      <Tooltip title={hint}>
        <Tag
          tabIndex={0}
          color={status.valid ? "success" : "error"}
          icon={status.valid ? <SafetyCertificateOutlined /> : <WarningOutlined />}
        >
          {t(status.valid ? "audits.trail.valid" : "audits.trail.broken")}
        </Tag>
      </Tooltip>
      {status.retentionDays ? <Tag>{t("audits.trail.retention", { days: status.retentionDays })}</Tag> : null}
    </Flex>
  );
}

export default function AuditsPage() {
  const { t } = useTranslation();
  const components = useAuditableComponents();
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>(null);
  const list = components.data ?? [];
  // The first enabled component is selected by default; its first audit type is the first tab.
  const component = list.find((c) => c.key === selected) ?? list.find((c) => c.enabled) ?? list[0] ?? null;
  const tabs = component ? component.auditTypes.map((a) => `${component.key}-${a.key}`) : [];
  const activeTab = tab && tabs.includes(tab) ? tab : (tabs[0] ?? null);

  const notEnabled = <Empty description={t("audits.auditNotEnabled")} />;
  useRegisterTour(
    useMemo(
      () => [
        {
          title: t("audits.component"),
          description: t("tour.audits.component"),
          target: tourTarget("audits-component"),
        },
        { title: t("tour.audits.tabs.title"), description: t("tour.audits.tabs"), target: tourTarget("audits-tabs") },
        {
          title: t("tour.audits.trail.title"),
          description: t("tour.audits.trail"),
          target: tourTarget("audits-trail"),
        },
      ],
      [t],
    ),
  );
  return (
    <>
      <PageHeader
        crumbs={[{ label: t("audits.breadcrumb") }]}
        title={t("audits.title")}
        extra={
          <span data-tour="audits-trail">
            <TrailStatus />
          </span>
        }
      />
      {components.isPending ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin aria-label={t("common.loading")} />
        </Flex>
      ) : (
        <Flex vertical gap={8}>
          <Flex gap={8} align="center" data-tour="audits-component">
            <label htmlFor="audit-component">{t("audits.component")}</label>
            <Select
              id="audit-component"
              aria-label={t("audits.component")}
              style={{ minWidth: 240 }}
              value={component?.key}
              onChange={setSelected}
              showSearch
              optionFilterProp="label"
              options={list.map((c) => ({ value: c.key, label: c.name }))}
            />
          </Flex>
          {component ? (
            <div data-tour="audits-tabs">
              <Tabs
                activeKey={activeTab ?? undefined}
                onChange={setTab}
                destroyOnHidden
                items={component.auditTypes.map((a) => {
                  const key = `${component.key}-${a.key}`;
                  const def = TABS[key];
                  return {
                    key,
                    label: a.name,
                    children: component.enabled && def ? <AuditTable key={key} tabKey={key} tab={def} /> : notEnabled,
                  };
                })}
              />
            </div>
          ) : (
            notEnabled
          )}
        </Flex>
      )}
    </>
  );
}
