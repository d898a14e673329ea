import { CodeOutlined } from "@ant-design/icons";
import { Button, Drawer, theme } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../../../shared/ui/CopyButton";

/**
 * A block of code to copy. `code` is what is shown (the token masked until revealed);
 * `copyCode` what the copy button puts on the clipboard.
 */
export function Snippet(props: { code: string; copyCode?: string; label?: string; wrap?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div
      style={{
        position: "relative",
        background: token.colorFillTertiary,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        margin: "8px 0 12px",
      }}
    >
      <pre
        style={{
          margin: 0,
          padding: "10px 44px 10px 12px",
          overflowX: "auto",
          // In a drawer long lines (a token, a URL) wrap rather than run off to the side.
          ...(props.wrap ? { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } : {}),
          fontSize: 13,
          lineHeight: 1.5,
          fontFamily: token.fontFamilyCode,
        }}
      >
        <code>{props.code}</code>
      </pre>
      <div style={{ position: "absolute", top: 6, right: 6 }}>
        <CopyButton value={props.copyCode ?? props.code} label={props.label ?? t("clientConfig.copySnippet")} />
      </div>
    </div>
  );
}

/** A longer example, opened in a drawer so the steps stay short. */
export function SnippetDrawer(props: { title: string; code: string; copyCode: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<CodeOutlined />} onClick={() => setOpen(true)}>
        {t("clientConfig.viewCode")}
      </Button>
      <Drawer title={props.title} open={open} onClose={() => setOpen(false)} size="large">
        <Snippet code={props.code} copyCode={props.copyCode} wrap />
      </Drawer>
    </>
  );
}
