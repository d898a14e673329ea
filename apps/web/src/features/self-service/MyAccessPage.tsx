import { Alert, Button, Card, Collapse, Empty, Flex, Spin, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MyRequest, MyTable } from "@console/contracts";
import { errorMessage } from "../../shared/lib/api";
import { formatDateTime, formatPeriod } from "../../shared/lib/format";
import { PageHeader } from "../../shared/ui/PageHeader";
import { PrivilegeTags } from "../../shared/ui/PrivilegeTags";
import { StatusBadge } from "../../shared/ui/StatusBadge";
import { useMyAccess, useMyDenials, useMyRequests } from "./api";
import { ExplainView, PolicyLink, tableName, type RequestTarget } from "./ExplainView";
import { RequestAccessDialog, type RequestDraft } from "./RequestAccessDialog";

const draftOf = (x: RequestTarget): RequestDraft => ({
  catalog: x.catalog,
  schema: x.schema,
  tables: [x.table],
  columns: x.columns,
});

function Loading(props: { q: { isPending: boolean; isError: boolean; error: unknown }; children: React.ReactNode }) {
  if (props.q.isPending) return <Spin />;
  if (props.q.isError) return <Alert type="error" showIcon title={errorMessage(props.q.error)} />;
  return <>{props.children}</>;
}

function MyTables(props: { onRequest: (d: RequestDraft) => void }) {
  const { t } = useTranslation();
  const access = useMyAccess();
  const rows = access.data?.tables ?? [];
  return (
    <Card
      role="region"
      aria-label={t("myAccess.tables")}
      title={t("myAccess.tables")}
      extra={access.data ? t("myAccess.publication", { n: access.data.publication ?? "-" }) : null}
    >
      <Loading q={access}>
        <Table<MyTable>
          size="small"
          aria-label={t("myAccess.tables")}
          rowKey={(r) => tableName(r)}
          dataSource={rows}
          pagination={rows.length > 20 ? { pageSize: 20 } : false}
          locale={{ emptyText: <Empty description={t("myAccess.noTables")} /> }}
          columns={[
            { title: t("myAccess.table"), key: "name", render: (_, r) => tableName(r) },
            {
              title: t("explain.privileges"),
              key: "p",
              render: (_, r) => <PrivilegeTags privileges={r.privileges} refused={r.refusedWrites} />,
            },
            {
              title: t("myAccess.masks"),
              key: "masks",
              render: (_, r) =>
                r.columns.length === 0
                  ? t("myAccess.noMasks")
                  : r.columns.map((c) => (
                      <div key={c.name}>
                        {c.name}:{" "}
                        {c.allow ? <Typography.Text code>{c.mask}</Typography.Text> : t("explain.outcome.hidden")}
                      </div>
                    )),
            },
            {
              title: t("explain.filter"),
              key: "filter",
              render: (_, r) => (r.filter ? <Typography.Text code>{r.filter}</Typography.Text> : t("explain.noFilter")),
            },
            {
              title: t("explain.policies"),
              key: "policies",
              render: (_, r) =>
                r.policies.map((p) => (
                  <div key={p.id}>
                    <PolicyLink policy={p} />
                  </div>
                )),
            },
            {
              title: t("myAccess.actions"),
              key: "actions",
              render: (_, r) =>
                r.schema !== "*" && r.table !== "*" ? (
                  <Button
                    size="small"
                    aria-label={t("myAccess.requestMore", { table: tableName(r) })}
                    onClick={() =>
                      props.onRequest({ catalog: r.catalog, schema: r.schema, tables: [r.table], columns: [] })
                    }
                  >
                    {t("myAccess.requestMoreShort")}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Loading>
    </Card>
  );
}

function MyDenials(props: { onRequest: (d: RequestDraft) => void }) {
  const { t } = useTranslation();
  const denials = useMyDenials();
  const items = denials.data?.items ?? [];
  return (
    <Card role="region" aria-label={t("myAccess.denials")} title={t("myAccess.denials")}>
      <Loading q={denials}>
        {items.length === 0 ? (
          <Empty description={t("myAccess.noDenials")} />
        ) : (
          <Collapse
            items={items.map((d) => ({
              key: d.queryId,
              label: (
                <Flex vertical>
                  <span>
                    {formatDateTime(d.createdAt)} · <Typography.Text code>{d.queryId}</Typography.Text>
                  </span>
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 720 }}>
                    {d.query.replace(/\s+/g, " ")}
                  </Typography.Text>
                </Flex>
              ),
              children: <ExplainView explanation={d.explanation} onRequest={(x) => props.onRequest(draftOf(x))} />,
            }))}
          />
        )}
      </Loading>
    </Card>
  );
}

function MyRequests() {
  const { t } = useTranslation();
  const requests = useMyRequests();
  const rows = requests.data?.items ?? [];
  return (
    <Card role="region" aria-label={t("myAccess.requests")} title={t("myAccess.requests")}>
      <Loading q={requests}>
        <Table<MyRequest>
          size="small"
          aria-label={t("myAccess.requests")}
          rowKey="id"
          dataSource={rows}
          pagination={rows.length > 20 ? { pageSize: 20 } : false}
          locale={{ emptyText: <Empty description={t("myAccess.noRequests")} /> }}
          columns={[
            { title: t("myAccess.requestedAt"), key: "at", render: (_, r) => formatDateTime(r.createdAt) },
            {
              title: t("myAccess.tablesCol"),
              key: "tables",
              render: (_, r) => r.tables.map((x) => `${r.catalog}.${r.schema}.${x}`).join(", "),
            },
            {
              title: t("myAccess.reason"),
              dataIndex: "reason",
              render: (v: string) => <span style={{ whiteSpace: "pre-wrap" }}>{v}</span>,
            },
            {
              title: t("request.period"),
              key: "period",
              render: (_, r) => formatPeriod(r.startDate, r.endDate) ?? t("policies.noPeriod"),
            },
            {
              title: t("myAccess.status"),
              key: "status",
              render: (_, r) => (
                <Flex vertical gap={4}>
                  <Flex gap={4} align="center" wrap>
                    <StatusBadge value={r.status} label={t(`myAccess.status.${r.status}`)} />
                    {r.status === "approved" ? (
                      <Tag color={r.inForce ? "success" : "default"}>
                        {t(r.inForce ? "myAccess.inForce" : "myAccess.awaitingSync")}
                      </Tag>
                    ) : null}
                  </Flex>
                  {/* A rejection comes with the reviewer's reason. */}
                  {r.rejectionReason ? (
                    <Typography.Text type="secondary" style={{ whiteSpace: "pre-wrap" }}>
                      {t("myAccess.rejectionReason", { reason: r.rejectionReason })}
                    </Typography.Text>
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
      </Loading>
    </Card>
  );
}

/** "My access": what the signed-in user can read, why their queries were refused, and their requests. */
export default function MyAccessPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RequestDraft | null>(null);
  return (
    <>
      <PageHeader crumbs={[{ label: t("myAccess.title") }]} title={t("myAccess.title")} />
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t("myAccess.intro")}
        </Typography.Paragraph>
        <MyDenials onRequest={setDraft} />
        <MyRequests />
        <MyTables onRequest={setDraft} />
      </Flex>
      <RequestAccessDialog draft={draft} onClose={() => setDraft(null)} />
    </>
  );
}
