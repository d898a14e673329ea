import { Card, Flex, Tag, theme } from "antd";
import { useTranslation } from "react-i18next";
import { Cell, Pie, PieChart } from "recharts";
import type { ClusterPod, ComponentStatistics } from "@console/contracts";
import { PODS_PAGE_SIZE } from "@console/contracts/constants";
import { formatBytes } from "../../../shared/lib/format";
import { useListState } from "../../../shared/lib/useListState";
import { ListTable, type ListColumn } from "../../../shared/ui/ListTable";
import { StatusBadge } from "../../../shared/ui/StatusBadge";
import { Link } from "react-router";
import { toComponentPodLogs } from "../../pod-logs/links";

/** 'not ready' when nothing runs, succeeded or failed; 'unhealthy' when something failed; else 'healthy'. */
export function healthTag(values: ComponentStatistics["values"]): "notReady" | "unhealthy" | "healthy" {
  if (values.running === 0 && values.succeeded === 0 && values.failure === 0) return "notReady";
  if (values.failure > 0) return "unhealthy";
  return "healthy";
}

export function ComponentPods(props: {
  component: string;
  stats: ComponentStatistics | undefined;
  pods: ClusterPod[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const list = useListState<null>({ pageSize: PODS_PAGE_SIZE, filters: null });
  const v = props.stats?.values;
  const tag = v && !props.failed ? healthTag(v) : null;
  // The donut's slices and its legend, one entry per state with its count.
  const slices = v
    ? [
        { key: "running", count: v.running + v.succeeded, color: token.colorSuccess },
        { key: "failing", count: v.failure, color: token.colorError },
        { key: "other", count: Math.max(0, v.total - v.running - v.succeeded - v.failure), color: token.colorWarning },
      ]
    : [];
  const columns: ListColumn<ClusterPod>[] = [
    {
      title: t("cluster.pod.name"),
      dataIndex: "name",
      render: (n: string) => <Link to={toComponentPodLogs(props.component, n)}>{n}</Link>,
    },
    { title: t("cluster.pod.status"), dataIndex: "status", render: (s: string) => <StatusBadge value={s} /> },
    { title: t("cluster.pod.namespace"), dataIndex: "namespace" },
    { title: t("cluster.pod.containers"), dataIndex: "containers", render: (c: string[]) => c.join(", ") },
    { title: t("components.restarts"), dataIndex: "restarts" },
    {
      title: t("cluster.pod.cpu"),
      key: "cpu",
      render: (_: unknown, p: ClusterPod) => (p.cpu.usage === null ? null : `${p.cpu.usage}m`),
    },
    {
      title: t("cluster.pod.memory"),
      key: "memory",
      render: (_: unknown, p: ClusterPod) => formatBytes(p.memory.usage),
    },
  ];
  return (
    <Card
      size="small"
      title={t("components.pods")}
      extra={tag ? <Tag color={tag === "healthy" ? "success" : "error"}>{t(`components.health.${tag}`)}</Tag> : null}
    >
      <Flex gap={24} align="flex-start" wrap>
        {v ? (
          <Flex vertical gap={8}>
            <div
              role="img"
              aria-label={t("components.healthDonut", { running: v.running, failure: v.failure, total: v.total })}
            >
              <PieChart width={140} height={140} accessibilityLayer={false}>
                <Pie
                  rootTabIndex={-1}
                  data={slices}
                  dataKey="count"
                  innerRadius={44}
                  outerRadius={62}
                  isAnimationActive={false}
                >
                  {slices.map((s) => (
                    <Cell key={s.key} fill={s.color} />
                  ))}
                </Pie>
              </PieChart>
            </div>
            <ul aria-label={t("components.podStates")} style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {slices.map((s) => (
                <li key={s.key}>
                  <Flex gap={8} align="center">
                    <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: s.color }} />
                    {t(`components.podState.${s.key}`, { count: s.count })}
                  </Flex>
                </li>
              ))}
            </ul>
          </Flex>
        ) : null}
        <div style={{ flex: 1, minWidth: 480 }}>
          <ListTable<ClusterPod>
            columns={columns}
            rows={props.pods}
            rowKey="name"
            list={list}
            loading={props.loading}
            clientPaging
            fixedPageSize
            size="small"
          />
        </div>
      </Flex>
    </Card>
  );
}
