import { Descriptions, Flex, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { Policy } from "@console/contracts";
import { DATA_CATEGORIES } from "@console/contracts/constants";
import { formatPeriod, PLACEHOLDER } from "../../../shared/lib/format";
import { Chips } from "./Chips";
import { KindDetails } from "./KindDetails";
import { MaskText } from "./MaskText";

const SCROLL_Y = 300;

/** A row's expansion: entity details, column masks and row filters (spec: policy list). */
export function PolicyDetails({ policy: p }: { policy: Policy }) {
  const { t } = useTranslation();
  if (!DATA_CATEGORIES.includes(p.category)) return <KindDetails policy={p} />;
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" bordered column={2} title={t("policies.details.entity")}>
        <Descriptions.Item label={t("policies.field.catalog")}>{p.catalogName}</Descriptions.Item>
        <Descriptions.Item label={t("policies.field.schema")}>
          {p.schemaName.join(", ") || PLACEHOLDER}
        </Descriptions.Item>
        <Descriptions.Item label={t("policies.field.tables")}>
          <Chips values={p.tables} allLabel={t("policies.all")} />
        </Descriptions.Item>
        <Descriptions.Item label={t("policies.field.tags")}>
          <Chips values={p.tags} allLabel={t("policies.all")} />
        </Descriptions.Item>
        <Descriptions.Item label={t("policies.field.privileges")}>
          {p.tablePrivileges.join(", ") || PLACEHOLDER}
        </Descriptions.Item>
        <Descriptions.Item label={t("policies.field.access")}>
          {t(`policies.access.${p.config.allow}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t("policies.field.users")}>
          <Chips values={p.assignToUsers} allLabel={t("policies.allUsers")} />
        </Descriptions.Item>
        <Descriptions.Item label={t("policies.field.groups")}>
          <Chips values={p.assignToGroups} allLabel={t("policies.allGroups")} />
        </Descriptions.Item>
        <Descriptions.Item label={t("policies.field.period")} span={2}>
          {formatPeriod(p.tnc.startDate, p.tnc.endDate) ?? t("policies.noPeriod")}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text strong>{t("policies.details.masks")}</Typography.Text>
      <Table
        size="small"
        pagination={false}
        scroll={{ y: SCROLL_Y }}
        rowKey={(m) => `${m.table}.${m.name}`}
        dataSource={p.columnDetails}
        locale={{ emptyText: t("policies.details.noMasks") }}
        columns={[
          { title: t("policies.field.table"), dataIndex: "table" },
          { title: t("policies.field.column"), dataIndex: "name" },
          {
            title: t("policies.field.maskType"),
            dataIndex: "type",
            render: (v: string) => t(`policies.maskType.${v}`),
          },
          {
            title: t("policies.field.mask"),
            key: "mask",
            render: (_: unknown, m) => <MaskText mask={m} />,
          },
        ]}
      />
      <Typography.Text strong>{t("policies.details.filters")}</Typography.Text>
      <Table
        size="small"
        pagination={false}
        scroll={{ y: SCROLL_Y }}
        rowKey={(f) => `${f.table}.${f.columnName}.${f.filterCondition}.${f.value}`}
        dataSource={p.rowFilters}
        locale={{ emptyText: t("policies.details.noFilters") }}
        columns={[
          { title: t("policies.field.table"), dataIndex: "table" },
          { title: t("policies.field.column"), dataIndex: "columnName" },
          { title: t("policies.field.condition"), dataIndex: "filterCondition" },
          { title: t("policies.field.value"), dataIndex: "value" },
        ]}
      />
      {p.customRowFilter ? (
        <Typography.Text>
          {t("policies.field.customRowFilter")}: <code>{p.customRowFilter}</code>
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
