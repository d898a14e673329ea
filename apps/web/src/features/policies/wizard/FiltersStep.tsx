import { Button, Flex, Form, Input, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FilterCondition, RowFilter } from "@console/contracts";
import { useColumns } from "../api";
import { ConditionInputs, isPattern } from "./ConditionInputs";
import { ColumnSelect, ColumnsError, RemoveButton, TableSelect, useTableColumns } from "./TableColumnPicker";
import type { WizardValues } from "./model";
import { needsValue, valueFits } from "./valueRules";

/** Step 3: row filters and a custom row filter (spec: row filters). */
export function FiltersStep(props: {
  values: Pick<WizardValues, "catalogName" | "schemaName" | "rowFilters">;
  tables: string[];
  onChange: (f: RowFilter[]) => void;
}) {
  const { t } = useTranslation();
  const v = props.values;
  const [d, setD] = useState<{ table?: string; column?: string; condition?: FilterCondition; value: string }>({
    value: "",
  });
  const [error, setError] = useState<string | null>(null);
  const columns = useColumns(v.catalogName, v.schemaName[0], props.tables);
  const tableCols = useTableColumns(columns, d.table);
  const col = tableCols.find((c) => c.name === d.column);
  const fits = !!col && !!d.condition && valueFits(col.dataType, d.condition, d.value);
  const canAdd = !!d.table && !!col && !!d.condition && fits;

  const add = () => {
    if (!canAdd) return;
    const item: RowFilter = {
      table: d.table!,
      columnName: col!.name,
      columnDataType: col!.dataType,
      filterCondition: d.condition!,
      value: needsValue(d.condition) ? d.value.trim() : "",
    };
    if (
      v.rowFilters.some(
        (f) =>
          f.table === item.table &&
          f.columnName === item.columnName &&
          f.filterCondition === item.filterCondition &&
          f.value === item.value,
      )
    ) {
      setError(t("policies.wizard.duplicateFilter"));
      return;
    }
    setError(null);
    props.onChange([...v.rowFilters, item]);
    setD({ table: d.table, value: "" });
  };

  return (
    <Flex vertical gap={12}>
      <ColumnsError columns={columns} />
      <Flex gap={8} wrap>
        <TableSelect
          label={t("policies.field.filterTable")}
          tables={props.tables}
          value={d.table}
          onChange={(table) => setD({ table, value: "" })}
        />
        <ColumnSelect
          label={t("policies.field.filterColumn")}
          placeholder={t("policies.field.column")}
          columns={tableCols}
          value={d.column}
          loading={columns.isLoading}
          onChange={(column) => setD({ ...d, column, condition: undefined })}
        />
        <ConditionInputs
          dataType={col?.dataType}
          condition={d.condition}
          value={d.value}
          onCondition={(condition) => setD({ ...d, condition })}
          onValue={(value) => setD({ ...d, value })}
        />
        <Button onClick={add} disabled={!canAdd}>
          {t("policies.wizard.addFilter")}
        </Button>
      </Flex>
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
      <Table<RowFilter>
        size="small"
        pagination={false}
        rowKey={(f) => `${f.table}.${f.columnName}.${f.filterCondition}.${f.value}`}
        dataSource={v.rowFilters}
        locale={{ emptyText: t("policies.details.noFilters") }}
        columns={[
          { title: t("policies.field.table"), dataIndex: "table" },
          { title: t("policies.field.column"), dataIndex: "columnName" },
          { title: t("policies.field.condition"), dataIndex: "filterCondition" },
          {
            title: t("policies.field.value"),
            dataIndex: "value",
            render: (value: string, f) =>
              f.filterCondition === "LIKE" ? (
                <Flex gap={4} align="center">
                  <Tag>{t(isPattern(value) ? "policies.wizard.likeTagPattern" : "policies.wizard.likeTagExact")}</Tag>
                  <code>{value}</code>
                </Flex>
              ) : (
                value
              ),
          },
          {
            title: t("common.actions"),
            key: "remove",
            render: (_: unknown, f) => (
              <RemoveButton
                label={t("policies.wizard.removeFilter", { column: f.columnName })}
                onClick={() => props.onChange(v.rowFilters.filter((x) => x !== f))}
              />
            ),
          },
        ]}
      />
      <Form.Item
        name="customRowFilter"
        label={t("policies.field.customRowFilter")}
        rules={[{ max: 255, message: t("policies.wizard.max255") }]}
        extra={t("policies.wizard.customFilterHint")}
      >
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
    </Flex>
  );
}
