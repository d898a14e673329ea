import { Card, Empty, theme } from "antd";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** Read by screen readers, not drawn. */
const VISUALLY_HIDDEN = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

type Point = { interval_alias: string; user_count: number };

function ChartCard(props: { title: string; points: Point[] | undefined; loading: boolean; kind: "bar" | "line" }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const points = props.points ?? [];
  const empty = points.every((p) => p.user_count === 0);
  const axis = { stroke: token.colorTextSecondary, fontSize: 12 };
  const tooltip = (
    <Tooltip
      formatter={(v) => [v, t("insights.users")]}
      contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}` }}
      labelStyle={{ color: token.colorText }}
      // A soft band under the hovered bar or a thin line at the hovered point, in either theme.
      cursor={props.kind === "bar" ? { fill: token.colorFillTertiary } : { stroke: token.colorBorder }}
    />
  );
  return (
    <Card size="small" title={props.title} loading={props.loading}>
      <figure aria-label={props.title} style={{ margin: 0, height: 220 }}>
        {empty ? (
          <Empty description={t("insights.noQueries")} />
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            {props.kind === "bar" ? (
              <BarChart data={points} margin={{ top: 8, right: 36, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
                <XAxis dataKey="interval_alias" tick={axis} interval="preserveStartEnd" minTickGap={16} />
                <YAxis allowDecimals={false} tick={axis} />
                {tooltip}
                <Bar dataKey="user_count" fill={token.colorPrimary} radius={[4, 4, 0, 0]} isAnimationActive={false} />
              </BarChart>
            ) : (
              <LineChart data={points} margin={{ top: 8, right: 36, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
                <XAxis dataKey="interval_alias" tick={axis} interval="preserveStartEnd" minTickGap={16} />
                <YAxis allowDecimals={false} tick={axis} />
                {tooltip}
                <Line
                  type="monotone"
                  dataKey="user_count"
                  stroke={token.colorPrimary}
                  strokeWidth={2}
                  isAnimationActive={false}
                />
              </LineChart>
            )}
          </ResponsiveContainer>
        )}
      </figure>
      {/* The figures behind the chart, for screen readers and tests. */}
      <table style={VISUALLY_HIDDEN} aria-label={`${props.title} ${t("insights.figures")}`}>
        <tbody>
          {points.map((p) => (
            <tr key={p.interval_alias}>
              <th scope="row">{p.interval_alias}</th>
              <td>{p.user_count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

export function TopQueriesChart(props: { points: Point[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return <ChartCard kind="bar" title={t("insights.topQueries")} {...props} />;
}

export function UsageCharts(props: { weekly: Point[] | undefined; monthly: Point[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t("insights.usageSummary")}
      style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 12 }}
    >
      <ChartCard kind="line" title={t("insights.weeklyActiveUsers")} points={props.weekly} loading={props.loading} />
      <ChartCard kind="line" title={t("insights.monthlyActiveUsers")} points={props.monthly} loading={props.loading} />
    </section>
  );
}
