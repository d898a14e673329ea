import { Flex, Tag, Tooltip, Typography } from "antd";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { chipLimit } from "@console/contracts/constants";

const subscribe = (onChange: () => void) => {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
};

/** How many chips a row shows at the current window width: 10, 8 or 6 (spec section 9). */
export function useChipLimit(): number {
  return useSyncExternalStore(subscribe, () => chipLimit(window.innerWidth));
}

/**
 * Names as chips, cut to the width's limit with a "+N" chip; `total` counts names the
 * server did not send (a group's members beyond the first few).
 */
export function NameChips(props: { names: string[]; total?: number; empty?: string }) {
  const { t } = useTranslation();
  const limit = useChipLimit();
  const total = Math.max(props.total ?? props.names.length, props.names.length);
  if (total === 0) return props.empty ? <Typography.Text type="secondary">{props.empty}</Typography.Text> : null;
  const shown = props.names.slice(0, limit);
  const rest = total - shown.length;
  const hidden = props.names.slice(limit);
  return (
    <Flex wrap gap={4}>
      {shown.map((n) => (
        <Tag key={n} style={{ marginInlineEnd: 0 }}>
          {n}
        </Tag>
      ))}
      {rest > 0 ? (
        <Tooltip title={hidden.length ? hidden.join(", ") + (rest > hidden.length ? " …" : "") : undefined}>
          <Tag style={{ marginInlineEnd: 0 }}>{t("groups.more", { count: rest })}</Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}
