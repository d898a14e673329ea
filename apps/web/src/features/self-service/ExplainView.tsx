import { Alert, Button, Card, Descriptions, Flex, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ExplainedTable, Explanation } from "@console/contracts";
import { WhoCanSeeLink } from "../access-reviews/WhoCanSeeLink";
import { useMenu } from "../../app/queries";
import { formatDateTime } from "../../shared/lib/format";
import { toEditPolicy } from "../policies/links";

export type RequestTarget = { catalog: string; schema: string; table: string; columns: string[] };

export const tableName = (x: { catalog: string; schema: string | null; table: string | null }) =>
  [x.catalog, x.schema ?? "*", x.table ?? "*"].join(".");

/** A policy's name, linking to it for those who may open the policy screens. */
export function PolicyLink(props: { policy: { id: number; name: string } }) {
  const canOpen = (useMenu().data ?? []).some((m) => m.menuLabel === "policy-management");
  const { id, name } = props.policy;
  return canOpen ? <Link to={toEditPolicy(id)}>{name}</Link> : <span>{name}</span>;
}

function TableExplanation(props: { x: ExplainedTable; onRequest?: (t: RequestTarget) => void }) {
  const { t } = useTranslation();
  const { x } = props;
  const name = tableName(x);
  const rule = (r: { index: number; rule: object } | null, section: "tables" | "catalogs") =>
    r ? (
      <>
        <div>{t(`explain.rule.${section}`, { n: r.index + 1 })}</div>
        <Typography.Text code style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
          {JSON.stringify(r.rule)}
        </Typography.Text>
      </>
    ) : (
      t("explain.noRule")
    );
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <span>{name}</span>
          <Tag color={x.allowed ? "success" : "error"}>{t(x.allowed ? "explain.allowed" : "explain.denied")}</Tag>
        </Flex>
      }
      extra={
        <Flex gap={8} align="center">
          <WhoCanSeeLink iconOnly target={{ catalog: x.catalog, schema: x.schema, table: x.table }} />
          {!x.allowed && props.onRequest && x.schema && x.table ? (
            <Button
              size="small"
              type="primary"
              aria-label={t("explain.requestFor", { table: name })}
              onClick={() =>
                props.onRequest!({ catalog: x.catalog, schema: x.schema!, table: x.table!, columns: x.columnsRead })
              }
            >
              {t("explain.request")}
            </Button>
          ) : null}
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text strong>{t(`explain.reason.${x.reason}`, { table: name, catalog: x.catalog })}</Typography.Text>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t("explain.catalogRule")}>
            {rule(x.catalogRule, "catalogs")} ({t("explain.catalogAccess", { access: x.catalogAccess })})
          </Descriptions.Item>
          <Descriptions.Item label={t("explain.tableRule")}>{rule(x.tableRule, "tables")}</Descriptions.Item>
          <Descriptions.Item label={t("explain.privileges")}>
            {x.privileges.length ? x.privileges.join(", ") : t("explain.none")}
          </Descriptions.Item>
          {x.columnsRead.length ? (
            <Descriptions.Item label={t("explain.columnsRead")}>{x.columnsRead.join(", ")}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t("explain.filter")}>
            {x.filter ? (
              <>
                <Typography.Text code>{x.filter.expression}</Typography.Text>
                {x.filter.policy ? (
                  <>
                    {" "}
                    {t("explain.by")} <PolicyLink policy={x.filter.policy} />
                  </>
                ) : null}
              </>
            ) : (
              t("explain.noFilter")
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t("explain.policies")}>
            {x.policies.length === 0 ? (
              t("explain.noPolicies")
            ) : (
              <Flex vertical>
                {x.policies.map((p) => (
                  <span key={p.id}>
                    <PolicyLink policy={p} /> ({p.roles.map((r) => t(`explain.role.${r}`)).join(", ")})
                  </span>
                ))}
              </Flex>
            )}
          </Descriptions.Item>
        </Descriptions>
        {x.columns.length ? (
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            aria-label={t("explain.columnsOf", { table: name })}
            dataSource={x.columns}
            columns={[
              { title: t("explain.column"), dataIndex: "name" },
              {
                title: t("explain.outcome"),
                dataIndex: "outcome",
                render: (o: string) => t(`explain.outcome.${o}`),
              },
              {
                title: t("explain.mask"),
                dataIndex: "mask",
                render: (m: string | null) => (m ? <Typography.Text code>{m}</Typography.Text> : ""),
              },
              {
                title: t("explain.policy"),
                dataIndex: "policy",
                render: (p: { id: number; name: string } | null) => (p ? <PolicyLink policy={p} /> : ""),
              },
            ]}
          />
        ) : null}
      </Flex>
    </Card>
  );
}

/** One query explained: what Trino decided for each table it read, and why. */
export function ExplainView(props: { explanation: Explanation; onRequest?: (t: RequestTarget) => void }) {
  const { t } = useTranslation();
  const x = props.explanation;
  const pub = x.publication;
  return (
    <Flex vertical gap={12}>
      <Alert
        type={x.accessDenied ? "error" : x.failed ? "warning" : "success"}
        showIcon
        title={t(x.accessDenied ? "explain.refused" : x.failed ? "explain.failed" : "explain.ran", {
          user: x.username,
          time: formatDateTime(x.createdAt),
        })}
        description={x.failureMessage ?? undefined}
      />
      <Typography.Paragraph style={{ margin: 0 }}>
        {pub
          ? t("explain.publication", { n: pub.number, time: formatDateTime(pub.createdAt) })
          : t("explain.noPublication")}{" "}
        {x.currentPublication !== null && x.currentPublication !== pub?.number
          ? t("explain.currentPublication", { n: x.currentPublication })
          : null}
      </Typography.Paragraph>
      {x.bestEffort ? (
        <Alert type="warning" showIcon title={t("explain.bestEffort")} description={t(`explain.source.${x.source}`)} />
      ) : null}
      {x.tables.length === 0 ? <Typography.Text>{t("explain.noTables")}</Typography.Text> : null}
      {x.tables.map((tb, i) => (
        <TableExplanation key={`${tableName(tb)}-${i}`} x={tb} onRequest={props.onRequest} />
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t("explain.semantics")}
      </Typography.Text>
    </Flex>
  );
}
