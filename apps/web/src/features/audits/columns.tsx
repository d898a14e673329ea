import { EyeInvisibleOutlined, EyeOutlined } from "@ant-design/icons";
import { Button, Flex, Tooltip, Typography } from "antd";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import type { ChangeEntry } from "@console/contracts";
import { POLICY_CHANGE_SET_ACTIONS } from "@console/contracts/constants";
import { formatDateTimeZoned } from "../../shared/lib/format";
import type { ListColumn } from "../../shared/ui/ListTable";
import { StatusBadge } from "../../shared/ui/StatusBadge";
import { assignmentsOf } from "./changes";
import type { ColumnContext, DrawerRequest, Row } from "./column-types";
import { explainColumn } from "./explainColumn";
import {
  collapseWhitespace,
  httpSuccess,
  maskIp,
  minioSeconds,
  secondsBetween,
  stripHtml,
  trinoStatus,
} from "./derive";

const get = (row: Row, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Row)[k] : undefined), row);

function time(key: string, epochSeconds = false): (c: ColumnContext) => ListColumn<Row> {
  return ({ t }) => ({
    title: t(key === "execution_date" ? "audits.col.executionDate" : "audits.col.time"),
    key,
    // A time reads on one line; long texts beside it give way instead.
    onCell: () => ({ style: { whiteSpace: "nowrap" } }),
    render: (_: unknown, r: Row) => {
      const v = get(r, key) as string | number | null;
      // With its zone: an audit time is matched against other systems' logs.
      return formatDateTimeZoned(epochSeconds && typeof v === "number" ? v * 1000 : v);
    },
  });
}
const text =
  (key: string, title: string) =>
  ({ t }: ColumnContext): ListColumn<Row> => ({
    title: t(title),
    key,
    render: (_: unknown, r: Row) => {
      const v = get(r, key);
      return v === null || v === undefined ? "" : String(v);
    },
  });
const ip =
  (key: string, title = "audits.col.ipAddress") =>
  ({ t, showIps, toggleIps }: ColumnContext): ListColumn<Row> => ({
    title: (
      <Flex gap={4} align="center">
        {t(title)}
        <Button
          type="text"
          size="small"
          aria-pressed={showIps}
          aria-label={showIps ? t("audits.hideIps") : t("audits.showIps")}
          icon={showIps ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={toggleIps}
        />
      </Flex>
    ),
    key,
    render: (_: unknown, r: Row) => {
      const v = get(r, key) as string | null;
      return showIps ? v : maskIp(v);
    },
  });
const badge =
  (title: string, value: (r: Row) => string | boolean | null, label?: (r: Row, t: TFunction) => string) =>
  ({ t }: ColumnContext): ListColumn<Row> => ({
    title: t(title),
    key: title,
    render: (_: unknown, r: Row) => {
      const v = value(r);
      if (v === null || v === undefined) return "";
      return <StatusBadge value={v} label={label ? label(r, t) : undefined} />;
    },
  });
const outcome = (ok: (r: Row) => boolean) =>
  badge(
    "audits.col.status",
    (r) => (ok(r) ? "success" : "failure"),
    (r, t) => t(ok(r) ? "audits.success" : "audits.failure"),
  );

function drawerButton(
  c: ColumnContext,
  label: string,
  name: string,
  request: DrawerRequest,
  aria = "audits.viewChangeSet",
): ReactNode {
  return (
    <Button type="link" size="small" aria-label={c.t(aria, { name })} onClick={() => c.open(request)}>
      {label}
    </Button>
  );
}

const changeSet =
  (kind: "settings" | "classification", only: ((r: Row) => boolean) | null, nameKey: string) =>
  (c: ColumnContext): ListColumn<Row> => ({
    title: c.t("audits.col.changeSet"),
    key: "changeSet",
    render: (_: unknown, r: Row) => {
      const cs = (r.changeSet ?? r.change_set) as ChangeEntry[] | null;
      if (!cs || cs.length === 0 || (only && !only(r))) return c.t("audits.na");
      return drawerButton(c, c.t("audits.view"), String(get(r, nameKey) ?? ""), { kind, row: r });
    },
  });

type ColumnMaker = (c: ColumnContext) => ListColumn<Row>;

/** The columns of each tab (spec section 2), with their derivations. */
export const COLUMNS: Record<string, ColumnMaker[]> = {
  "user-management-login": [
    time("time"),
    text("username", "audits.col.username"),
    ip("ipAddress"),
    text("type", "audits.col.eventType"),
    text("clientId", "audits.col.clientId"),
  ],
  "user-management-admin-events": [
    time("time"),
    text("username", "audits.col.username"),
    ip("authDetails.ipAddress"),
    text("operationType", "audits.col.operationType"),
    text("resourceType", "audits.col.resourceType"),
  ],
  "presto-db-trino": [
    time("created_at"),
    text("username", "audits.col.username"),
    ip("source", "audits.col.sourceIp"),
    ({ t }) => ({
      title: t("audits.col.query"),
      key: "query",
      width: "40%",
      render: (_: unknown, r: Row) => {
        const q = collapseWhitespace(r.query as string);
        return (
          <Typography.Text ellipsis={{ tooltip: q }} style={{ maxWidth: 480 }}>
            {q}
          </Typography.Text>
        );
      },
    }),
    text("time_taken_to_record", "audits.col.executionTime"),
    ({ t }) => ({
      title: t("audits.col.status"),
      key: "status",
      render: (_: unknown, r: Row) => {
        const s = trinoStatus(r.time_taken_to_record as string);
        const b = <StatusBadge value={s} label={t(s === "success" ? "audits.success" : "audits.failure")} />;
        return s === "failure" && r.error ? <Tooltip title={String(r.error)}>{b}</Tooltip> : b;
      },
    }),
    explainColumn,
  ],
  "apache-airflow-airflow": [
    time("execution_date"),
    text("dag_id", "audits.col.dagId"),
    text("run_id", "audits.col.runId"),
    text("run_type", "audits.col.runType"),
    ({ t }) => ({
      title: t("audits.col.externalTrigger"),
      key: "external_trigger",
      render: (_: unknown, r: Row) => t(r.external_trigger ? "audits.yes" : "audits.no"),
    }),
    ({ t }) => ({
      title: t("audits.col.executionSeconds"),
      key: "seconds",
      render: (_: unknown, r: Row) => {
        const s = secondsBetween(r.start_date as string | null, r.end_date as string | null);
        return s === null ? "" : String(s);
      },
    }),
    badge("audits.col.state", (r) => r.state as string),
  ],
  "policy-management-reviews": [
    time("createdAt"),
    text("username", "audits.col.username"),
    text("reviewName", "audits.col.reviewName"),
    text("action", "audits.col.action"),
    ({ t }) => ({
      title: t("audits.col.reviewWhat"),
      key: "what",
      render: (_: unknown, r: Row) => {
        const d = r.decision as { comment: string } | null;
        return (
          <>
            <div>{String(r.summary ?? "")}</div>
            {d?.comment ? (
              <Typography.Text type="secondary">{t("audits.reviewComment", { comment: d.comment })}</Typography.Text>
            ) : null}
          </>
        );
      },
    }),
  ],
  "policy-management-acl": [
    time("createdAt"),
    text("username", "audits.col.username"),
    ip("ipAddress"),
    text("policyId", "audits.col.policyId"),
    text("policyName", "audits.col.policyName"),
    text("action", "audits.col.action"),
    (c) => ({
      title: c.t("audits.col.changeSet"),
      key: "changeSet",
      render: (_: unknown, r: Row) => {
        const name = String(r.policyName ?? r.policyId ?? "");
        const cs = r.changeSet as ChangeEntry[] | null;
        const showChanges = (POLICY_CHANGE_SET_ACTIONS as readonly string[]).includes(String(r.action));
        const assigned = assignmentsOf(cs, r.assignment as Parameters<typeof assignmentsOf>[1]);
        if (!showChanges && !assigned) return c.t("audits.na");
        return (
          <Flex gap={0} wrap>
            {showChanges ? drawerButton(c, c.t("audits.view"), name, { kind: "policy", row: r }) : null}
            {assigned
              ? drawerButton(
                  c,
                  c.t("audits.col.assignments"),
                  name,
                  { kind: "assignments", row: r },
                  "audits.viewAssignments",
                )
              : null}
          </Flex>
        );
      },
    }),
  ],
  "minio-minio": [
    time("time"),
    text("username", "audits.col.username"),
    text("remoteHost", "audits.col.remoteHost"),
    text("bucket", "audits.col.bucket"),
    text("api.name", "audits.col.apiName"),
    ({ t }) => ({
      title: t("audits.col.executionTime"),
      key: "seconds",
      render: (_: unknown, r: Row) => {
        const s = minioSeconds(get(r, "api.timeToResponse") as number | null);
        return s === null ? "" : String(s);
      },
    }),
    badge(
      "audits.col.status",
      (r) => (httpSuccess(get(r, "api.statusCode") as number | null) ? "success" : "failure"),
      (r) => String(get(r, "api.status") ?? get(r, "api.statusCode") ?? ""),
    ),
  ],
  "user-management-sync": [
    time("createdAt"),
    text("username", "audits.col.username"),
    text("jobId", "audits.col.jobId"),
    text("action", "audits.col.action"),
    text("syncedUsers", "audits.col.usersSynced"),
    text("syncedGroups", "audits.col.groupsSynced"),
    ({ t }) => ({
      title: t("audits.col.status"),
      key: "status",
      render: (_: unknown, r: Row) => {
        const b = <StatusBadge value={r.status as string} />;
        return String(r.status).toLowerCase() === "failed" && r.message ? (
          <Tooltip title={String(r.message)}>
            <span tabIndex={0}>{b}</span>
          </Tooltip>
        ) : (
          b
        );
      },
    }),
  ],
  "user-management-userManagement": [
    time("createdAt"),
    text("username", "audits.col.username"),
    ip("ipAddress"),
    text("action", "audits.col.action"),
    text("summary", "audits.col.summary"),
    outcome((r) => r.status === true),
  ],
  "debezium-connectors": [
    time("createdAt"),
    text("username", "audits.col.username"),
    ip("ipAddress"),
    text("action", "audits.col.action"),
    text("summary", "audits.col.summary"),
    outcome((r) => r.status === true),
  ],
  "settings-components": [
    time("createdAt"),
    text("username", "audits.col.username"),
    ip("ipAddress"),
    text("componentName", "audits.col.componentName"),
    text("action", "audits.col.action"),
    outcome((r) => r.status === true),
    changeSet("settings", null, "componentName"),
  ],
  "settings-menu": [
    time("createdAt"),
    text("username", "audits.col.username"),
    ip("ipAddress"),
    text("menuName", "audits.col.menuName"),
    text("action", "audits.col.action"),
    outcome((r) => r.status === true),
    changeSet("settings", null, "menuName"),
  ],
  "querybook-querybook": [
    time("created_at", true),
    text("username", "audits.col.username"),
    ip("ip_address"),
    text("id", "audits.col.eventId"),
    ({ t }) => ({
      title: t("audits.col.notebookSummary"),
      key: "summary",
      render: (_: unknown, r: Row) => stripHtml(r.summary as string),
    }),
    outcome((r) => httpSuccess(r.status_code as number | null)),
  ],
  "data-classification-classification": [
    time("created_at", true),
    text("created_by", "audits.col.createdBy"),
    ip("ip_address"),
    text("rule_name", "audits.col.ruleName"),
    text("action_name", "audits.col.action"),
    changeSet("classification", (r) => r.action_name === "UPDATE", "rule_name"),
  ],
};
