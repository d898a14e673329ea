import { ReloadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Col, Flex, Row, theme } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { tourTarget, useRegisterTour } from "../../app/shell/tour";
import { errorMessage } from "../../shared/lib/api";
import { formatDateTime } from "../../shared/lib/format";
import { PageHeader } from "../../shared/ui/PageHeader";
import { useAnalytics, useRecompute } from "./api";
import { TopQueriesChart, UsageCharts } from "./parts/Charts";
import { DataSummaryTable } from "./parts/DataSummaryTable";
import { PipelineTable } from "./parts/PipelineTable";
import { StatCards } from "./parts/StatCards";
import { TopLists } from "./parts/TopLists";

export default function InsightsPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const analytics = useAnalytics();
  const recompute = useRecompute();
  const a = analytics.data;
  const loading = analytics.isPending;

  useRegisterTour(
    useMemo(
      () => [
        {
          title: t("insights.analytics"),
          description: t("insights.tour.analytics"),
          target: tourTarget("insights-analytics"),
        },
        {
          title: t("insights.topQueries"),
          description: t("insights.tour.charts"),
          target: tourTarget("insights-charts"),
        },
        {
          title: t("insights.dataSummary"),
          description: t("insights.tour.dataSummary"),
          target: tourTarget("insights-data"),
        },
        {
          title: t("insights.pipelineSummary"),
          description: t("insights.tour.pipelines"),
          target: tourTarget("insights-pipelines"),
        },
        {
          title: t("insights.statistics"),
          description: t("insights.tour.statistics"),
          target: tourTarget("insights-top"),
        },
        {
          title: t("insights.recompute"),
          description: t("insights.tour.recompute"),
          target: tourTarget("insights-recompute"),
        },
      ],
      [t],
    ),
  );

  return (
    <>
      <PageHeader
        crumbs={[{ label: t("menu.insights") }]}
        title={t("menu.insights")}
        extra={
          <Flex align="center" gap={12} data-tour="insights-recompute">
            {a?.computed_at ? (
              <span style={{ color: token.colorTextSecondary }}>
                {t("insights.computedAt", { when: formatDateTime(a.computed_at) })}
              </span>
            ) : null}
            <Button
              icon={<ReloadOutlined />}
              loading={recompute.isPending}
              onClick={() =>
                // A failed recompute (503 with why) is told by the console's error notification.
                recompute.mutate(undefined, { onSuccess: () => void message.success(t("insights.recomputed")) })
              }
            >
              {t("insights.recompute")}
            </Button>
          </Flex>
        }
      />
      {a?.provisional ? (
        // The history the console was started with is still arriving; the figures follow by themselves.
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t("insights.provisional")} />
      ) : null}
      {analytics.isError ? (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errorMessage(analytics.error)} />
      ) : null}
      <Row gutter={16}>
        <Col span={18}>
          <Flex vertical gap={12}>
            <div data-tour="insights-analytics">
              <StatCards analytics={a} loading={loading} />
            </div>
            <Flex vertical gap={12} data-tour="insights-charts">
              <TopQueriesChart points={a?.weekly_top_executed_queries} loading={loading} />
              <UsageCharts
                weekly={a?.weekly_active_users_timeline}
                monthly={a?.monthly_active_users_timeline}
                loading={loading}
              />
            </Flex>
            <div data-tour="insights-data">
              <DataSummaryTable />
            </div>
            <div data-tour="insights-pipelines">
              <PipelineTable />
            </div>
          </Flex>
        </Col>
        <Col span={6} data-tour="insights-top">
          <TopLists analytics={a} loading={loading} />
        </Col>
      </Row>
    </>
  );
}
