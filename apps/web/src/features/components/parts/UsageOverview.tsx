import { Card, Col, Row, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OVERVIEW_DURATION_DEFAULT, OVERVIEW_DURATIONS_MIN } from "@console/contracts/constants";
import { errorMessage } from "../../../shared/lib/api";
import { formatBytes } from "../../../shared/lib/format";
import { UsageChart } from "../../../shared/ui/UsageChart";
import { useComponentOverview } from "../api";

/** A component's CPU and memory overview charts over 30 to 180 minutes (shown when the flag is on). */
export function UsageOverview(props: { component: string }) {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState<number>(OVERVIEW_DURATION_DEFAULT);
  const overview = useComponentOverview(props.component, minutes, true);
  const h = overview.data;
  const empty = overview.error
    ? errorMessage(overview.error)
    : h && !h.metricsAvailable
      ? t("cluster.metricsUnavailable")
      : t("components.overview.noSamples");
  const chart = (key: "cpu" | "memory") => (
    <UsageChart
      label={t(`components.overview.${key}`, { minutes })}
      history={h}
      emptyText={empty}
      series={[
        key === "cpu"
          ? { key, name: t("cluster.pod.cpu"), format: (v) => `${Math.round(v)}m` }
          : { key, name: t("cluster.pod.memory"), format: (v) => formatBytes(v) },
      ]}
    />
  );
  return (
    <Card
      size="small"
      title={t("components.overview.title")}
      loading={overview.isLoading}
      extra={
        <Select
          aria-label={t("components.overview.duration")}
          value={minutes}
          onChange={setMinutes}
          style={{ width: 140 }}
          options={OVERVIEW_DURATIONS_MIN.map((m) => ({ value: m, label: t("components.overview.minutes", { m }) }))}
        />
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          {chart("cpu")}
        </Col>
        <Col xs={24} xl={12}>
          {chart("memory")}
        </Col>
      </Row>
    </Card>
  );
}
