import { DeleteOutlined } from "@ant-design/icons";
import { Alert, Button, Select } from "antd";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../shared/lib/api";
import type { useColumns } from "../api";
import { SEARCH } from "../parts/search";

type ColumnsQuery = ReturnType<typeof useColumns>;
interface Column {
  name: string;
  dataType: string;
}

/** The tables' columns, as the masks and row-filter steps pick them. */
export function useTableColumns(columns: ColumnsQuery, table: string | undefined): Column[] {
  return columns.data?.tables.find((x) => x.table === table)?.columns ?? [];
}

/** Trino could not list the columns: said above the pickers, with Trino's reason. */
export function ColumnsError(props: { columns: ColumnsQuery }) {
  const { t } = useTranslation();
  if (!props.columns.isError) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={t("policies.wizard.columnsFailed")}
      description={errorMessage(props.columns.error)}
    />
  );
}

/** A searchable choice of one of the policy's tables. */
export function TableSelect(props: {
  label: string;
  tables: string[];
  value: string | undefined;
  onChange: (table: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      showSearch={SEARCH}
      aria-label={props.label}
      placeholder={t("policies.field.table")}
      style={{ width: 180 }}
      // Long table names are read whole in the list, which may be wider than the field.
      popupMatchSelectWidth={false}
      value={props.value}
      onChange={props.onChange}
      options={props.tables.map((x) => ({ value: x, label: x }))}
    />
  );
}

/** A searchable choice of a column, shown with its Trino type. */
export function ColumnSelect(props: {
  label: string;
  /** Shown while empty; the label unless given. */
  placeholder?: string;
  columns: Column[];
  value: string | undefined;
  loading?: boolean;
  onChange: (column: string) => void;
}) {
  return (
    <Select
      showSearch={SEARCH}
      aria-label={props.label}
      placeholder={props.placeholder ?? props.label}
      style={{ width: 200 }}
      // A column is told apart by its whole name and type, as "national_id (varchar(20))".
      popupMatchSelectWidth={false}
      value={props.value}
      loading={props.loading}
      onChange={props.onChange}
      options={props.columns.map((c) => ({ value: c.name, label: `${c.name} (${c.dataType})` }))}
    />
  );
}

/** Removes one mask or row filter from the draft policy. */
export function RemoveButton(props: { label: string; onClick: () => void }) {
  return <Button type="text" danger icon={<DeleteOutlined />} aria-label={props.label} onClick={props.onClick} />;
}
