import { SEARCH } from "./parts/search";
import { Alert, Button, Card, Descriptions, Flex, Select, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { Visibility } from "@console/contracts";
import { errorMessage } from "../../shared/lib/api";
import { PLACEHOLDER } from "../../shared/lib/format";
import { PrivilegeTags } from "../../shared/ui/PrivilegeTags";
import { PageHeader } from "../../shared/ui/PageHeader";
import { useLookups, usePrincipals, useVisibility } from "./api";
import { policyCrumbs } from "./crumbs";

type Subject = { username: string; catalog: string; schema: string; table: string };

/** "What can this user see": Trino's decision for a user on a table under the current publication. */
export default function VisibilityPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const initial = {
    username: params.get("username") ?? "",
    catalog: params.get("catalog") ?? "",
    schema: params.get("schema") ?? "",
    table: params.get("table") ?? "",
  };
  const [draft, setDraft] = useState<Subject>(initial);
  const asked = initial.username && initial.catalog && initial.schema && initial.table ? initial : null;
  const result = useVisibility(asked);
  const principals = usePrincipals();
  const lookups = useLookups();
  const catalog = lookups.data?.catalogs.find((c) => c.name === draft.catalog);
  const schema = catalog?.schemas.find((s) => s.name === draft.schema);
  const complete = !!(draft.username && draft.catalog && draft.schema && draft.table);

  return (
    <>
      <PageHeader crumbs={policyCrumbs(t, t("policies.visibility.title"))} title={t("policies.visibility.title")} />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center">
          <Select
            showSearch={SEARCH}

            aria-label={t("policies.visibility.user")}
            placeholder={t("policies.visibility.user")}
            style={{ width: 200 }}
            value={draft.username || undefined}
            onChange={(username) => setDraft({ ...draft, username })}
            options={(principals.data?.users ?? []).map((u) => ({ value: u, label: u }))}
          />
          <Select
            showSearch={SEARCH}
            aria-label={t("policies.field.catalog")}
            placeholder={t("policies.field.catalog")}
            style={{ width: 160 }}
            value={draft.catalog || undefined}
            onChange={(c) => setDraft({ ...draft, catalog: c, schema: "", table: "" })}
            options={(lookups.data?.catalogs ?? []).map((c) => ({ value: c.name, label: c.name }))}
          />
          <Select
            showSearch={SEARCH}
            aria-label={t("policies.field.schema")}
            placeholder={t("policies.field.schema")}
            style={{ width: 160 }}
            value={draft.schema || undefined}
            onChange={(s) => setDraft({ ...draft, schema: s, table: "" })}
            options={(catalog?.schemas ?? []).map((s) => ({ value: s.name, label: s.name }))}
          />
          <Select
            showSearch={SEARCH}

            aria-label={t("policies.field.table")}
            placeholder={t("policies.field.table")}
            style={{ width: 200 }}
            value={draft.table || undefined}
            onChange={(tb) => setDraft({ ...draft, table: tb })}
            options={(schema?.tables ?? []).map((x) => ({ value: x.name, label: x.name }))}
          />
          <Button type="primary" disabled={!complete} onClick={() => setParams(draft)}>
            {t("policies.visibility.check")}
          </Button>
        </Flex>
        {lookups.isError ? <Typography.Text type="danger">{errorMessage(lookups.error)}</Typography.Text> : null}
      </Card>
      {result.isError ? <Alert type="error" showIcon title={errorMessage(result.error)} /> : null}
      {result.data ? (
        <Outcome v={result.data} />
      ) : asked ? null : (
        <Typography.Text type="secondary">{t("policies.visibility.hint")}</Typography.Text>
      )}
    </>
  );
}

function Outcome({ v }: { v: Visibility }) {
  const { t } = useTranslation();
  return (
    <Card title={t("policies.visibility.result", { user: v.username })}>
      {v.publication === null ? (
        <Alert type="info" showIcon title={t("policies.visibility.noPublication")} style={{ marginBottom: 12 }} />
      ) : null}
      <Descriptions size="small" bordered column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t("policies.visibility.groups")}>
          {v.groups.join(", ") || PLACEHOLDER}
        </Descriptions.Item>
        <Descriptions.Item label={t("policies.visibility.publication")}>
          {v.publication ?? PLACEHOLDER}
        </Descriptions.Item>
        <Descriptions.Item label={t("policies.visibility.catalogAccess")}>
          {t(`policies.access.${v.catalogAccess}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t("policies.field.privileges")}>
          {v.privileges.length ? (
            <PrivilegeTags privileges={v.privileges} refused={v.refusedWrites} />
          ) : (
            <Tag color="red">{t("policies.visibility.noAccess")}</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t("policies.visibility.rowFilter")} span={2}>
          {v.filter ? <code>{v.filter}</code> : v.canSelect ? t("policies.visibility.allRows") : PLACEHOLDER}
        </Descriptions.Item>
      </Descriptions>
      {!v.metadataAvailable ? (
        <Alert type="warning" showIcon title={t("policies.visibility.noMetadata")} style={{ marginBottom: 12 }} />
      ) : null}
      <Table
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={v.columns}
        aria-label={t("policies.visibility.columns")}
        columns={[
          { title: t("policies.field.column"), dataIndex: "name" },
          {
            title: t("policies.visibility.type"),
            dataIndex: "dataType",
            render: (x: string | null) => x ?? PLACEHOLDER,
          },
          {
            title: t("policies.visibility.shown"),
            key: "shown",
            render: (_: unknown, c) =>
              !c.visible ? (
                <Tag color="red">{t("policies.visibility.hidden")}</Tag>
              ) : c.mask ? (
                <Tag color="orange">{t("policies.visibility.masked")}</Tag>
              ) : (
                <Tag color="green">{t("policies.visibility.visible")}</Tag>
              ),
          },
          {
            title: t("policies.field.mask"),
            dataIndex: "mask",
            render: (m: string | null) => (m ? <code>{m}</code> : PLACEHOLDER),
          },
        ]}
      />
    </Card>
  );
}
