import { SEARCH } from "../parts/search";
import { Button, Flex, Form, Input, Select, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ColumnMask, FilterCondition, MaskType } from "@console/contracts";
import { MASK_TYPES, MASKS_BY_TYPE, typeGroupOf } from "@console/contracts/constants";
import { useColumns } from "../api";
import { MaskText } from "../parts/MaskText";
import { ConditionInputs } from "./ConditionInputs";
import { ColumnSelect, ColumnsError, RemoveButton, TableSelect, useTableColumns } from "./TableColumnPicker";
import type { WizardValues } from "./model";
import { needsValue, valueFits } from "./valueRules";

interface Draft {
  table?: string;
  name?: string;
  type?: MaskType;
  mask?: string;
  condColumn?: string;
  condition?: FilterCondition;
  value: string;
}

/** Step 2: column masks (spec: masks). Columns already masked on a table are not offered again. */
export function MasksStep(props: {
  values: Pick<WizardValues, "catalogName" | "schemaName" | "columnDetails">;
  tables: string[];
  onChange: (m: ColumnMask[]) => void;
}) {
  const { t } = useTranslation();
  const v = props.values;
  const [d, setD] = useState<Draft>({ value: "" });
  const columns = useColumns(v.catalogName, v.schemaName[0], props.tables);
  const tableCols = useTableColumns(columns, d.table);
  const taken = new Set(v.columnDetails.filter((m) => m.table === d.table).map((m) => m.name));
  const col = tableCols.find((c) => c.name === d.name);
  const condCol = tableCols.find((c) => c.name === d.condColumn);
  const group = col ? typeGroupOf(col.dataType) : null;
  const dynamicOk =
    d.type !== "dynamic" ||
    (!!condCol && !!d.condition && (!needsValue(d.condition) || valueFits(condCol.dataType, d.condition, d.value)));
  const customOk = d.type !== "custom" || (!!d.mask && d.mask.trim().length > 0 && d.mask.length <= 255);
  const canAdd = !!d.table && !!col && !!d.type && !!d.mask && dynamicOk && customOk;

  const add = () => {
    if (!canAdd) return;
    props.onChange([
      ...v.columnDetails,
      {
        table: d.table!,
        name: col!.name,
        columnDataType: col!.dataType,
        type: d.type!,
        mask: d.mask!.trim(),
        conditions:
          d.type === "dynamic"
            ? [
                {
                  column: condCol!.name,
                  columnDataType: condCol!.dataType,
                  condition: d.condition!,
                  value: d.value.trim(),
                },
              ]
            : [],
      },
    ]);
    setD({ table: d.table, value: "" });
  };

  return (
    <Flex vertical gap={12}>
      <ColumnsError columns={columns} />
      <Flex gap={8} wrap>
        <TableSelect
          label={t("policies.field.table")}
          tables={props.tables}
          value={d.table}
          onChange={(table) => setD({ table, value: "" })}
        />
        <ColumnSelect
          label={t("policies.field.column")}
          columns={tableCols.filter((c) => !taken.has(c.name))}
          value={d.name}
          loading={columns.isLoading}
          onChange={(name) => setD({ ...d, name, mask: undefined })}
        />
        <Select
          showSearch={SEARCH}
          aria-label={t("policies.field.maskType")}
          placeholder={t("policies.field.maskType")}
          style={{ width: 140 }}
          value={d.type}
          onChange={(type) => setD({ ...d, type, mask: undefined })}
          options={MASK_TYPES.map((x) => ({ value: x, label: t(`policies.maskType.${x}`) }))}
        />
        {d.type === "custom" ? (
          <Input
            aria-label={t("policies.field.customMask")}
            placeholder={t("policies.field.customMask")}
            style={{ width: 260 }}
            maxLength={255}
            value={d.mask}
            onChange={(e) => setD({ ...d, mask: e.target.value })}
          />
        ) : (
          <Select
            showSearch={SEARCH}
            aria-label={t("policies.field.mask")}
            placeholder={t("policies.field.mask")}
            style={{ width: 200 }}
            value={d.mask}
            onChange={(mask) => setD({ ...d, mask })}
            options={(group ? MASKS_BY_TYPE[group] : [])
              .filter((k) => d.type !== "dynamic" || k !== "restrict")
              .map((k) => ({ value: k, label: t(`policies.mask.${k}`) }))}
          />
        )}
      </Flex>
      {d.type === "dynamic" ? (
        <Flex gap={8} wrap>
          <ColumnSelect
            label={t("policies.field.conditionColumn")}
            columns={tableCols}
            value={d.condColumn}
            onChange={(condColumn) => setD({ ...d, condColumn, condition: undefined })}
          />
          <ConditionInputs
            dataType={condCol?.dataType}
            condition={d.condition}
            value={d.value}
            onCondition={(condition) => setD({ ...d, condition })}
            onValue={(value) => setD({ ...d, value })}
          />
        </Flex>
      ) : null}
      <div>
        <Button onClick={add} disabled={!canAdd}>
          {t("policies.wizard.addMask")}
        </Button>
      </div>
      <Form.Item name="columnDetails" hidden>
        <Input />
      </Form.Item>
      <Table<ColumnMask>
        size="small"
        pagination={false}
        rowKey={(m) => `${m.table}.${m.name}`}
        dataSource={v.columnDetails}
        locale={{ emptyText: t("policies.details.noMasks") }}
        columns={[
          { title: t("policies.field.table"), dataIndex: "table" },
          { title: t("policies.field.column"), dataIndex: "name" },
          {
            title: t("policies.field.maskType"),
            dataIndex: "type",
            render: (x: string) => t(`policies.maskType.${x}`),
          },
          {
            title: t("policies.field.mask"),
            key: "mask",
            render: (_: unknown, m) => <MaskText mask={m} />,
          },
          {
            title: t("common.actions"),
            key: "remove",
            render: (_: unknown, m) => (
              <RemoveButton
                label={t("policies.wizard.removeMask", { column: m.name })}
                onClick={() => props.onChange(v.columnDetails.filter((x) => x !== m))}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
