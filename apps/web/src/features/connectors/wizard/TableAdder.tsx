import { CloseOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Empty, Flex, Input, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CONNECTOR_LIMITS, IDENTIFIER_PATTERN } from "@console/contracts/constants";

/**
 * A list of "schema.table" entries with an adder: Add needs both a schema and a table name
 * (spec section 5), each a SQL Server identifier; the same table is not added twice.
 */
export function TableAdder(props: {
  id: string;
  listLabel: string;
  value?: string[];
  onChange?: (next: string[]) => void;
}) {
  const { t } = useTranslation();
  const [schema, setSchema] = useState("");
  const [table, setTable] = useState("");
  const tables = props.value ?? [];
  const s = schema.trim();
  const tb = table.trim();
  const entry = `${s}.${tb}`;
  const invalid = (s !== "" && !IDENTIFIER_PATTERN.test(s)) || (tb !== "" && !IDENTIFIER_PATTERN.test(tb));
  const duplicate = s !== "" && tb !== "" && tables.includes(entry);
  const problem = invalid
    ? t("connectors.rule.identifier")
    : duplicate
      ? t("connectors.tables.duplicate", { table: entry })
      : null;
  const canAdd = s !== "" && tb !== "" && !problem;

  const add = () => {
    if (!canAdd) return;
    props.onChange?.([...tables, entry]);
    setTable("");
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="flex-start" wrap>
        <Input
          id={`${props.id}-schema`}
          aria-label={`${props.listLabel}: ${t("connectors.field.schema")}`}
          placeholder={t("connectors.field.schema")}
          maxLength={CONNECTOR_LIMITS.schema}
          value={schema}
          onChange={(e) => setSchema(e.target.value)}
          onPressEnter={add}
          style={{ width: 200 }}
        />
        <Input
          id={`${props.id}-table`}
          aria-label={`${props.listLabel}: ${t("connectors.field.table")}`}
          placeholder={t("connectors.field.table")}
          maxLength={CONNECTOR_LIMITS.table}
          value={table}
          onChange={(e) => setTable(e.target.value)}
          onPressEnter={add}
          style={{ width: 240 }}
        />
        <Button
          icon={<PlusOutlined />}
          disabled={!canAdd}
          onClick={add}
          aria-label={t("connectors.tables.addTo", { list: props.listLabel })}
        >
          {t("connectors.tables.add")}
        </Button>
      </Flex>
      {problem ? (
        <span role="alert" style={{ color: "var(--ant-color-error)" }}>
          {problem}
        </span>
      ) : null}
      {tables.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("connectors.tables.none")} style={{ margin: 0 }} />
      ) : (
        <Flex gap={6} wrap role="list" aria-label={props.listLabel}>
          {tables.map((name) => (
            <Tag key={name} role="listitem" style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
              {name}
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t("connectors.tables.remove", { table: name })}
                onClick={() => props.onChange?.(tables.filter((x) => x !== name))}
              />
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
