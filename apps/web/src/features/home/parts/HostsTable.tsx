import { Card, Tabs } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { ClusterNode, NodeList } from "@console/contracts";
import { PAGE_SIZES } from "@console/contracts/constants";
import { sortRows } from "../../../shared/lib/sortRows";
import { useListState } from "../../../shared/lib/useListState";
import { CompactTable, type CompactColumn } from "../../../shared/ui/CompactTable";
import { StatusBadge } from "../../../shared/ui/StatusBadge";
import { UsageValue } from "../../../shared/ui/Usage";
import { toHost } from "../../hosts/links";

type Tab = "all" | "master" | "worker";

/** The hosts table: a row opens the host; metrics columns with the metrics flag; role tabs unless cloud. */
export function HostsTable(props: { nodes: NodeList | undefined; loading: boolean; metrics: boolean; tabs: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>("all");
  const list = useListState<null>({ pageSize: PAGE_SIZES[0], filters: null });
  const showUsage = props.metrics;
  const columns: CompactColumn<ClusterNode>[] = [
    {
      title: t("cluster.host.name"),
      dataIndex: "name",
      sortKey: "name",
      onCell: () => ({ style: { whiteSpace: "nowrap" } }),
    },
    { title: t("cluster.host.type"), dataIndex: "type", render: (v: string) => t(`cluster.host.type.${v}`) },
    {
      title: t("cluster.host.status"),
      dataIndex: "status",
      sortKey: "status",
      render: (v: string) => <StatusBadge value={v} />,
    },
    ...(showUsage
      ? ([
          {
            title: t("cluster.host.cpuUsage"),
            key: "cpuUsage",
            sortKey: "cpuUsage",
            render: (_: unknown, n: ClusterNode) => <UsageValue percent={n.cpu.usage} />,
          },
          {
            title: t("cluster.host.memoryUsage"),
            key: "memoryUsage",
            sortKey: "memoryUsage",
            render: (_: unknown, n: ClusterNode) => <UsageValue percent={n.memory.usage} />,
          },
        ] as CompactColumn<ClusterNode>[])
      : []),
    {
      title: t("cluster.host.cpu"),
      key: "cpu",
      render: (_: unknown, n: ClusterNode) => `${n.cpu.allocated} / ${n.cpu.capacity}`,
    },
    {
      title: t("cluster.host.memory"),
      key: "memory",
      render: (_: unknown, n: ClusterNode) => `${n.memory.allocated} / ${n.memory.capacity}`,
    },
    { title: t("cluster.host.pods"), dataIndex: "pods", sortKey: "pods" },
  ];
  const rows = sortRows(
    props.nodes?.items.filter((n) => !props.tabs || tab === "all" || n.type === tab),
    list.sort,
    {
      name: (n) => n.name,
      status: (n) => n.status,
      pods: (n) => n.pods,
      cpuUsage: (n) => n.cpu.usage,
      memoryUsage: (n) => n.memory.usage,
    },
  );
  return (
    <Card title={t("cluster.hosts")} size="small">
      {props.tabs ? (
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k as Tab);
            list.setPage(0);
          }}
          items={(["all", "master", "worker"] as const).map((k) => ({ key: k, label: t(`cluster.hosts.tab.${k}`) }))}
        />
      ) : null}
      <CompactTable<ClusterNode>
        columns={columns}
        rows={rows}
        rowKey="name"
        list={list}
        loading={props.loading}
        label={t("cluster.hosts")}
        onRow={(n) => ({
          onClick: () => void navigate(toHost(n.name)),
          onKeyDown: (e) => {
            if (e.key === "Enter") void navigate(toHost(n.name));
          },
          tabIndex: 0,
          style: { cursor: "pointer" },
          "aria-label": t("cluster.host.open", { name: n.name }),
        })}
      />
    </Card>
  );
}
