import { Descriptions, Drawer, Empty, Flex, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ChangeEntry } from "@console/contracts";
import { formatDateTimeZoned } from "../../shared/lib/format";
import { assignmentsOf, describeClassificationChange, describePolicyChange } from "./changes";
import type { DrawerRequest, Row } from "./column-types";

function Bullets(props: { sentences: string[] }) {
  const { t } = useTranslation();
  if (props.sentences.length === 0) return <Empty description={t("audits.drawer.noChanges")} />;
  return (
    <ul aria-label={t("audits.drawer.changeSet")} style={{ paddingLeft: 20, margin: 0 }}>
      {props.sentences.map((s, i) => (
        // Long values (terms, expressions) wrap inside the drawer instead of running off it.
        <li key={i} style={{ marginBottom: 6, overflowWrap: "anywhere" }}>
          {s}
        </li>
      ))}
    </ul>
  );
}

function AssignmentTable(props: { title: string; names: string[]; time: string }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      pagination={false}
      title={() => <Typography.Text strong>{props.title}</Typography.Text>}
      rowKey="name"
      dataSource={props.names.map((name) => ({ name, time: props.time }))}
      locale={{ emptyText: t("common.noData") }}
      columns={[
        { title: t("audits.drawer.name"), dataIndex: "name" },
        { title: t("audits.drawer.time"), dataIndex: "time", render: (v: string) => formatDateTimeZoned(v) },
      ]}
    />
  );
}

const changesOf = (r: Row) => ((r.changeSet ?? r.change_set) as ChangeEntry[] | null) ?? [];

/** The change-set drawers: policy changes, policy assignments, classification rule and settings changes. */
export function ChangeSetDrawer(props: { request: DrawerRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const req = props.request;
  const row = req?.row ?? {};
  let title = t("audits.drawer.changeSet");
  let body: React.ReactNode = null;
  if (req?.kind === "policy") {
    title = t("audits.drawer.policy", { id: row.policyId ?? "", name: row.policyName ?? "" });
    body = <Bullets sentences={changesOf(row).flatMap((e) => describePolicyChange(e))} />;
  } else if (req?.kind === "assignments") {
    const record = row.assignment as { usersAssigned: string[]; groupsAssigned: string[]; createdAt: string } | null;
    const a = assignmentsOf(changesOf(row), record) ?? { users: [], groups: [] };
    const when = record?.createdAt ?? String(row.createdAt);
    title = t("audits.drawer.assignments");
    body = (
      <Flex vertical gap={16}>
        <Typography.Text>
          {t("audits.drawer.policy", { id: row.policyId ?? "", name: row.policyName ?? "" })}
        </Typography.Text>
        <AssignmentTable title={t("audits.drawer.assignedUsers")} names={a.users} time={when} />
        <AssignmentTable title={t("audits.drawer.assignedGroups")} names={a.groups} time={when} />
      </Flex>
    );
  } else if (req?.kind === "classification") {
    body = (
      <Flex vertical gap={16}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: "rule", label: t("audits.drawer.ruleName"), children: String(row.rule_name ?? "") },
            {
              key: "time",
              label: t("audits.drawer.time"),
              children: formatDateTimeZoned(typeof row.created_at === "number" ? row.created_at * 1000 : null),
            },
          ]}
        />
        <Bullets sentences={changesOf(row).flatMap((e) => describeClassificationChange(e))} />
      </Flex>
    );
  } else if (req?.kind === "settings") {
    body = (
      <Flex vertical gap={16}>
        <Typography.Text strong>{String(row.componentName ?? row.menuName ?? "")}</Typography.Text>
        <Bullets sentences={changesOf(row).flatMap((e) => describePolicyChange(e))} />
      </Flex>
    );
  }
  return (
    <Drawer open={!!req} onClose={props.onClose} title={title} size={520} destroyOnHidden>
      {body}
    </Drawer>
  );
}
