import { Alert, Button, Col, Flex, Row } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePublicConfig, useComponentList } from "../../app/queries";
import { errorMessage } from "../../shared/lib/api";
import { PageHeader } from "../../shared/ui/PageHeader";
import { tourTarget, useRegisterTour } from "../../app/shell/tour";
import { useEvents, useIssues, useNodes, useWorkloads } from "./api";
import { ClusterPanel } from "./parts/ClusterPanel";
import { ComponentsPanel } from "./parts/ComponentsPanel";
import { EventsTable } from "./parts/EventsTables";
import { HostsTable } from "./parts/HostsTable";
import { UsageCards } from "./parts/UsageCards";

/** The cluster overview (spec: home). */
export default function HomePage() {
  const { t } = useTranslation();
  const features = usePublicConfig().data?.features;
  const componentList = useComponentList().data;
  const nodes = useNodes();
  const workloads = useWorkloads();
  const issues = useIssues();
  const [more, setMore] = useState(false);
  const events = useEvents(more);
  useRegisterTour(
    useMemo(
      () => [
        { title: t("tour.home.usage.title"), description: t("tour.home.usage"), target: tourTarget("home-usage") },
        {
          title: t("tour.home.cluster.title"),
          description: t("tour.home.cluster"),
          target: tourTarget("home-cluster"),
        },
        { title: t("tour.home.hosts.title"), description: t("tour.home.hosts"), target: tourTarget("home-hosts") },
        {
          title: t("tour.home.components.title"),
          description: t("tour.home.components"),
          target: tourTarget("home-components"),
        },
        { title: t("cluster.viewMore"), description: t("tour.home.more"), target: tourTarget("home-more") },
      ],
      [t],
    ),
  );
  const failure = nodes.error ?? workloads.error;
  const observable = componentList
    ? componentList.sections
        .flatMap((s) => s.components)
        .filter(
          (c) =>
            !componentList.marketPlaceComponents.includes(c.key) &&
            !componentList.enabledComponents.includes(c.key) &&
            !componentList.unlicensedComponents.includes(c.key),
        )
    : undefined;
  return (
    <>
      <PageHeader crumbs={[{ label: t("menu.home") }]} title={t("cluster.title")} />
      <Flex vertical gap={16}>
        {failure ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t("cluster.unavailable")}
            description={errorMessage(failure)}
          />
        ) : null}
        {!failure && componentList?.platformStale ? (
          <Alert
            type="warning"
            showIcon
            role="status"
            title={t("cluster.stale")}
            description={componentList.platformStale}
          />
        ) : null}
        {nodes.data && !nodes.data.metricsAvailable && features?.metrics ? (
          <Alert type="info" showIcon title={t("cluster.metricsUnavailableLong")} />
        ) : null}
        <div data-tour="home-usage">
          <UsageCards
            nodes={nodes.data}
            workloads={workloads.data}
            issues={issues.data?.items.length}
            components={
              observable
                ? {
                    active: observable.filter((c) => componentList!.activeComponents.includes(c.key)).length,
                    total: observable.length,
                  }
                : undefined
            }
          />
        </div>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={18}>
            <Flex vertical gap={16}>
              <div data-tour="home-cluster">
                <ClusterPanel
                  nodes={nodes.data}
                  workloads={workloads.data}
                  showHealth={features?.renderWorkloads ?? true}
                />
              </div>
              <div data-tour="home-hosts">
                <HostsTable
                  nodes={nodes.data}
                  loading={nodes.isLoading}
                  metrics={(features?.metrics ?? true) && (nodes.data?.metricsAvailable ?? false)}
                  tabs={!(features?.cloudDeployment ?? false)}
                />
              </div>
            </Flex>
          </Col>
          <Col xs={24} xl={6} data-tour="home-components">
            <ComponentsPanel />
          </Col>
        </Row>
        <Flex justify="center">
          <Button onClick={() => setMore((m) => !m)} aria-expanded={more} data-tour="home-more">
            {more ? t("cluster.showLess") : t("cluster.viewMore")}
          </Button>
        </Flex>
        {more ? (
          <>
            <EventsTable title={t("cluster.issues")} rows={issues.data?.items} loading={issues.isLoading} />
            <EventsTable title={t("cluster.events")} rows={events.data?.items} loading={events.isLoading} />
          </>
        ) : null}
      </Flex>
    </>
  );
}
