import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from "@ant-design/icons";
import { Alert, Flex, Input, Select, theme, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import type { DataSummaryRow, DataSummarySort } from "@console/contracts";
import { DATA_SUMMARY_SORTS, INSIGHTS_PAGE_SIZES } from "@console/contracts/constants";
import { abbreviateNumber, formatBytes, formatDateTime, PLACEHOLDER } from "../../../shared/lib/format";
import { useListState } from "../../../shared/lib/useListState";
import { ListTable, type ListColumn } from "../../../shared/ui/ListTable";
import { WhoCanSeeLink } from "../../access-reviews/WhoCanSeeLink";
import { useDataSummary, useDatasets } from "../api";

interface Filters {
  sortBy: DataSummarySort;
  catalog: string;
  schema: string;
  table: string;
}

/** The change since the snapshot before: an arrow up or down with the rows and the percentage. */
function Trend({ trend }: { trend: DataSummaryRow["trends"] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const change = trend.change_set;
  if (change === null) return <>{PLACEHOLDER}</>;
  const p = trend.percentage_change;
  // A few rows on a large table: a change too small to show at two decimals.
  const pct = p === null ? "" : p === 0 && change !== 0 ? " (<0.01%)" : ` (${Number(p.toFixed(2))}%)`;
  const rows = abbreviateNumber(Math.abs(change));
  const [Icon, colour, label] =
    change > 0
      ? [ArrowUpOutlined, token.colorSuccess, t("insights.data.trendUp", { rows, pct })]
      : change < 0
        ? [ArrowDownOutlined, token.colorError, t("insights.data.trendDown", { rows, pct })]
        : [MinusOutlined, token.colorTextSecondary, t("insights.data.trendNone")];
  return (
    <span role="img" aria-label={label} style={{ color: colour, whiteSpace: "nowrap" }}>
      <Icon aria-hidden /> {change === 0 ? "0" : `${rows}${pct}`}
    </span>
  );
}

export function DataSummaryTable() {
  const { t } = useTranslation();
  const list = useListState<Filters>({
    pageSize: INSIGHTS_PAGE_SIZES[0],
    filters: { sortBy: "recentlyUpdated", catalog: "", schema: "", table: "" },
  });
  const f = list.filters;
  const query = {
    limit: list.pageSize,
    offset: list.page * list.pageSize,
    sort_by: f.sortBy,
    ...(f.catalog ? { catalog: f.catalog } : {}),
    ...(f.schema ? { schema: f.schema } : {}),
    ...(f.table ? { table: f.table } : {}),
  };
  const summary = useDataSummary(query);
  const datasets = useDatasets().data;
  const data = summary.data;
  const schemas = datasets?.catalogs.find((c) => c.name === f.catalog)?.schemas ?? [];

  const columns: ListColumn<DataSummaryRow>[] = [
    { title: t("insights.data.table"), dataIndex: "table_name", key: "table_name" },
    { title: t("insights.data.catalog"), dataIndex: "catalog", key: "catalog" },
    { title: t("insights.data.schema"), dataIndex: "schema_name", key: "schema_name" },
    { title: t("insights.data.columns"), dataIndex: "column_count", key: "column_count", align: "right" },
    {
      title: t("insights.data.rows"),
      key: "rows",
      align: "right",
      render: (_, r) =>
        r.num_rows === null ? (
          PLACEHOLDER
        ) : (
          <Tooltip title={r.num_rows.toLocaleString()}>{abbreviateNumber(r.num_rows)}</Tooltip>
        ),
    },
    { title: t("insights.data.size"), key: "size", align: "right", render: (_, r) => formatBytes(r.data_size) },
    { title: t("insights.data.updatedAt"), key: "updated", render: (_, r) => formatDateTime(r.updated_at) },
    { title: t("insights.data.trend"), key: "trend", render: (_, r) => <Trend trend={r.trends} /> },
    {
      title: t("whoCanSee.open"),
      key: "who",
      render: (_, r) => (
        <WhoCanSeeLink iconOnly target={{ catalog: r.catalog, schema: r.schema_name, table: r.table_name }} />
      ),
    },
  ];

  return (
    <section aria-label={t("insights.dataSummary")}>
      <h2 style={{ fontSize: 16, margin: "8px 0" }}>{t("insights.dataSummary")}</h2>
      {data?.unavailable ? (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={data.unavailable} />
      ) : null}
      <Flex gap={8} wrap style={{ marginBottom: 8 }}>
        <Select<DataSummarySort>
          aria-label={t("insights.data.sortBy")}
          value={f.sortBy}
          style={{ width: 180 }}
          options={DATA_SUMMARY_SORTS.map((s) => ({ value: s, label: t(`insights.data.sort.${s}`) }))}
          onChange={(sortBy) => list.setFilters({ ...f, sortBy })}
        />
        <Select
          aria-label={t("insights.data.catalog")}
          placeholder={t("insights.data.allCatalogs")}
          allowClear
          showSearch
          value={f.catalog || undefined}
          style={{ width: 180 }}
          options={(datasets?.catalogs ?? []).map((c) => ({ value: c.name, label: c.name }))}
          onChange={(catalog?: string) => list.setFilters({ ...f, catalog: catalog ?? "", schema: "" })}
        />
        <Select
          aria-label={t("insights.data.schema")}
          placeholder={t("insights.data.allSchemas")}
          allowClear
          showSearch
          disabled={!f.catalog}
          value={f.schema || undefined}
          style={{ width: 180 }}
          options={schemas.map((s) => ({ value: s.name, label: s.name }))}
          onChange={(schema?: string) => list.setFilters({ ...f, schema: schema ?? "" })}
        />
        <Input.Search
          allowClear
          aria-label={t("insights.data.search")}
          placeholder={t("insights.data.search")}
          style={{ maxWidth: 260 }}
          onSearch={(v) => list.setFilters({ ...f, table: v.trim() })}
        />
      </Flex>
      <ListTable<DataSummaryRow>
        columns={columns}
        rows={data?.data}
        total={data?.total_count ?? 0}
        loading={summary.isFetching && !data}
        rowKey={(r) => String(r.table_id)}
        list={list}
        pageSizes={INSIGHTS_PAGE_SIZES}
      />
    </section>
  );
}
