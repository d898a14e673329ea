import { Alert, Collapse, Empty, Flex, Segmented, Spin, Table, Tabs, Tag, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ImpactChange, ImpactPreview, ImpactWindow } from "@console/contracts";
import { IMPACT_WINDOWS } from "@console/contracts/constants";
import { errorMessage } from "../../../shared/lib/api";
import { formatDateTime } from "../../../shared/lib/format";
import { ImpersonationChanges } from "./ImpersonationChanges";

type Group = ImpactPreview["byUser"][number];

/** The window selector: 7, 30 or 90 days of usage. */
export function WindowPicker(props: { value: ImpactWindow; onChange: (w: ImpactWindow) => void }) {
  const { t } = useTranslation();
  return (
    <Segmented<ImpactWindow>
      aria-label={t("policies.impact.window")}
      value={props.value}
      onChange={props.onChange}
      options={IMPACT_WINDOWS.map((w) => ({ value: w, label: t("policies.impact.days", { count: w }) }))}
    />
  );
}

function ChangeText(props: { c: ImpactChange }) {
  const { t } = useTranslation();
  const { c } = props;
  const text = t(`policies.impact.kind.${c.kind}`, { column: c.column, before: c.before, after: c.after });
  return c.kind === "denied" ? <Typography.Text type="danger">{text}</Typography.Text> : <>{text}</>;
}

function Changes(props: { group: Group; by: "user" | "table" }) {
  const { t } = useTranslation();
  return (
    <Table<ImpactChange>
      size="small"
      pagination={false}
      rowKey={(c) => `${c.kind}|${c.user}|${c.table}|${c.column ?? ""}`}
      dataSource={props.group.changes}
      columns={[
        { title: t("policies.impact.column.change"), key: "change", render: (_: unknown, c) => <ChangeText c={c} /> },
        props.by === "user"
          ? { title: t("policies.impact.column.table"), dataIndex: "table", key: "table" }
          : {
              title: t("policies.impact.column.user"),
              key: "user",
              render: (_: unknown, c) => (
                <>
                  {c.user} {c.userExists ? null : <NotConsoleUser />}
                </>
              ),
            },
        {
          title: t("policies.impact.column.columns"),
          key: "columns",
          render: (_: unknown, c) =>
            c.kind === "denied" || c.kind === "allowed"
              ? c.columns.join(", ") || t("policies.impact.allColumns")
              : (c.column ?? c.columns.join(", ")),
        },
        { title: t("policies.impact.column.queries"), dataIndex: "queries", key: "queries", align: "right" },
        {
          title: t("policies.impact.column.lastSeen"),
          key: "lastSeen",
          render: (_: unknown, c) => formatDateTime(c.lastSeen),
        },
      ]}
    />
  );
}

/**
 * A Trino user the console's directory does not hold: a service account, someone Trino
 * authenticates elsewhere, or a user since removed. Said on the tag, explained on hover or focus.
 */
function NotConsoleUser() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t("policies.impact.notConsoleUserHint")}>
      <Tag tabIndex={0}>{t("policies.impact.notConsoleUser")}</Tag>
    </Tooltip>
  );
}

function Groups(props: { groups: Group[]; by: "user" | "table" }) {
  const { t } = useTranslation();
  return (
    <Collapse
      size="small"
      items={props.groups.map((g) => ({
        key: g.key,
        label: (
          <Flex gap={8} wrap align="center">
            <Typography.Text strong>{g.key}</Typography.Text>
            {g.userExists === false ? <NotConsoleUser /> : null}
            <Typography.Text type="secondary">
              {t("policies.impact.queries", { count: g.queries })},{" "}
              {t("policies.impact.lastSeen", { at: formatDateTime(g.lastSeen) })}
            </Typography.Text>
          </Flex>
        ),
        children: <Changes group={g} by={props.by} />,
      }))}
    />
  );
}

/** An impact preview: its sentence, then the changes grouped by user and by table (with loading, empty and error states). */
export function ImpactView(props: {
  data: ImpactPreview | undefined;
  loading: boolean;
  error: unknown;
  window: ImpactWindow;
  lists?: boolean;
}) {
  const { t } = useTranslation();
  const p = props.data;
  const empty = p && p.totals.changes === 0 && p.impersonations.length === 0;
  const denies = !!p && (p.totals.deniedUsers > 0 || p.totals.impersonationDenied > 0);
  return (
    <Spin spinning={props.loading}>
      <Flex vertical gap={12} style={{ minHeight: 48 }}>
        {props.error ? <Alert type="error" showIcon title={errorMessage(props.error)} /> : null}
        {p && !empty ? <Alert type={denies ? "warning" : "info"} showIcon title={p.summary} role="status" /> : null}
        {empty ? (
          <Empty
            image={props.lists === false ? Empty.PRESENTED_IMAGE_SIMPLE : undefined}
            description={t("policies.impact.none", { count: props.window })}
          />
        ) : null}
        {p && !empty && props.lists !== false ? (
          <>
            {p.truncated ? <Alert type="info" title={t("policies.impact.truncated")} /> : null}
            <Tabs
              items={[
                {
                  key: "user",
                  label: t("policies.impact.byUser"),
                  children: <Groups groups={p.byUser} by="user" />,
                },
                {
                  key: "table",
                  label: t("policies.impact.byTable"),
                  children: <Groups groups={p.byTable} by="table" />,
                },
                ...(p.impersonations.length > 0
                  ? [
                      {
                        key: "impersonation",
                        label: t("policies.impact.impersonation.tab"),
                        children: <ImpersonationChanges changes={p.impersonations} />,
                      },
                    ]
                  : []),
              ]}
            />
          </>
        ) : null}
      </Flex>
    </Spin>
  );
}
