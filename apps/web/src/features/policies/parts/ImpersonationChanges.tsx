import { Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ImpersonationChange } from "@console/contracts";
import { formatDateTime } from "../../../shared/lib/format";

/** The service accounts whose right to act as a user changes, with the queries they ran so in the window. */
export function ImpersonationChanges(props: { changes: ImpersonationChange[] }) {
  const { t } = useTranslation();
  return (
    <Table<ImpersonationChange>
      size="small"
      pagination={false}
      rowKey={(c) => `${c.kind}|${c.principal}|${c.user}`}
      dataSource={props.changes}
      columns={[
        {
          title: t("policies.impact.column.change"),
          key: "kind",
          render: (_: unknown, c) =>
            c.kind === "denied" ? (
              <Typography.Text type="danger">{t("policies.impact.impersonation.denied")}</Typography.Text>
            ) : (
              t("policies.impact.impersonation.allowed")
            ),
        },
        {
          title: t("policies.impact.impersonation.principal"),
          key: "principal",
          render: (_: unknown, c) => (
            <>
              {c.principal} {c.principalExists ? null : <Tag>{t("policies.impact.impersonation.serviceAccount")}</Tag>}
            </>
          ),
        },
        { title: t("policies.impact.impersonation.user"), dataIndex: "user", key: "user" },
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
