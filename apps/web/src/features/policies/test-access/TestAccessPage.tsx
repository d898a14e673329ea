import { UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Flex, Form, Input, Radio, Select, Space, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { RulesCheckResult } from "@console/contracts";
import { errorMessage } from "../../../shared/lib/api";
import { PageHeader } from "../../../shared/ui/PageHeader";
import { useLookups, usePrincipals } from "../api";
import { policyCrumbs } from "../crumbs";
import { SEARCH } from "../parts/search";
import { rulesIdentity, useRulesCheck } from "./api";
import { complete, INITIAL_FORM, neededFields, OPERATION_NAMES, toInput, type TestForm } from "./model";
import { TestResult } from "./TestResult";

const TEXT_FIELDS = ["targetUser", "property", "routine", "column", "columnType", "grantee"] as const;

/**
 * "Test access": asks the rules engine what Trino would decide for one identity, operation and
 * resource, under the publication in force, Sync's candidate or an uploaded rules file, and
 * shows the decision with the rule (or default) that made it.
 */
export default function TestAccessPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState<TestForm>(INITIAL_FORM);
  const [who, setWho] = useState<"console" | "other">("console");
  const [username, setUsername] = useState("");
  const [other, setOther] = useState<{ user: string; groups: string[] }>({ user: "", groups: [] });
  const [file, setFile] = useState<{ name: string; rules: Record<string, unknown> } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{
    result: RulesCheckResult;
    identity: { user: string; groups: string[] };
  } | null>(null);
  const check = useRulesCheck();
  const principals = usePrincipals();
  const lookups = useLookups();
  const set = (patch: Partial<TestForm>) => {
    setForm({ ...form, ...patch });
    setAnswer(null);
  };
  const needs = new Set(neededFields(form.operation));
  const catalog = lookups.data?.catalogs.find((c) => c.name === form.catalog);
  const schema = catalog?.schemas.find((s) => s.name === form.schema);
  const identityReady = who === "console" ? !!username : !!other.user.trim();
  const ready = complete(form) && identityReady && (form.source !== "file" || !!file) && !check.isPending;

  const readFile = async (f: File) => {
    setFileError(null);
    try {
      const value: unknown = JSON.parse(await f.text());
      if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
      setFile({ name: f.name, rules: value as Record<string, unknown> });
    } catch {
      setFile(null);
      setFileError(t("policies.testAccess.fileInvalid", { name: f.name }));
    }
    return false;
  };

  const run = async () => {
    const identity =
      who === "console"
        ? await rulesIdentity(username)
        : { user: other.user.trim(), groups: other.groups.map((g) => g.trim()).filter(Boolean) };
    const result = await check.mutateAsync({
      inputs: [toInput(form, identity)],
      explain: true,
      ...(form.source === "candidate" ? { candidate: true } : {}),
      ...(form.source === "file" && file ? { rules: file.rules } : {}),
    });
    setAnswer({ result, identity: { user: identity.user, groups: identity.groups } });
  };

  const text = (name: (typeof TEXT_FIELDS)[number]) =>
    needs.has(name) ? (
      <Form.Item key={name} label={t(`policies.testAccess.field.${name}`)} required>
        <Input
          aria-label={t(`policies.testAccess.field.${name}`)}
          value={form[name]}
          onChange={(e) => set({ [name]: e.target.value })}
          style={{ width: 260 }}
        />
      </Form.Item>
    ) : null;

  return (
    <>
      <PageHeader crumbs={policyCrumbs(t, t("policies.testAccess.title"))} title={t("policies.testAccess.title")} />
      <Card style={{ marginBottom: 16 }}>
        <Form layout="vertical" onFinish={() => void run().catch(() => undefined)}>
          <Form.Item label={t("policies.testAccess.source")}>
            <Radio.Group
              aria-label={t("policies.testAccess.source")}
              value={form.source}
              onChange={(e) => set({ source: e.target.value as TestForm["source"] })}
              options={(["current", "candidate", "file"] as const).map((s) => ({
                value: s,
                label: t(`policies.testAccess.sourceOption.${s}`),
              }))}
            />
          </Form.Item>
          {form.source === "file" ? (
            <Form.Item
              validateStatus={fileError ? "error" : undefined}
              help={fileError ?? (file ? t("policies.testAccess.fileChosen", { name: file.name }) : undefined)}
            >
              <Upload accept=".json,application/json" showUploadList={false} beforeUpload={(f) => readFile(f)}>
                <Button icon={<UploadOutlined />}>{t("policies.testAccess.chooseFile")}</Button>
              </Upload>
            </Form.Item>
          ) : null}
          <Form.Item label={t("policies.testAccess.identity")}>
            <Space direction="vertical">
              <Radio.Group
                aria-label={t("policies.testAccess.identity")}
                value={who}
                onChange={(e) => setWho(e.target.value as "console" | "other")}
                options={[
                  { value: "console", label: t("policies.testAccess.consoleUser") },
                  { value: "other", label: t("policies.testAccess.otherName") },
                ]}
              />
              {who === "console" ? (
                <Select
                  showSearch={SEARCH}
                  aria-label={t("policies.testAccess.user")}
                  placeholder={t("policies.testAccess.user")}
                  style={{ width: 260 }}
                  value={username || undefined}
                  onChange={(u) => setUsername(u)}
                  loading={principals.isLoading}
                  options={(principals.data?.users ?? []).map((u) => ({ value: u, label: u }))}
                />
              ) : (
                <Flex gap={8} wrap>
                  <Input
                    aria-label={t("policies.testAccess.userName")}
                    placeholder={t("policies.testAccess.userName")}
                    style={{ width: 220 }}
                    value={other.user}
                    onChange={(e) => setOther({ ...other, user: e.target.value })}
                  />
                  <Select
                    mode="tags"
                    aria-label={t("policies.testAccess.groups")}
                    placeholder={t("policies.testAccess.groups")}
                    style={{ minWidth: 260 }}
                    value={other.groups}
                    onChange={(groups) => setOther({ ...other, groups })}
                    options={(principals.data?.groups ?? []).map((g) => ({ value: g, label: g }))}
                  />
                </Flex>
              )}
            </Space>
          </Form.Item>
          <Form.Item label={t("policies.testAccess.operation")} required>
            <Select
              showSearch={SEARCH}
              aria-label={t("policies.testAccess.operation")}
              style={{ width: 320 }}
              value={form.operation}
              onChange={(operation) => set({ operation })}
              options={OPERATION_NAMES.map((o) => ({ value: o, label: o }))}
            />
          </Form.Item>
          <Flex gap={12} wrap>
            {needs.has("catalog") ? (
              <Form.Item label={t("policies.field.catalog")} required>
                <Select
                  showSearch={SEARCH}
                  mode={undefined}
                  aria-label={t("policies.field.catalog")}
                  style={{ width: 200 }}
                  value={form.catalog || undefined}
                  onChange={(c) => set({ catalog: c, schema: "", table: "", columns: [] })}
                  options={[
                    { value: "system", label: "system" },
                    ...(lookups.data?.catalogs ?? []).map((c) => ({ value: c.name, label: c.name })),
                  ]}
                />
              </Form.Item>
            ) : null}
            {needs.has("schema") ? (
              <Form.Item label={t("policies.field.schema")} required>
                <Select
                  showSearch={SEARCH}
                  mode="tags"
                  maxCount={1}
                  aria-label={t("policies.field.schema")}
                  style={{ width: 200 }}
                  value={form.schema ? [form.schema] : []}
                  onChange={(v: string[]) => set({ schema: v.at(-1) ?? "", table: "", columns: [] })}
                  options={(catalog?.schemas ?? []).map((s) => ({ value: s.name, label: s.name }))}
                />
              </Form.Item>
            ) : null}
            {needs.has("table") ? (
              <Form.Item label={t("policies.field.table")} required>
                <Select
                  showSearch={SEARCH}
                  mode="tags"
                  maxCount={1}
                  aria-label={t("policies.field.table")}
                  style={{ width: 220 }}
                  value={form.table ? [form.table] : []}
                  onChange={(v: string[]) => set({ table: v.at(-1) ?? "", columns: [] })}
                  options={(schema?.tables ?? []).map((x) => ({ value: x.name, label: x.name }))}
                />
              </Form.Item>
            ) : null}
            {needs.has("columns") ? (
              <Form.Item label={t("policies.testAccess.field.columns")} required>
                <Select
                  mode="tags"
                  aria-label={t("policies.testAccess.field.columns")}
                  style={{ minWidth: 240 }}
                  value={form.columns}
                  onChange={(columns) => set({ columns })}
                  notFoundContent={t("policies.wizard.valuesHint")}
                />
              </Form.Item>
            ) : null}
            {TEXT_FIELDS.map(text)}
          </Flex>
          <Button type="primary" htmlType="submit" disabled={!ready} loading={check.isPending}>
            {t("policies.testAccess.run")}
          </Button>
        </Form>
      </Card>
      {check.isError ? (
        <Alert type="error" showIcon title={errorMessage(check.error)} style={{ marginBottom: 16 }} />
      ) : null}
      {answer ? <TestResult operation={form.operation} identity={answer.identity} result={answer.result} /> : null}
    </>
  );
}
