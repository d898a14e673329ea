import { Card, Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { ClusterEvent } from "@console/contracts";
import { SMALL_PAGE_SIZES } from "@console/contracts/constants";
import { formatDateTime } from "../../../shared/lib/format";
import { useListState } from "../../../shared/lib/useListState";
import { CompactTable, type CompactColumn } from "../../../shared/ui/CompactTable";

const TYPE_COLOR = { normal: "default", warning: "warning", error: "error" } as const;

/** One of the Issues and Events tables: 5 rows a page by default (5, 10, 15, 20). */
export function EventsTable(props: {
  title: string;
  rows: ClusterEvent[] | undefined;
  loading: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const list = useListState<null>({ pageSize: SMALL_PAGE_SIZES[0], filters: null });
  const columns: CompactColumn<ClusterEvent>[] = [
    {
      title: t("cluster.event.type"),
      dataIndex: "type",
      render: (v: ClusterEvent["type"]) => <Tag color={TYPE_COLOR[v]}>{t(`cluster.event.type.${v}`)}</Tag>,
    },
    { title: t("cluster.event.kind"), dataIndex: "kind" },
    { title: t("cluster.event.name"), dataIndex: "name" },
    { title: t("cluster.event.namespace"), dataIndex: "namespace" },
    { title: t("cluster.event.message"), dataIndex: "message" },
    { title: t("cluster.event.source"), dataIndex: "source" },
    {
      title: t("cluster.event.lastTimestamp"),
      dataIndex: "lastTimestamp",
      render: (v: string | null) => formatDateTime(v),
    },
  ];
  return (
    <Card title={props.title} size="small">
      <CompactTable<ClusterEvent>
        columns={columns}
        rows={props.rows}
        rowKey={(e) => `${e.kind}/${e.namespace}/${e.name}/${e.lastTimestamp}/${e.message}`}
        list={list}
        loading={props.loading}
        pageSizes={SMALL_PAGE_SIZES}
        label={props.title}
      />
    </Card>
  );
}
