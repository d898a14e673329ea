import { useVirtualizer } from "@tanstack/react-virtual";
import { Empty, theme } from "antd";
import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LOG_ROW_HEIGHT } from "@console/contracts/constants";

function highlight(line: string, search: string, mark: string): ReactNode {
  if (!search) return line;
  const lower = line.toLowerCase();
  const needle = search.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  let at;
  while ((at = lower.indexOf(needle, from)) >= 0) {
    if (at > from) parts.push(line.slice(from, at));
    parts.push(
      <mark key={at} style={{ background: mark, color: "inherit", padding: 0 }}>
        {line.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
  }
  if (parts.length === 0) return line;
  parts.push(line.slice(from));
  return parts;
}

/**
 * The log lines, virtualised at 20 px a row so 100,000 lines scroll smoothly (a wrapped line is
 * measured once drawn). It follows the tail while the reader is at the bottom; scrolling up
 * stops following until they return.
 */
export function LogViewer(props: {
  lines: string[];
  search: string;
  height: number;
  activeRow?: number | null;
  /** Long lines wrap at the viewer's width instead of scrolling sideways. */
  wrap?: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const parent = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser re-measures on every render by design
  const virtual = useVirtualizer({
    count: props.lines.length,
    getScrollElement: () => parent.current,
    estimateSize: () => LOG_ROW_HEIGHT,
    overscan: 20,
  });
  // Heights measured with the other wrapping are wrong now.
  useEffect(() => virtual.measure(), [props.wrap, virtual]);
  // Follow the tail: after new lines, go to the bottom unless the reader scrolled up.
  useLayoutEffect(() => {
    const el = parent.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [props.lines.length]);
  // Going to a match stops following the tail, so the match stays in view.
  const { activeRow } = props;
  useLayoutEffect(() => {
    if (activeRow === null || activeRow === undefined) return;
    atBottom.current = false;
    virtual.scrollToIndex(activeRow, { align: "center" });
  }, [activeRow, virtual]);
  return (
    <div
      ref={parent}
      role="log"
      aria-label={t("podLogs.viewer")}
      aria-live="off"
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollTop + el.clientHeight >= el.scrollHeight - LOG_ROW_HEIGHT * 2;
      }}
      style={{
        height: props.height,
        overflow: "auto",
        background: token.colorBgLayout,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
        fontSize: 12,
      }}
    >
      {props.lines.length === 0 ? (
        <div style={{ height: "100%", display: "grid", placeItems: "center" }}>
          <Empty description={t("podLogs.noLogs")} />
        </div>
      ) : null}
      <div style={{ height: virtual.getTotalSize(), position: "relative", minWidth: "100%" }}>
        {virtual.getVirtualItems().map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={props.wrap ? virtual.measureElement : undefined}
            style={{
              position: "absolute",
              top: 0,
              left: 0,
              ...(props.wrap
                ? { width: "100%", minHeight: LOG_ROW_HEIGHT, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }
                : { height: LOG_ROW_HEIGHT, whiteSpace: "pre" }),
              boxSizing: "border-box",
              lineHeight: `${LOG_ROW_HEIGHT}px`,
              transform: `translateY(${row.start}px)`,
              padding: "0 8px",
              ...(row.index === activeRow ? { background: token.colorPrimaryBg } : {}),
            }}
            aria-current={row.index === activeRow ? "true" : undefined}
          >
            {highlight(props.lines[row.index]!, props.search, token.colorWarningBg)}
          </div>
        ))}
      </div>
    </div>
  );
}
