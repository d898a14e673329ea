import { Alert, Descriptions, Drawer, Flex, List, Statistic, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { JobDetails, JobKind, JobPod } from "@console/contracts";
import { errorMessage } from "../../../shared/lib/api";
import { formatBytes, formatDateTime, formatDuration, orPlaceholder, PLACEHOLDER } from "../../../shared/lib/format";
import { StatusBadge } from "../../../shared/ui/StatusBadge";
import { toComponentPodLogs } from "../../pod-logs/links";
import { useJobDetails, useJobOverview } from "../api";
import { jobBadge } from "./jobStatus";

/** A Spark or Flink job in depth: its overview figures, spec, pods and events (spec: job details). */
export function JobDetailsDrawer(props: {
  kind: JobKind;
  name: string | null;
  autoRefresh: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const details = useJobDetails(props.kind, props.name, props.autoRefresh);
  const overview = useJobOverview(props.kind, props.name, props.autoRefresh);
  const d = details.data;
  const o = overview.data;
  const failure = details.error ?? overview.error;
  return (
    <Drawer
      open={!!props.name}
      onClose={props.onClose}
      width={760}
      title={t("jobs.details.title", { name: props.name ?? "" })}
      loading={details.isLoading}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        {failure ? <Alert type="error" showIcon role="alert" title={errorMessage(failure)} /> : null}
        {o ? (
          <section aria-label={t("jobs.details.overview")}>
            <Flex gap={32} wrap>
              <Statistic
                title={t("jobs.status")}
                valueRender={() => (o.status ? <StatusBadge {...jobBadge(o.status)} /> : PLACEHOLDER)}
              />
              <Statistic title={t("jobs.details.duration")} value={formatDuration(o.durationSeconds)} />
              <Statistic title={t("jobs.details.podsRunning")} value={`${o.pods.running} / ${o.pods.total}`} />
              <Statistic title={t("components.restarts")} value={o.restarts} />
              <Statistic title={t("cluster.pod.cpu")} value={o.cpu === null ? PLACEHOLDER : `${o.cpu}m`} />
              <Statistic title={t("cluster.pod.memory")} value={formatBytes(o.memory)} />
            </Flex>
            {!o.metricsAvailable ? (
              <Typography.Text type="secondary">{t("cluster.metricsUnavailable")}</Typography.Text>
            ) : null}
          </section>
        ) : null}
        {d ? <JobSpec job={d} /> : null}
        {d ? <JobPods kind={props.kind} job={d} /> : null}
        {d ? (
          <section aria-label={t("jobs.details.events")}>
            <Typography.Title level={5}>{t("jobs.details.events")}</Typography.Title>
            <List
              size="small"
              dataSource={d.events.slice(0, 20)}
              locale={{ emptyText: t("jobs.details.noEvents") }}
              renderItem={(e) => (
                <List.Item>
                  <Flex gap={8} align="baseline">
                    <Tag color={e.type === "warning" ? "warning" : "default"}>{e.type}</Tag>
                    <span>{e.message}</span>
                    <Typography.Text type="secondary">{formatDateTime(e.lastTimestamp)}</Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          </section>
        ) : null}
      </Flex>
    </Drawer>
  );
}

function JobSpec(props: { job: JobDetails }) {
  const { t } = useTranslation();
  const j = props.job;
  const spark = j.kind === "spark-jobs";
  const rows: Array<[string, React.ReactNode]> = [
    ["namespace", j.namespace],
    [spark ? "applicationId" : "jobName", j.job],
    ["state", j.state],
    ["image", j.image],
    ["version", j.version],
    [spark ? "mode" : "upgradeMode", j.mode],
    [spark ? "mainClass" : "jar", j.entry],
    ...(spark ? ([["attempts", j.attempts]] as Array<[string, React.ReactNode]>) : []),
    ["created", formatDateTime(j.created)],
    ["startTime", formatDateTime(j.startTime)],
    ["terminationTime", formatDateTime(j.terminationTime)],
  ];
  return (
    <section aria-label={t("jobs.details.spec")}>
      {j.message ? <Alert type="error" showIcon title={j.message} style={{ marginBottom: 12 }} /> : null}
      <Descriptions
        size="small"
        bordered
        column={2}
        items={rows.map(([key, value]) => ({
          key,
          label: t(`jobs.details.${key}`),
          children:
            typeof value === "string" || typeof value === "number" || value === null ? orPlaceholder(value) : value,
        }))}
      />
      <Table
        style={{ marginTop: 12 }}
        size="small"
        pagination={false}
        rowKey="role"
        dataSource={j.resources}
        columns={[
          { title: t("jobs.details.role"), dataIndex: "role" },
          { title: t("jobs.details.instances"), dataIndex: "instances", render: (v) => orPlaceholder(v) },
          { title: t("jobs.details.cores"), dataIndex: "cpu", render: (v) => orPlaceholder(v) },
          { title: t("cluster.pod.memory"), dataIndex: "memory", render: (v) => orPlaceholder(v) },
        ]}
      />
    </section>
  );
}

function JobPods(props: { kind: JobKind; job: JobDetails }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t("components.pods")}>
      <Typography.Title level={5}>{t("components.pods")}</Typography.Title>
      <Table<JobPod>
        size="small"
        pagination={false}
        rowKey="name"
        dataSource={props.job.pods}
        locale={{ emptyText: t("jobs.details.noPods") }}
        columns={[
          {
            title: t("cluster.pod.name"),
            dataIndex: "name",
            render: (n: string, p) =>
              p.status === "Running" ? <Link to={toComponentPodLogs(props.kind, n, props.job.name)}>{n}</Link> : n,
          },
          { title: t("jobs.details.role"), dataIndex: "role", render: (v) => orPlaceholder(v) },
          { title: t("cluster.pod.status"), dataIndex: "status", render: (s: string) => <StatusBadge value={s} /> },
          { title: t("components.restarts"), dataIndex: "restarts" },
          { title: t("cluster.pod.node"), dataIndex: "node", render: (v) => orPlaceholder(v) },
          {
            title: t("cluster.pod.cpu"),
            key: "cpu",
            render: (_: unknown, p) => (p.cpu.usage === null ? PLACEHOLDER : `${p.cpu.usage}m`),
          },
          { title: t("cluster.pod.memory"), key: "memory", render: (_: unknown, p) => formatBytes(p.memory.usage) },
        ]}
      />
    </section>
  );
}
