import { Alert, Card, Col, Descriptions, Flex, Row, Skeleton, theme, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Cell, Pie, PieChart } from "recharts";
import type { ClusterPod } from "@console/contracts";
import { PODS_PAGE_SIZE, SMALL_PAGE_SIZES } from "@console/contracts/constants";
import { errorMessage } from "../../shared/lib/api";
import { tourTarget, useRegisterTour } from "../../app/shell/tour";
import { formatBytes, formatDateTime, PLACEHOLDER } from "../../shared/lib/format";
import { sortRows } from "../../shared/lib/sortRows";
import { useListState } from "../../shared/lib/useListState";
import { ListTable, type ListColumn } from "../../shared/ui/ListTable";
import { PageHeader } from "../../shared/ui/PageHeader";
import { StatusBadge } from "../../shared/ui/StatusBadge";
import { useUsageColor } from "../../shared/ui/Usage";
import { UsageChart } from "../../shared/ui/UsageChart";
import { useHost, useHostPods, useHostUsage } from "../home/api";
import { toHome } from "../home/links";
import { toHostPodLogs } from "../pod-logs/links";

function UsageDonut(props: { title: string; percent: number | null; detail: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const color = useUsageColor();
  const p = props.percent;
  return (
    <Card size="small" title={props.title}>
      <Flex align="center" gap={16}>
        <div
          style={{ position: "relative", width: 120, height: 120 }}
          role="img"
          aria-label={p === null ? t("cluster.metricsUnavailable") : `${props.title} ${p}%`}
        >
          <PieChart width={120} height={120}>
            <Pie
              data={[{ v: p ?? 0 }, { v: 100 - Math.min(100, p ?? 0) }]}
              dataKey="v"
              innerRadius={40}
              outerRadius={56}
              startAngle={90}
              endAngle={-270}
              isAnimationActive={false}
            >
              <Cell fill={p === null ? token.colorFillSecondary : color(p)} />
              <Cell fill={token.colorFillSecondary} />
            </Pie>
          </PieChart>
          <Flex align="center" justify="center" style={{ position: "absolute", inset: 0, fontWeight: 600 }}>
            {p === null ? PLACEHOLDER : `${p}%`}
          </Flex>
        </div>
        <Typography.Text type="secondary">
          {p === null ? t("cluster.metricsUnavailable") : props.detail}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

export default function HostPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const host = useHost(id);
  const pods = useHostPods(id);
  const history = useHostUsage(id);
  const list = useListState<null>({ pageSize: PODS_PAGE_SIZE, filters: null });
  const h = host.data;
  const columns: ListColumn<ClusterPod>[] = [
    {
      title: t("cluster.pod.name"),
      dataIndex: "name",
      sortKey: "name",
      render: (v: string) => <Link to={toHostPodLogs(id, v)}>{v}</Link>,
    },
    {
      title: t("cluster.pod.status"),
      dataIndex: "status",
      sortKey: "status",
      render: (v: string) => <StatusBadge value={v} />,
    },
    { title: t("cluster.pod.namespace"), dataIndex: "namespace", sortKey: "namespace" },
    { title: t("cluster.pod.containers"), dataIndex: "containers", render: (v: string[]) => v.join(", ") },
    {
      title: t("cluster.pod.cpu"),
      key: "cpu",
      sortKey: "cpu",
      render: (_: unknown, p: ClusterPod) => (p.cpu.usage === null ? null : `${p.cpu.usage}m`),
    },
    {
      title: t("cluster.pod.memory"),
      key: "memory",
      sortKey: "memory",
      render: (_: unknown, p: ClusterPod) => formatBytes(p.memory.usage),
    },
  ];
  const rows = sortRows(pods.data?.items, list.sort, {
    name: (p) => p.name,
    status: (p) => p.status,
    namespace: (p) => p.namespace,
    cpu: (p) => p.cpu.usage,
    memory: (p) => p.memory.usage,
  });
  const failure = host.error ?? pods.error;
  useRegisterTour(
    useMemo(
      () => [
        { title: t("tour.host.usage.title"), description: t("tour.host.usage"), target: tourTarget("host-usage") },
        { title: t("cluster.host.details"), description: t("tour.host.details"), target: tourTarget("host-details") },
        { title: t("cluster.host.pods"), description: t("tour.host.pods"), target: tourTarget("host-pods") },
      ],
      [t],
    ),
  );
  return (
    <>
      <PageHeader crumbs={[{ label: t("menu.home"), to: toHome() }, { label: id }]} title={id} />
      <Flex vertical gap={16}>
        {failure ? <Alert type="error" showIcon role="alert" title={errorMessage(failure)} /> : null}
        {h ? (
          <Row gutter={[16, 16]} data-tour="host-usage">
            <Col xs={24} lg={6}>
              <UsageDonut
                title={t("cluster.host.cpuUsage")}
                percent={h.cpu.usage}
                detail={`${h.cpu.allocated} / ${h.cpu.capacity} ${t("cluster.cores")}`}
              />
            </Col>
            <Col xs={24} lg={6}>
              <UsageDonut
                title={t("cluster.host.memoryUsage")}
                percent={h.memory.usage}
                detail={`${h.memory.allocated} / ${h.memory.capacity}`}
              />
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title={t("cluster.host.lastFiveMinutes")}>
                {h.metricsAvailable ? (
                  <UsageChart
                    label={t("cluster.host.usageChart")}
                    history={history.data}
                    timeFormat="HH:mm:ss"
                    height={130}
                    yDomain={[0, 100]}
                    emptyText={history.error ? errorMessage(history.error) : t("cluster.host.noSamples")}
                    series={[
                      { key: "cpu", name: t("cluster.host.cpuUsage"), format: (v) => `${v}%` },
                      { key: "memory", name: t("cluster.host.memoryUsage"), format: (v) => `${v}%` },
                    ]}
                  />
                ) : (
                  <Typography.Text type="secondary">{t("cluster.metricsUnavailable")}</Typography.Text>
                )}
              </Card>
            </Col>
          </Row>
        ) : host.isLoading ? (
          <Skeleton active />
        ) : null}
        {h ? (
          <Card size="small" title={t("cluster.host.details")} data-tour="host-details">
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2, xl: 3 }}
              items={[
                ["status", <StatusBadge key="s" value={h.status} />],
                ["type", t(`cluster.host.type.${h.type}`)],
                ["hostname", h.hostname],
                ["internalIP", h.internalIP ?? PLACEHOLDER],
                ["os", h.os],
                ["osImage", h.osImage],
                ["architecture", h.architecture],
                ["kernelVersion", h.kernelVersion],
                ["kubeletVersion", h.kubeletVersion],
                ["containerRunTime", h.containerRunTime],
                ["createdOn", formatDateTime(h.createdOn)],
              ].map(([key, value]) => ({
                key: key as string,
                label: t(`cluster.host.${key as string}`),
                children: value || PLACEHOLDER,
              }))}
            />
          </Card>
        ) : null}
        <Card size="small" title={t("cluster.host.pods")} data-tour="host-pods">
          <ListTable<ClusterPod>
            columns={columns}
            rows={rows}
            rowKey={(p) => `${p.namespace}/${p.name}`}
            list={list}
            loading={pods.isLoading}
            clientPaging
            pageSizes={SMALL_PAGE_SIZES}
            size="small"
          />
        </Card>
      </Flex>
    </>
  );
}
