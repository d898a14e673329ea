import { SEARCH } from "./parts/search";
import { App, Button, Card, Flex, Select, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicationSummary } from "@console/contracts";
import { toast } from "../../app/shell/notify";
import { errorMessage } from "../../shared/lib/api";
import { formatDateTime } from "../../shared/lib/format";
import { PageHeader } from "../../shared/ui/PageHeader";
import { useCompare, usePublication, usePublications, useRestore } from "./api";
import { policyCrumbs } from "./crumbs";

/** Numbered publications of the rules: view one, compare two, restore an earlier one. */
export default function PublicationsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const list = usePublications();
  const restore = useRestore();
  const [viewing, setViewing] = useState<number | null>(null);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const shown = usePublication(viewing);
  const diff = useCompare(from, to);
  const items = list.data?.items ?? [];
  const options = items.map((p) => ({
    value: p.number,
    label: t("policies.publications.number", { number: p.number }),
  }));

  const doRestore = (n: number) =>
    modal.confirm({
      title: t("common.areYouSure"),
      content: t("policies.publications.restoreWhat", { number: n }),
      okText: t("common.confirm"),
      cancelText: t("common.cancel"),
      onOk: async () => {
        try {
          toast.success((await restore.mutateAsync(n)).message);
        } catch (err) {
          toast.error(errorMessage(err));
        }
      },
    });

  return (
    <>
      <PageHeader crumbs={policyCrumbs(t, t("policies.publications.title"))} title={t("policies.publications.title")} />
      <Flex vertical gap={16}>
        <Table<PublicationSummary>
          size="middle"
          rowKey="number"
          loading={list.isLoading}
          dataSource={items}
          pagination={{ pageSize: 10 }}
          locale={{ emptyText: t("policies.publications.empty") }}
          columns={[
            {
              title: t("policies.publications.column.number"),
              dataIndex: "number",
              render: (n: number, p) => (
                <Flex gap={6}>
                  {n}
                  {p.current ? <Tag color="green">{t("policies.publications.current")}</Tag> : null}
                </Flex>
              ),
            },
            {
              title: t("policies.publications.column.createdAt"),
              dataIndex: "createdAt",
              render: (v: string) => formatDateTime(v),
            },
            { title: t("policies.publications.column.createdBy"), dataIndex: "createdBy" },
            { title: t("policies.publications.column.policies"), dataIndex: "policyCount" },
            { title: t("policies.publications.column.rules"), dataIndex: "ruleCount" },
            { title: t("policies.publications.column.restoredFrom"), dataIndex: "restoredFrom" },
            {
              title: t("common.actions"),
              key: "actions",
              render: (_: unknown, p) => (
                <Flex gap={4}>
                  <Button
                    size="small"
                    onClick={() => setViewing(p.number)}
                    aria-label={t("policies.publications.view", { number: p.number })}
                  >
                    {t("policies.publications.viewShort")}
                  </Button>
                  {!p.current ? (
                    <Button
                      size="small"
                      onClick={() => doRestore(p.number)}
                      aria-label={t("policies.publications.restore", { number: p.number })}
                    >
                      {t("policies.publications.restoreShort")}
                    </Button>
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
        <Card title={t("policies.publications.compare")}>
          <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
            <Select
              showSearch={SEARCH}
              aria-label={t("policies.publications.from")}
              placeholder={t("policies.publications.from")}
              style={{ width: 180 }}
              value={from}
              onChange={setFrom}
              options={options}
            />
            <Select
              showSearch={SEARCH}
              aria-label={t("policies.publications.to")}
              placeholder={t("policies.publications.to")}
              style={{ width: 180 }}
              value={to}
              onChange={setTo}
              options={options}
            />
          </Flex>
          {diff.isError ? <Typography.Text type="danger">{errorMessage(diff.error)}</Typography.Text> : null}
          {diff.data
            ? diff.data.sections.map((s) => (
                <div key={s.section} style={{ marginBottom: 8 }}>
                  <Typography.Text strong>{t(`policies.publications.section.${s.section}`)}</Typography.Text>
                  {s.added.length + s.removed.length === 0 ? <div>{t("policies.publications.noChange")}</div> : null}
                  <pre style={{ whiteSpace: "pre-wrap", margin: 0 }}>
                    {[...s.removed.map((l) => `- ${l}`), ...s.added.map((l) => `+ ${l}`)].join("\n")}
                  </pre>
                </div>
              ))
            : null}
        </Card>
        {viewing !== null ? (
          <Card
            title={t("policies.publications.rulesOf", { number: viewing })}
            extra={<Button onClick={() => setViewing(null)}>{t("common.close")}</Button>}
          >
            {shown.data ? (
              <>
                <pre
                  aria-label={t("policies.publications.rulesOf", { number: viewing })}
                  style={{ maxHeight: 400, overflow: "auto" }}
                >
                  {JSON.stringify(shown.data.rules, null, 2)}
                </pre>
                <Typography.Text strong>{t("policies.publications.groupFile")}</Typography.Text>
                <pre style={{ maxHeight: 200, overflow: "auto" }}>
                  {shown.data.groupFile || t("policies.publications.noGroups")}
                </pre>
              </>
            ) : (
              t("common.loading")
            )}
          </Card>
        ) : null}
      </Flex>
    </>
  );
}
