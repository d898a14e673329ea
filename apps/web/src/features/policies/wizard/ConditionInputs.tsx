import { SEARCH } from "../parts/search";
import { Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import type { FilterCondition } from "@console/contracts";
import { CONDITIONS_BY_TYPE, LIST_CONDITIONS, typeGroupOf } from "@console/contracts/constants";
import { needsValue, valueFits } from "./valueRules";

/**
 * A condition on a column and the value it compares with: the conditions offered follow the
 * column's type, and the value is marked when it does not fit (row filters and dynamic masks).
 */
export function ConditionInputs(props: {
  /** The column's Trino type, once a column is chosen. */
  dataType: string | undefined;
  condition: FilterCondition | undefined;
  value: string;
  onCondition: (c: FilterCondition) => void;
  onValue: (v: string) => void;
}) {
  const { t } = useTranslation();
  const { dataType, condition, value } = props;
  const fits = !!dataType && !!condition && valueFits(dataType, condition, value);
  return (
    <>
      <Select
        showSearch={SEARCH}
        aria-label={t("policies.field.condition")}
        placeholder={t("policies.field.condition")}
        style={{ width: 140 }}
        value={condition}
        onChange={props.onCondition}
        options={(dataType ? CONDITIONS_BY_TYPE[typeGroupOf(dataType)] : []).map((c) => ({ value: c, label: c }))}
      />
      {needsValue(condition) ? (
        <Input
          aria-label={t("policies.field.value")}
          placeholder={
            condition && LIST_CONDITIONS.includes(condition) ? t("policies.wizard.listHint") : t("policies.field.value")
          }
          style={{ width: 220 }}
          value={value}
          maxLength={255}
          status={value && dataType && condition && !fits ? "error" : undefined}
          onChange={(e) => props.onValue(e.target.value)}
        />
      ) : null}
    </>
  );
}
