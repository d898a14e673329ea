import { CaretDownOutlined, CaretUpOutlined } from "@ant-design/icons";
import { theme } from "antd";
import type { CSSProperties, HTMLAttributes, KeyboardEvent, ReactNode, TdHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { PAGE_SIZES } from "@console/contracts/constants";
import { isBlank, PLACEHOLDER } from "../lib/format";
import type { ListController } from "../lib/useListState";
import { CompactPager } from "./CompactPager";
import "./CompactTable.css";

export interface CompactColumn<T> {
  title: ReactNode;
  /** The row's field shown, and given to render. */
  dataIndex?: keyof T & string;
  key?: string;
  /** Makes the column sortable (ascending, descending, none); the caller sorts the rows by it. */
  sortKey?: string;
  render?: (value: never, row: T, index: number) => ReactNode;
  onCell?: (row: T, index: number) => TdHTMLAttributes<HTMLTableCellElement>;
}

/** The part of useListState a compact table reads and sets; filters stay with the caller. */
export type ListPaging = Pick<
  ListController<unknown>,
  "page" | "pageSize" | "sort" | "setPage" | "setPageSize" | "setSort"
>;

export interface CompactTableProps<T> {
  columns: CompactColumn<T>[];
  /** The whole list, already sorted by list.sort: the table pages it. */
  rows: readonly T[] | undefined;
  rowKey: (keyof T & string) | ((row: T) => string);
  list: ListPaging;
  loading?: boolean;
  pageSizes?: readonly number[];
  onRow?: (row: T, index: number) => HTMLAttributes<HTMLTableRowElement>;
  /** A visible caption above the header. */
  caption?: string;
  /** The table's accessible name, when a card title already names it on screen. */
  label?: string;
  /** What an empty list says, when it can say more than "No data". */
  emptyText?: string;
}

type Sort = ListPaging["sort"];

/** Ascending, descending, then none; another column starts again at ascending. */
function nextSort(sort: Sort, field: string): Sort {
  if (sort?.field !== field) return { field, order: "asc" };
  return sort.order === "asc" ? { field, order: "desc" } : null;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/**
 * A light read-only table for lists the server returns whole: a plain <table> with sorting that
 * cycles ascending, descending and none, paging with page sizes, and a placeholder in empty cells.
 * The home page uses it instead of ListTable (Ant Design's Table), whose filters, selection and
 * Select-based pager would otherwise be loaded with the first screen.
 */
export function CompactTable<T extends object>(props: CompactTableProps<T>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { list, columns } = props;
  const all = props.rows ?? [];
  const pageCount = Math.max(1, Math.ceil(all.length / list.pageSize));
  const page = Math.min(list.page, pageCount - 1);
  const rows = all.slice(page * list.pageSize, (page + 1) * list.pageSize);
  const keyOf = (row: T) => String(typeof props.rowKey === "function" ? props.rowKey(row) : row[props.rowKey]);

  const vars = {
    "--ct-border": token.colorBorderSecondary,
    "--ct-split": token.colorSplit,
    "--ct-head-bg": token.colorFillAlter,
    "--ct-head-color": token.colorTextHeading,
    "--ct-head-weight": token.fontWeightStrong,
    "--ct-hover": token.controlItemBgHover,
    "--ct-focus": token.colorPrimaryBorder,
    "--ct-sort-on": token.colorPrimary,
    "--ct-sort-off": token.colorTextQuaternary,
    "--ct-muted": token.colorTextDescription,
    "--ct-radius": `${token.borderRadiusLG}px`,
    "--ct-pad": `${token.paddingXS}px`,
    color: token.colorText,
    fontSize: token.fontSize,
  } as CSSProperties;

  const sortOn = (field: string) => list.setSort(nextSort(list.sort, field));
  const onHeaderKey = (field: string) => (e: KeyboardEvent) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    sortOn(field);
  };

  const cell = (c: CompactColumn<T>, row: T, index: number) => {
    const value = c.dataIndex ? row[c.dataIndex] : undefined;
    const out = c.render ? c.render(value as never, row, index) : (value as ReactNode);
    return isBlank(out) ? PLACEHOLDER : out;
  };

  // Never "No data" while loading: the list is not known to be empty yet.
  const empty = props.loading ? t("common.loading") : (props.emptyText ?? t("common.noData"));

  return (
    <div className="compact-table" style={vars}>
      <div className="compact-table-scroll">
        <table aria-label={props.label} aria-busy={props.loading || undefined}>
          {props.caption ? <caption>{props.caption}</caption> : null}
          <thead>
            <tr>
              {columns.map((c, i) => {
                const key = c.key ?? c.sortKey ?? c.dataIndex ?? String(i);
                if (!c.sortKey) return <th key={key}>{c.title}</th>;
                const field = c.sortKey;
                const order = list.sort?.field === field ? list.sort.order : null;
                return (
                  <th
                    key={key}
                    className="compact-table-sortable"
                    aria-sort={order ? ARIA_SORT[order] : "none"}
                    tabIndex={0}
                    onClick={() => sortOn(field)}
                    onKeyDown={onHeaderKey(field)}
                  >
                    <span className="compact-table-sorter">
                      {c.title}
                      <span className="compact-table-carets" aria-hidden>
                        <CaretUpOutlined className={order === "asc" ? "on" : undefined} />
                        <CaretDownOutlined className={order === "desc" ? "on" : undefined} />
                      </span>
                    </span>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className={props.loading && rows.length ? "compact-table-stale" : undefined}>
            {rows.length === 0 ? (
              <tr>
                <td className="compact-table-empty" colSpan={columns.length}>
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row, r) => {
                const index = page * list.pageSize + r;
                const attrs = props.onRow?.(row, index) ?? {};
                const clickable = attrs.onClick ? "compact-table-clickable" : undefined;
                return (
                  <tr
                    key={keyOf(row)}
                    {...attrs}
                    className={[attrs.className, clickable].filter(Boolean).join(" ") || undefined}
                  >
                    {columns.map((c, i) => (
                      <td key={c.key ?? c.sortKey ?? c.dataIndex ?? String(i)} {...c.onCell?.(row, index)}>
                        {cell(c, row, index)}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <CompactPager
        page={page}
        pageSize={list.pageSize}
        total={all.length}
        pageSizes={props.pageSizes ?? PAGE_SIZES}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
    </div>
  );
}
