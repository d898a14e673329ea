import { CheckOutlined, CopyOutlined } from "@ant-design/icons";
import { Button, Tooltip } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { COPY_FEEDBACK_MS } from "@console/contracts/constants";

/** Copies a value; shows "copied" for a second. */
export function CopyButton(props: { value: string; label?: string; onCopied?: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Tooltip title={copied ? t("common.copied") : (props.label ?? t("common.copy"))}>
      <Button
        type="text"
        size="small"
        aria-label={props.label ?? t("common.copy")}
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
        onClick={async () => {
          await navigator.clipboard.writeText(props.value);
          setCopied(true);
          props.onCopied?.();
        }}
      >
        {copied ? t("common.copied") : null}
      </Button>
    </Tooltip>
  );
}
