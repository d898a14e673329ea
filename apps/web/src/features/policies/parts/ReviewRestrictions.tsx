import { Flex, Form, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ColumnMask, Policy, RowFilter } from "@console/contracts";
import { FiltersStep } from "../wizard/FiltersStep";
import { MasksStep } from "../wizard/MasksStep";

export interface Restrictions {
  columnDetails: ColumnMask[];
  rowFilters: RowFilter[];
  customRowFilter: string;
}

export const restrictionsOf = (p: Policy): Restrictions => ({
  columnDetails: p.columnDetails,
  rowFilters: p.rowFilters,
  customRowFilter: p.customRowFilter,
});

/**
 * The masks and row filters a request is granted with, added on the review page with the wizard's
 * own pickers (docs/policies.md: the grant is per table; masks and row filters are added at review).
 */
export function ReviewRestrictions(props: {
  policy: Policy;
  value: Restrictions;
  onChange: (r: Restrictions) => void;
}) {
  const { t } = useTranslation();
  const p = props.policy;
  const values = { catalogName: p.catalogName, schemaName: p.schemaName, ...props.value };
  return (
    <Form
      layout="vertical"
      initialValues={{ customRowFilter: props.value.customRowFilter }}
      onValuesChange={(changed: Partial<Restrictions>) => {
        if (changed.customRowFilter !== undefined)
          props.onChange({ ...props.value, customRowFilter: changed.customRowFilter });
      }}
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t("policies.review.restrictionsHint")}</Typography.Text>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t("policies.details.masks")}
        </Typography.Title>
        <MasksStep
          values={values}
          tables={p.tables}
          onChange={(columnDetails) => props.onChange({ ...props.value, columnDetails })}
        />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t("policies.details.filters")}
        </Typography.Title>
        <FiltersStep
          values={values}
          tables={p.tables}
          onChange={(rowFilters) => props.onChange({ ...props.value, rowFilters })}
        />
      </Flex>
    </Form>
  );
}
