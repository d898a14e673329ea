import { Alert, Badge, Input, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Pipeline } from "@console/contracts";
import { INSIGHTS_PAGE_SIZES } from "@console/contracts/constants";
import { formatDateTime, formatDuration, PLACEHOLDER } from "../../../shared/lib/format";
import { useListState } from "../../../shared/lib/useListState";
import { ListTable, type ListColumn } from "../../../shared/ui/ListTable";
import { usePipelines } from "../api";

/** status_code 0 red, 1 orange, 2 green (spec section 4). */
const STATUS_COLOUR = { 0: "red", 1: "orange", 2: "green" } as const;
const STATUS_TEXT = { 0: "insights.pipeline.failed", 1: "insights.pipeline.running", 2: "insights.pipeline.succeeded" };

type Job = Pipeline["jobs"][number];

export function PipelineTable() {
  const { t } = useTranslation();
  const list = useListState<{ dagName: string }>({ pageSize: INSIGHTS_PAGE_SIZES[0], filters: { dagName: "" } });
  const [expanded, setExpanded] = useState<string | null>(null);
  const query = {
    limit: list.pageSize,
    offset: list.page * list.pageSize,
    ...(list.filters.dagName ? { dag_name: list.filters.dagName } : {}),
  };
  const pipelines = usePipelines(query);
  const data = pipelines.data;

  const columns: ListColumn<Pipeline>[] = [
    { title: t("insights.pipeline.name"), dataIndex: "name", key: "name" },
    { title: t("insights.pipeline.jobs"), dataIndex: "job_count", key: "job_count" },
    {
      title: t("insights.pipeline.weeklyAvg"),
      key: "weekly",
      render: (_, p) => formatDuration(p.weekly_avg_running_time),
    },
    {
      title: t("insights.pipeline.monthlyAvg"),
      key: "monthly",
      render: (_, p) => formatDuration(p.monthly_avg_running_time),
    },
    {
      title: t("insights.pipeline.state"),
      key: "state",
      render: (_, p) => t(`insights.pipeline.state.${p.state}`),
    },
    {
      title: t("insights.pipeline.status"),
      key: "status",
      render: (_, p) => <Badge color={STATUS_COLOUR[p.status_code]} text={t(STATUS_TEXT[p.status_code])} />,
    },
  ];
  const jobColumns = [
    { title: t("insights.job.dagId"), dataIndex: "dag_id", key: "dag_id" },
    { title: t("insights.job.start"), key: "start", render: (_: unknown, j: Job) => formatDateTime(j.start_date) },
    { title: t("insights.job.end"), key: "end", render: (_: unknown, j: Job) => formatDateTime(j.end_date) },
    { title: t("insights.job.nextRun"), key: "next", render: (_: unknown, j: Job) => formatDateTime(j.next_run) },
    {
      title: t("insights.job.tables"),
      key: "tables",
      render: (_: unknown, j: Job) => (j.tables.length ? j.tables.map((x) => x.table).join(", ") : PLACEHOLDER),
    },
    { title: t("insights.job.state"), key: "state", render: (_: unknown, j: Job) => j.state ?? PLACEHOLDER },
  ];

  return (
    <section aria-label={t("insights.pipelineSummary")}>
      <h2 style={{ fontSize: 16, margin: "8px 0" }}>{t("insights.pipelineSummary")}</h2>
      {data?.unavailable ? (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={data.unavailable} />
      ) : null}
      <Input.Search
        allowClear
        aria-label={t("insights.pipeline.search")}
        placeholder={t("insights.pipeline.search")}
        style={{ maxWidth: 320, marginBottom: 8 }}
        onSearch={(v) => list.setFilters({ dagName: v.trim() })}
      />
      <ListTable<Pipeline>
        caption={t("insights.pipelineSummary")}
        columns={columns}
        rows={data?.data.pipeline_tag}
        total={data?.count ?? 0}
        loading={pipelines.isFetching && !data}
        rowKey="name"
        list={list}
        pageSizes={INSIGHTS_PAGE_SIZES}
        expandable={{
          // One pipeline open at a time (spec section 2).
          expandedRowKeys: expanded ? [expanded] : [],
          onExpand: (open, p) => setExpanded(open ? p.name : null),
          expandedRowRender: (p) => (
            <Table<Job>
              size="small"
              rowKey="dag_id"
              pagination={false}
              columns={jobColumns}
              dataSource={p.jobs}
              aria-label={t("insights.job.table", { name: p.name })}
            />
          ),
        }}
      />
    </section>
  );
}
