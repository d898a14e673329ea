import { WarningOutlined } from "@ant-design/icons";
import { Card, Col, Row, Skeleton, Statistic } from "antd";
import { useTranslation } from "react-i18next";
import type { NodeList, Workloads } from "@console/contracts";
import { USAGE_THRESHOLDS } from "@console/contracts/constants";
import { abbreviateNumber } from "../../../shared/lib/format";
import { useUsageColor } from "../../../shared/ui/Usage";

/** Cluster-wide usage: capacity-weighted, from the hosts' percentages. */
function clusterUsage(nodes: NodeList, kind: "cpu" | "memory"): number | null {
  if (!nodes.metricsAvailable || nodes.items.length === 0) return null;
  const unit = (s: string) => {
    const m = /^([\d.]+)(Ki|Mi|Gi|Ti|Pi)?$/.exec(s);
    if (!m) return 0;
    const f = { Ki: 1, Mi: 1024, Gi: 1024 ** 2, Ti: 1024 ** 3, Pi: 1024 ** 4 }[m[2] ?? "Ki"] ?? 1;
    return Number(m[1]) * (m[2] ? f : 1);
  };
  let used = 0;
  let total = 0;
  for (const n of nodes.items) {
    const cap = unit(n[kind].capacity);
    used += ((n[kind].usage ?? 0) / 100) * cap;
    total += cap;
  }
  return total > 0 ? Math.round((used / total) * 1000) / 10 : null;
}

/** The usage summary: six stat cards across the top of home. */
export function UsageCards(props: {
  nodes: NodeList | undefined;
  workloads: Workloads | undefined;
  components: { active: number; total: number } | undefined;
  issues: number | undefined;
}) {
  const { t } = useTranslation();
  const color = useUsageColor();
  const { nodes, workloads } = props;
  const ready = nodes?.items.filter((n) => n.status === "Ready").length;
  const cpu = nodes ? clusterUsage(nodes, "cpu") : null;
  const memory = nodes ? clusterUsage(nodes, "memory") : null;
  const usageCard = (title: string, value: number | null) => (
    <Statistic
      title={title}
      value={value === null ? t("cluster.metricsUnavailable") : value}
      suffix={value === null ? undefined : "%"}
      styles={{
        content: { color: value === null ? undefined : color(value), fontSize: value === null ? 14 : undefined },
      }}
      prefix={
        value !== null && value > USAGE_THRESHOLDS.warning ? (
          <WarningOutlined aria-label={t("cluster.highUsage")} />
        ) : null
      }
    />
  );
  const cards = [
    {
      key: "hosts",
      body: <Statistic title={t("cluster.card.hosts")} value={ready ?? 0} suffix={`/ ${nodes?.items.length ?? 0}`} />,
      loading: !nodes,
    },
    { key: "cpu", body: usageCard(t("cluster.card.cpu"), cpu), loading: !nodes },
    { key: "memory", body: usageCard(t("cluster.card.memory"), memory), loading: !nodes },
    {
      key: "pods",
      body: (
        <Statistic
          title={t("cluster.card.pods")}
          value={abbreviateNumber(workloads?.pods.running ?? 0)}
          suffix={`/ ${abbreviateNumber(workloads?.pods.total ?? 0)}`}
        />
      ),
      loading: !workloads,
    },
    {
      key: "components",
      body: (
        <Statistic
          title={t("cluster.card.components")}
          value={props.components?.active ?? 0}
          suffix={`/ ${props.components?.total ?? 0}`}
        />
      ),
      loading: !props.components,
    },
    {
      key: "issues",
      body: <Statistic title={t("cluster.card.issues")} value={abbreviateNumber(props.issues ?? 0)} />,
      loading: props.issues === undefined,
    },
  ];
  return (
    <Row gutter={[16, 16]} role="list" aria-label={t("cluster.usageSummary")}>
      {cards.map((c) => (
        <Col key={c.key} xs={12} md={8} xl={4} role="listitem">
          <Card size="small">{c.loading ? <Skeleton active paragraph={{ rows: 1 }} title={false} /> : c.body}</Card>
        </Col>
      ))}
    </Row>
  );
}
