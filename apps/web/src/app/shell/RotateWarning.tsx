import { MobileOutlined } from "@ant-design/icons";
import { Flex, theme } from "antd";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { BREAKPOINTS } from "@console/contracts/constants";

function unsupported(): boolean {
  return window.innerWidth < BREAKPOINTS.tablet || window.innerHeight > window.innerWidth;
}

function onResize(notify: () => void): () => void {
  window.addEventListener("resize", notify);
  return () => window.removeEventListener("resize", notify);
}

/** Covers the console below 1180 px or in portrait, which it does not support. */
export function RotateWarning() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // An external store rather than state set from an effect: a resize between the first render
  // and the listener's registration is still seen, as the snapshot is read again on subscribing.
  const show = useSyncExternalStore(onResize, unsupported);
  if (!show) return null;
  return (
    <Flex
      role="alertdialog"
      aria-modal="true"
      aria-label={t("rotate.title")}
      vertical
      align="center"
      justify="center"
      gap={8}
      style={{
        position: "fixed",
        inset: 0,
        zIndex: 2000,
        background: token.colorBgLayout,
        padding: 24,
        textAlign: "center",
      }}
    >
      <MobileOutlined style={{ fontSize: 48, transform: "rotate(90deg)" }} />
      <h2 style={{ margin: 0, color: token.colorText }}>{t("rotate.title")}</h2>
      <span style={{ color: token.colorText }}>{t("rotate.unsupported")}</span>
      <span style={{ color: token.colorTextSecondary }}>{t("rotate.landscape")}</span>
    </Flex>
  );
}
