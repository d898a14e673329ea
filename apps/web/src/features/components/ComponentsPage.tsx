import { CopyOutlined, DashboardOutlined, ExportOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Skeleton } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useAuth } from "../../app/auth";
import { useComponentList, usePublicConfig } from "../../app/queries";
import { toast } from "../../app/shell/notify";
import { tourTarget, useRegisterTour } from "../../app/shell/tour";
import { errorMessage } from "../../shared/lib/api";
import { PageHeader } from "../../shared/ui/PageHeader";
import { useComponentPods } from "../pod-logs/api";
import { useComponentDetails, useComponentStatistics } from "./api";
import { cardState, ComponentCards } from "./parts/ComponentCards";
import { ComponentPods } from "./parts/ComponentPods";
import { JobsTable } from "./parts/JobsTable";
import { ServiceDetailsCard } from "./parts/ServiceDetails";
import { UsageOverview } from "./parts/UsageOverview";
import { toComponents } from "./links";

/** Where an in-console launch keeps the component it came from (spec: launch application). */
export const LAUNCH_STORAGE_KEY = "console.launchedComponent";

/** The components screen: cards, then the selected component's pods, health and services. */
export default function ComponentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const list = useComponentList().data;
  const token = useAuth((s) => s.token);
  const charts = usePublicConfig().data?.features.overviewCharts ?? false;
  const all = list ? list.sections.flatMap((s) => s.components) : [];
  const selectable = (key: string) =>
    !!list && cardState(list, key) === "active" && list.permittedComponents.includes(key);
  const asked = params.get("component") ?? undefined;
  const selected = asked && selectable(asked) ? asked : all.find((c) => selectable(c.key))?.key;
  const component = all.find((c) => c.key === selected);
  const stats = useComponentStatistics(selected);
  const pods = useComponentPods(selected);
  const details = useComponentDetails(selected);
  const failure = stats.error ?? pods.error;

  const launch = () => {
    const url = stats.data?.info.launchUrl;
    if (!url || !component) return;
    if (url.includes("http")) {
      window.open(url, "_blank", "noopener");
      return;
    }
    sessionStorage.setItem(LAUNCH_STORAGE_KEY, JSON.stringify({ label: component.label, value: component.key }));
    void navigate(`${location.pathname.replace(/\/$/, "")}${url}`);
  };

  const extra = component ? (
    <>
      {component.key === "trino" && token ? (
        <Button
          icon={<CopyOutlined />}
          onClick={async () => {
            await navigator.clipboard.writeText(token);
            toast.success(t("components.tokenCopied"));
          }}
        >
          {t("components.copyToken")}
        </Button>
      ) : null}
      {stats.data?.info.chartUrl ? (
        <Button
          icon={<DashboardOutlined />}
          onClick={() => window.open(stats.data!.info.chartUrl!, "_blank", "noopener")}
        >
          {t("components.monitoring")}
        </Button>
      ) : null}
      {stats.data?.info.launchUrl && stats.data.info.status === "active" ? (
        <Button type="primary" icon={<ExportOutlined />} onClick={launch}>
          {t("components.launch")}
        </Button>
      ) : null}
    </>
  ) : null;

  return (
    <>
      <ComponentsTour />
      <PageHeader
        crumbs={[{ label: t("menu.components") }]}
        title={component?.label ?? t("menu.components")}
        extra={extra}
      />
      <Flex vertical gap={16}>
        {list && !list.platformReachable ? (
          <Alert type="error" showIcon role="alert" title={t("cluster.unavailable")} description={list.platformError} />
        ) : null}
        {list?.platformStale ? (
          <Alert type="warning" showIcon role="status" title={t("cluster.stale")} description={list.platformStale} />
        ) : null}
        {list ? (
          <div data-tour="components-cards">
            <ComponentCards
              list={list}
              selected={selected}
              onSelect={(key) => void navigate(toComponents(key), { replace: true })}
            />
          </div>
        ) : (
          <Skeleton active />
        )}
        {failure ? <Alert type="error" showIcon role="alert" title={errorMessage(failure)} /> : null}
        {selected === "spark-jobs" || selected === "flink-jobs" ? (
          <div data-tour="components-details">
            <JobsTable key={selected} kind={selected} />
          </div>
        ) : selected ? (
          <Flex vertical gap={16} data-tour="components-details">
            <ComponentPods
              component={selected}
              stats={stats.data}
              pods={pods.data?.items}
              loading={pods.isLoading}
              failed={!!stats.error}
            />
            {charts ? <UsageOverview key={selected} component={selected} /> : null}
            <ServiceDetailsCard services={details.data?.services} loading={details.isLoading} />
          </Flex>
        ) : list ? (
          <Alert type="info" showIcon title={t("components.noneActive")} />
        ) : null}
      </Flex>
    </>
  );
}

/** The components screen's guided tour. */
function ComponentsTour() {
  const { t } = useTranslation();
  useRegisterTour(
    useMemo(
      () => [
        {
          title: t("tour.components.cards.title"),
          description: t("tour.components.cards"),
          target: tourTarget("components-cards"),
        },
        {
          title: t("tour.components.details.title"),
          description: t("tour.components.details"),
          target: tourTarget("components-details"),
        },
      ],
      [t],
    ),
  );
  return null;
}
