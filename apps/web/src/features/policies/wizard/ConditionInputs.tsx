import { SEARCH } from "../parts/search";
import { Flex, Input, Select, Typography } from "antd";
import { useId } from "react";
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
  // A value that does not fit says what would: the box alone turning red tells nothing.
  const wrong = !!value && !!dataType && !!condition && !fits;
  const messageId = useId();
  const rule = dataType ? t(`policies.wizard.valuePattern.${typeGroupOf(dataType)}`) : "";
  const message =
    condition && LIST_CONDITIONS.includes(condition) ? t("policies.wizard.valuePatternList", { rule }) : rule;
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
        <Flex vertical gap={2} style={{ width: 220 }}>
          <Input
            aria-label={t("policies.field.value")}
            placeholder={
              condition && LIST_CONDITIONS.includes(condition)
                ? t("policies.wizard.listHint")
                : condition === "LIKE"
                  ? t("policies.wizard.likePlaceholder")
                  : t("policies.field.value")
            }
            value={value}
            maxLength={255}
            status={wrong ? "error" : undefined}
            aria-invalid={wrong || undefined}
            aria-describedby={wrong ? messageId : undefined}
            onChange={(e) => props.onValue(e.target.value)}
          />
          {wrong ? (
            <Typography.Text type="danger" id={messageId} style={{ fontSize: 12 }}>
              {message}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
      {condition === "LIKE" && value.trim() ? (
        <Typography.Text type="secondary" role="note">
          {t(isPattern(value) ? "policies.wizard.likePattern" : "policies.wizard.likeExact")}
        </Typography.Text>
      ) : null}
    </>
  );
}

/** A LIKE value with a wildcard is a pattern; without one it matches only itself (nothing is added). */
export const isPattern = (value: string) => /[%_]/.test(value);
