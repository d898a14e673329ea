import { Button, Empty, Flex, theme, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { UsageHistory } from "@console/contracts";
import { OVERVIEW_SERIES_PARTS } from "@console/contracts/constants";
import { PLACEHOLDER } from "../lib/format";

/** The widest a character of an axis label (12 px system font, digits and colons) is drawn. */
const LABEL_CHAR_PX = 8;

export interface UsageSeries {
  key: "cpu" | "memory";
  name: string;
  format: (v: number) => string;
}

/**
 * Usage over a time window as an area chart: the window is cut in six parts, so the x axis
 * has seven ticks (spec section 9), each labelled with its time.
 */
export function UsageChart(props: {
  label: string;
  /** Nothing to draw while loading, on error or without metrics. */
  history: UsageHistory | undefined;
  series: UsageSeries[];
  timeFormat?: string;
  height?: number;
  yDomain?: [number, number];
  emptyText: string;
}) {
  const { t } = useTranslation();
  const [table, setTable] = useState(false);
  const { token } = theme.useToken();
  // Theme colours that reach 3:1 on the chart's background in both themes (docs/accessibility.md).
  const colour = { cpu: token.colorPrimaryText, memory: token.purple7 };
  const h = props.history;
  const from = h ? Date.parse(h.from) : 0;
  const to = h ? Date.parse(h.to) : 0;
  const step = (to - from) / OVERVIEW_SERIES_PARTS;
  const ticks = Array.from({ length: OVERVIEW_SERIES_PARTS + 1 }, (_, i) => Math.round(from + i * step));
  const data = (h?.metricsAvailable ? h.points : []).map((p) => ({ ...p, t: Date.parse(p.at) }));
  const format = (t: number) => dayjs(t).format(props.timeFormat ?? "HH:mm");
  // The last tick's label is centred on the plot's right edge: leave half of it, and a little, beside it.
  const right = Math.max(24, Math.ceil((format(to).length * LABEL_CHAR_PX) / 2) + 8);
  const last = data.at(-1);
  const summary = props.series
    .map((s) => `${s.name} ${last?.[s.key] == null ? PLACEHOLDER : s.format(last[s.key]!)}`)
    .join(", ");
  return (
    <figure style={{ margin: 0 }}>
      {data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} />
      ) : (
        <div role="img" aria-label={`${props.label}: ${summary}`}>
          <ResponsiveContainer width="100%" height={props.height ?? 160}>
            <AreaChart data={data} margin={{ top: 8, right, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
              <XAxis dataKey="t" type="number" scale="time" domain={[from, to]} ticks={ticks} tickFormatter={format} />
              <YAxis
                width={84}
                domain={props.yDomain ?? [0, "auto"]}
                tickFormatter={(v: number) => props.series[0]!.format(v)}
              />
              <Tooltip
                cursor={{ stroke: token.colorBorder }}
                labelFormatter={(t) => dayjs(Number(t)).format("HH:mm:ss")}
                formatter={(v, name) => {
                  const s = props.series.find((x) => x.name === name);
                  return [typeof v === "number" && s ? s.format(v) : PLACEHOLDER, name];
                }}
              />
              {props.series.map((s) => (
                <Area
                  key={s.key}
                  type="monotone"
                  dataKey={s.key}
                  name={s.name}
                  stroke={colour[s.key]}
                  fill={`${colour[s.key]}33`}
                  connectNulls={false}
                  isAnimationActive={false}
                />
              ))}
            </AreaChart>
          </ResponsiveContainer>
        </div>
      )}
      <Flex component="figcaption" justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {summary}
        </Typography.Text>
        {data.length > 0 ? (
          <Button type="link" size="small" aria-expanded={table} onClick={() => setTable(!table)}>
            {t(table ? "common.hideFigures" : "common.showFigures")}
          </Button>
        ) : null}
      </Flex>
      {table ? (
        <div style={{ maxHeight: 240, overflowY: "auto" }} tabIndex={0} role="region" aria-label={props.label}>
          <table style={{ width: "100%", fontSize: 12, borderCollapse: "collapse" }}>
            <thead>
              <tr>
                <th scope="col" style={{ textAlign: "start" }}>
                  {t("common.time")}
                </th>
                {props.series.map((s) => (
                  <th key={s.key} scope="col" style={{ textAlign: "end" }}>
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((p) => (
                <tr key={p.t}>
                  <th scope="row" style={{ textAlign: "start", fontWeight: 400 }}>
                    {dayjs(p.t).format("YYYY-MM-DD HH:mm")}
                  </th>
                  {props.series.map((s) => (
                    <td key={s.key} style={{ textAlign: "end" }}>
                      {p[s.key] == null ? PLACEHOLDER : s.format(p[s.key]!)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </figure>
  );
}
