import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ColumnMask } from "@console/contracts";

/** A dynamic mask's conditions as written: "region = EU and tier IN gold, silver" (all must hold). */
export const conditionsText = (m: Pick<ColumnMask, "conditions">) =>
  m.conditions.map((c) => [c.column, c.condition, c.value].filter(Boolean).join(" ")).join(" and ");

/**
 * A column mask as the lists show it: a custom mask's expression, a predefined mask's name, and a
 * dynamic mask's name with the condition under which it applies (other rows show the column).
 */
export function MaskText({ mask: m }: { mask: Pick<ColumnMask, "type" | "mask" | "conditions"> }) {
  const { t } = useTranslation();
  if (m.type === "custom") return <code>{m.mask}</code>;
  const name = t(`policies.mask.${m.mask}`);
  if (m.type !== "dynamic" || m.conditions.length === 0) return <>{name}</>;
  return (
    <>
      {t("policies.mask.dynamicWhen", { mask: name })} <Typography.Text code>{conditionsText(m)}</Typography.Text>
    </>
  );
}
