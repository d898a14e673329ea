import { Card, Col, Row, Statistic } from "antd";
import type { Analytics } from "@console/contracts";
import { useTranslation } from "react-i18next";
import { abbreviateNumber, PLACEHOLDER } from "../../../shared/lib/format";
import { NameText } from "./NameText";

/** The analytics block: counts, then the single most active user, table and pair. */
export function StatCards(props: { analytics: Analytics | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const a = props.analytics;
  const count = (v: number | null | undefined) => (v === null || v === undefined ? PLACEHOLDER : abbreviateNumber(v));
  const numbers: Array<[string, number | null | undefined]> = [
    ["insights.weeklyActiveUsers", a?.weekly_active_users],
    ["insights.monthlyActiveUsers", a?.monthly_active_users],
    ["insights.datasets", a?.dataset],
    ["insights.schemas", a?.entity],
    ["insights.activePipelines", a?.active_pipelines],
    ["insights.pausedPipelines", a?.paused_pipelines],
  ];
  const names: Array<[string, string | null | undefined]> = [
    ["insights.topWeeklyUser", a?.top_weekly_user],
    ["insights.topMonthlyUser", a?.top_monthly_user],
    ["insights.topTable", a?.top_table],
    ["insights.topCooccurringTables", a?.top_cooccuring_table],
  ];
  return (
    <section aria-label={t("insights.analytics")}>
      <Row gutter={[12, 12]}>
        {numbers.map(([key, value]) => (
          <Col key={key} span={4}>
            <Card size="small" loading={props.loading} style={{ height: "100%" }}>
              <Statistic title={t(key)} value={count(value)} />
            </Card>
          </Col>
        ))}
        {names.map(([key, value]) => (
          <Col key={key} span={6}>
            <Card size="small" loading={props.loading} style={{ height: "100%" }}>
              <Statistic
                title={t(key)}
                value={value ?? PLACEHOLDER}
                formatter={(v) => <NameText name={String(v)} fontSize={16} />}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
