import { Alert, Button, Card, Empty, Flex, Input, Spin, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { WhoCanSee, WhoCanSeeUser } from "@console/contracts";
import { errorMessage } from "../../shared/lib/api";
import { formatDate, PLACEHOLDER } from "../../shared/lib/format";
import { PageHeader } from "../../shared/ui/PageHeader";
import { PrivilegeTags } from "../../shared/ui/PrivilegeTags";
import { policyCrumbs } from "../policies/crumbs";
import { downloadWhoCanSee, useWhoCanSee } from "./api";
import { Paths, Use } from "./Evidence";
import { parseTarget, targetText, type WhoCanSeeTarget } from "./links";

/** The reverse view: who can read a catalog, schema, table or column, and how. */
export default function WhoCanSeePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked: WhoCanSeeTarget | null = params.get("catalog")
    ? {
        catalog: params.get("catalog")!,
        schema: params.get("schema"),
        table: params.get("table"),
        column: params.get("column"),
      }
    : null;
  const answer = useWhoCanSee(asked);
  const search = (text: string) => {
    const q = parseTarget(text);
    if (q) setParams(Object.fromEntries(Object.entries(q).filter(([, v]) => v)) as Record<string, string>);
  };
  return (
    <>
      <PageHeader crumbs={policyCrumbs(t, t("whoCanSee.title"))} title={t("whoCanSee.title")} />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={8} align="center" wrap>
          <Input.Search
            key={asked ? targetText(asked) : ""}
            aria-label={t("whoCanSee.search")}
            placeholder={t("whoCanSee.placeholder")}
            defaultValue={asked ? targetText(asked) : ""}
            enterButton={t("whoCanSee.check")}
            onSearch={search}
            style={{ maxWidth: 560 }}
          />
          {asked && answer.data ? (
            <Button onClick={() => void downloadWhoCanSee(asked)}>{t("whoCanSee.csv")}</Button>
          ) : null}
        </Flex>
        <Typography.Text type="secondary">{t("whoCanSee.hint")}</Typography.Text>
      </Card>
      {!asked ? null : answer.isPending ? (
        <Spin aria-label={t("whoCanSee.loading")} />
      ) : answer.isError ? (
        <Alert type="error" showIcon title={errorMessage(answer.error)} />
      ) : (
        <Answer w={answer.data} />
      )}
    </>
  );
}

function Answer({ w }: { w: WhoCanSee }) {
  const { t } = useTranslation();
  const name = targetText(w);
  const onTable = w.level === "table" || w.level === "column";
  return (
    <Flex vertical gap={16}>
      {w.publication === null ? <Alert type="info" showIcon title={t("whoCanSee.noPublication")} /> : null}
      <Card
        role="region"
        aria-label={t("whoCanSee.readers", { name })}
        title={t("whoCanSee.readers", { name })}
        extra={t(w.publication === null ? "whoCanSee.countedUnpublished" : "whoCanSee.counted", {
          n: w.users.length,
          of: w.usersChecked,
          publication: w.publication,
        })}
      >
        <Table<WhoCanSeeUser>
          size="small"
          rowKey="username"
          aria-label={t("whoCanSee.readers", { name })}
          dataSource={w.users}
          pagination={w.users.length > 50 ? { pageSize: 50 } : false}
          locale={{ emptyText: <Empty description={t("whoCanSee.nobody", { name })} /> }}
          columns={[
            {
              title: t("whoCanSee.user"),
              dataIndex: "username",
              sorter: (a, b) => a.username.localeCompare(b.username),
              render: (u: string, r) => (
                <>
                  {u} {r.enabled ? null : <Tag>{t("whoCanSee.disabled")}</Tag>}
                </>
              ),
            },
            ...(onTable
              ? [
                  {
                    title: t("whoCanSee.privileges"),
                    key: "p",
                    render: (_: unknown, r: WhoCanSeeUser) => <PrivilegeTags privileges={r.privileges} refused={[]} />,
                  },
                ]
              : [{ title: t("whoCanSee.catalogAccess"), dataIndex: "catalogAccess" }]),
            { title: t("whoCanSee.how"), key: "how", render: (_, r) => <Paths paths={r.paths} links /> },
            ...(onTable
              ? [
                  {
                    title: t("whoCanSee.limits"),
                    key: "limits",
                    render: (_: unknown, r: WhoCanSeeUser) => (
                      <>
                        {r.masks.map((m) => (
                          <div key={m.column}>
                            {t("whoCanSee.masked", { column: m.column })}{" "}
                            <Typography.Text code>{m.mask}</Typography.Text>
                          </div>
                        ))}
                        {r.hidden.length ? <div>{t("whoCanSee.hidden", { columns: r.hidden.join(", ") })}</div> : null}
                        {r.filter ? (
                          <div>
                            {t("whoCanSee.filter")} <Typography.Text code>{r.filter}</Typography.Text>
                          </div>
                        ) : null}
                        {!r.masks.length && !r.hidden.length && !r.filter ? t("whoCanSee.everything") : null}
                      </>
                    ),
                  },
                  {
                    title: t("whoCanSee.rule"),
                    key: "rule",
                    render: (_: unknown, r: WhoCanSeeUser) =>
                      r.tableRule === null ? PLACEHOLDER : t("whoCanSee.ruleN", { n: r.tableRule + 1 }),
                  },
                ]
              : []),
            {
              title: t("whoCanSee.until"),
              key: "until",
              render: (_, r) => (r.until ? formatDate(r.until) : t("whoCanSee.noEnd")),
            },
            {
              title: t("whoCanSee.lastRead"),
              key: "use",
              sorter: (a, b) => (a.lastRead ?? "").localeCompare(b.lastRead ?? ""),
              render: (_, r) => <Use {...r} />,
            },
          ]}
        />
      </Card>
      <Card role="region" aria-label={t("whoCanSee.groups")} title={t("whoCanSee.groups")}>
        {w.groups.length === 0 ? (
          <Empty description={t("whoCanSee.noGroups")} />
        ) : (
          <Table
            size="small"
            rowKey="name"
            aria-label={t("whoCanSee.groups")}
            dataSource={w.groups}
            pagination={false}
            columns={[
              { title: t("whoCanSee.group"), dataIndex: "name" },
              {
                title: t("whoCanSee.policies"),
                key: "p",
                render: (_, g) => g.policies.map((p) => p.name).join(", "),
              },
            ]}
          />
        )}
        <Typography.Text type="secondary">{t("whoCanSee.groupsNote")}</Typography.Text>
      </Card>
    </Flex>
  );
}
