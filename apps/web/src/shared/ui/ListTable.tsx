import { Table, type TableProps } from "antd";
import type { ColumnType } from "antd/es/table";
import type { SorterResult } from "antd/es/table/interface";
import { useTranslation } from "react-i18next";
import { PAGE_SIZES } from "@console/contracts/constants";
import { isBlank, PLACEHOLDER } from "../lib/format";
import type { ListController } from "../lib/useListState";

export interface ListColumn<T> extends Omit<ColumnType<T>, "sorter" | "sortOrder"> {
  /** Field the server sorts by; makes the column sortable (ascending, descending, none). */
  sortKey?: string;
}

export interface ListTableProps<T> {
  columns: ListColumn<T>[];
  rows: T[] | undefined;
  total?: number;
  loading?: boolean;
  rowKey: (keyof T & string) | ((row: T) => string);
  list: ListController<unknown> | ListController<never> | ListController<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  pageSizes?: readonly number[];
  /** Hide the page-size selector (lists fixed at one size). */
  fixedPageSize?: boolean;
  /** Paging done here from the whole list, when the server returns everything. */
  clientPaging?: boolean;
  expandable?: TableProps<T>["expandable"];
  rowSelection?: TableProps<T>["rowSelection"];
  onRow?: TableProps<T>["onRow"];
  caption?: string;
  /** What an empty list says, when it can say more than "No data". */
  emptyText?: string;
  size?: TableProps<T>["size"];
  scrollY?: number;
  /** The pager's total text, when it is not "N in total" (e.g. a capped count). */
  totalText?: (total: number) => string;
}

/**
 * The console's one table: server or client paging, sorting that cycles ascending,
 * descending and none, page-size options, and a placeholder in empty cells.
 */
export function ListTable<T extends object>(props: ListTableProps<T>) {
  const { t } = useTranslation();
  const { list } = props;
  const columns: ColumnType<T>[] = props.columns.map((c) => {
    const { sortKey, render, ...rest } = c;
    return {
      ...rest,
      sorter: sortKey ? true : undefined,
      sortOrder: sortKey && list.sort?.field === sortKey ? (list.sort.order === "asc" ? "ascend" : "descend") : null,
      sortDirections: sortKey ? ["ascend", "descend"] : undefined,
      render: (value: unknown, row: T, index: number) => {
        const out = render ? render(value, row, index) : (value as React.ReactNode);
        return isBlank(out) ? PLACEHOLDER : out;
      },
      ...(sortKey ? { key: sortKey } : {}),
    } as ColumnType<T>;
  });

  const onChange: TableProps<T>["onChange"] = (pagination, _filters, sorter, extra) => {
    if (extra.action === "sort") {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
      list.setSort(s?.order ? { field: String(s.columnKey), order: s.order === "ascend" ? "asc" : "desc" } : null);
      return;
    }
    if (extra.action === "paginate") {
      const size = pagination.pageSize ?? list.pageSize;
      if (size !== list.pageSize) list.setPageSize(size);
      else list.setPage((pagination.current ?? 1) - 1);
    }
  };

  const total = props.total ?? props.rows?.length ?? 0;
  const rows = props.clientPaging
    ? (props.rows ?? []).slice(list.page * list.pageSize, (list.page + 1) * list.pageSize)
    : props.rows;

  return (
    <Table<T>
      columns={columns}
      dataSource={rows}
      rowKey={props.rowKey as TableProps<T>["rowKey"]}
      loading={props.loading}
      onChange={onChange}
      expandable={props.expandable}
      rowSelection={props.rowSelection}
      onRow={props.onRow}
      size={props.size ?? "middle"}
      scroll={props.scrollY ? { y: props.scrollY } : undefined}
      title={props.caption ? () => props.caption : undefined}
      // Never "No data" under the spinner: the list is not known to be empty yet.
      locale={{ emptyText: props.loading ? t("common.loading") : (props.emptyText ?? t("common.noData")) }}
      pagination={{
        current: list.page + 1,
        pageSize: list.pageSize,
        total,
        showSizeChanger: !props.fixedPageSize,
        pageSizeOptions: (props.pageSizes ?? PAGE_SIZES).map(String),
        showTotal: (n) => (props.totalText ? props.totalText(n) : t("common.total", { count: n })),
        hideOnSinglePage: false,
      }}
    />
  );
}
