import { CheckCircleOutlined, ExclamationCircleOutlined, WarningOutlined } from "@ant-design/icons";
import { Progress, theme, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { PLACEHOLDER, usageLevel } from "../lib/format";

/** The colour of a usage level (spec section 9: above 90 error, above 75 warning). */
export function useUsageColor() {
  const { token } = theme.useToken();
  return (percent: number) =>
    ({ success: token.colorSuccess, warning: token.colorWarning, error: token.colorError })[usageLevel(percent)];
}

/** A usage percentage with its colour and icon; a placeholder when metrics are unavailable. */
export function UsageValue(props: { percent: number | null; bar?: boolean }) {
  const { t } = useTranslation();
  const color = useUsageColor();
  if (props.percent === null) return <Tooltip title={t("cluster.metricsUnavailable")}>{PLACEHOLDER}</Tooltip>;
  const level = usageLevel(props.percent);
  const Icon =
    level === "error" ? ExclamationCircleOutlined : level === "warning" ? WarningOutlined : CheckCircleOutlined;
  if (props.bar)
    return (
      <Progress
        percent={Math.min(100, props.percent)}
        size="small"
        strokeColor={color(props.percent)}
        format={() => `${props.percent}%`}
        aria-label={`${props.percent}%`}
      />
    );
  return (
    <span style={{ color: color(props.percent), whiteSpace: "nowrap" }}>
      <Icon aria-label={t(`cluster.usage.${level}`)} /> {props.percent}%
    </span>
  );
}
