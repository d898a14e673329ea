import { WhoCanSeeLink } from "../../access-reviews/WhoCanSeeLink";
import { SEARCH } from "../parts/search";
import { Alert, Checkbox, Form, Input, Select } from "antd";
import type { CheckboxGroupProps } from "antd/es/checkbox";
import { useTranslation } from "react-i18next";
import type { PolicyCategory } from "@console/contracts";
import {
  ALL,
  DATA_CATEGORIES,
  POLICY_CATEGORIES,
  POLICY_LIMITS,
  PRIVILEGES,
  TAG_CATEGORIES,
} from "@console/contracts/constants";
import { errorMessage } from "../../../shared/lib/api";
import { maxRule } from "../../../shared/lib/formRules";
import { useLookups, useTags } from "../api";
import { KindFields } from "./KindFields";
import type { WizardValues } from "./model";

/** Step 1: name, category and what the policy covers (spec: policy step 1). */
export function DetailsStep(props: { values: WizardValues; nameTaken: boolean; editing: boolean }) {
  const { t } = useTranslation();
  const v = props.values;
  const lookups = useLookups();
  const catalog = lookups.data?.catalogs.find((c) => c.name === v.catalogName);
  const schema = catalog?.schemas.find((s) => s.name === v.schemaName[0]);
  const isTag = !!v.category && TAG_CATEGORIES.includes(v.category);
  const tags = useTags(isTag ? v.category : undefined, v.catalogName, v.schemaName[0]);
  const chosenMissing = isTag && tags.data ? v.tags.filter((x) => !tags.data.data.some((d) => d.name === x)) : [];
  const data = !v.category || DATA_CATEGORIES.includes(v.category);
  const group = (list: readonly PolicyCategory[]) =>
    list.map((c) => ({ value: c, label: t(`policies.category.${c}`) }));
  return (
    <>
      {lookups.isError ? (
        <Alert
          type="error"
          showIcon
          title={t("policies.wizard.lookupsFailed")}
          description={errorMessage(lookups.error)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item
        name="policyName"
        label={t("policies.field.name")}
        required
        validateStatus={props.nameTaken ? "error" : undefined}
        help={props.nameTaken ? t("policies.wizard.nameTaken") : undefined}
        rules={[
          { required: true, whitespace: true, message: t("policies.wizard.nameRequired") },
          maxRule(POLICY_LIMITS.name, (max) => t("policies.wizard.nameMax", { max })),
        ]}
      >
        <Input maxLength={POLICY_LIMITS.name} autoFocus />
      </Form.Item>
      <Form.Item name="category" label={t("policies.field.category")} required>
        <Select<PolicyCategory>
          showSearch={SEARCH}
          aria-label={t("policies.field.category")}
          options={[
            { label: t("policies.categoryGroup.data"), options: group(DATA_CATEGORIES) },
            {
              label: t("policies.categoryGroup.rules"),
              options: group(POLICY_CATEGORIES.filter((c) => !DATA_CATEGORIES.includes(c))),
            },
          ]}
        />
      </Form.Item>
      {v.category && !data ? <KindFields category={v.category} values={v} /> : null}
      {v.category && data ? (
        <Form.Item name="catalogName" label={t("policies.field.catalog")} required>
          <Select
            showSearch={SEARCH}
            aria-label={t("policies.field.catalog")}
            loading={lookups.isLoading}
            options={(lookups.data?.catalogs ?? []).map((c) => ({ value: c.name, label: c.name }))}
          />
        </Form.Item>
      ) : null}
      {data && v.category && v.category !== "catalog" && v.catalogName ? (
        v.category === "schema" ? (
          <Form.Item name="schemaName" label={t("policies.field.schema")} required>
            <Select
              showSearch={SEARCH}
              mode="multiple"
              aria-label={t("policies.field.schema")}
              options={(catalog?.schemas ?? []).map((s) => ({ value: s.name, label: s.name }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="schemaName"
            label={t("policies.field.schema")}
            required
            getValueProps={(value: string[]) => ({ value: value?.[0] })}
            getValueFromEvent={(value: string | undefined) => (value ? [value] : [])}
          >
            <Select
              showSearch={SEARCH}
              aria-label={t("policies.field.schema")}
              options={(catalog?.schemas ?? []).map((s) => ({ value: s.name, label: s.name }))}
            />
          </Form.Item>
        )
      ) : null}
      {v.category === "tables" && schema ? (
        <Form.Item
          name="tables"
          label={t("policies.field.tables")}
          required
          extra={
            v.tables.length === 1 && v.tables[0] !== ALL ? (
              <WhoCanSeeLink target={{ catalog: v.catalogName ?? "", schema: v.schemaName[0], table: v.tables[0] }} />
            ) : v.schemaName.length === 1 ? (
              <WhoCanSeeLink target={{ catalog: v.catalogName ?? "", schema: v.schemaName[0] }} />
            ) : null
          }
        >
          <Select
            showSearch={SEARCH}
            mode="multiple"
            aria-label={t("policies.field.tables")}
            options={[
              { value: ALL, label: t("policies.allTables") },
              ...schema.tables.map((x) => ({ value: x.name, label: x.name })),
            ]}
          />
        </Form.Item>
      ) : null}
      {isTag && v.schemaName.length === 1 ? (
        <>
          {chosenMissing.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              title={t("policies.wizard.tagDeleted", { tags: chosenMissing.join(", ") })}
              style={{ marginBottom: 12 }}
            />
          ) : null}
          <Form.Item
            name="tags"
            label={t(v.category!.endsWith("Glossary") ? "policies.field.glossary" : "policies.field.tags")}
            required
          >
            <Select
              showSearch={SEARCH}
              mode="multiple"
              aria-label={t(v.category!.endsWith("Glossary") ? "policies.field.glossary" : "policies.field.tags")}
              loading={tags.isLoading}
              options={(tags.data?.data ?? []).map((x) => ({ value: x.name, label: `${x.name} (${x.tables.length})` }))}
            />
          </Form.Item>
          {tags.isError ? <Alert type="error" showIcon title={errorMessage(tags.error)} /> : null}
        </>
      ) : null}
      {data && v.category && v.category !== "catalog" ? (
        <Form.Item name="tablePrivileges" label={t("policies.field.privileges")} required={v.category !== "schema"}>
          <PrivilegeChecks label={t("policies.field.privileges")} />
        </Form.Item>
      ) : null}
    </>
  );
}

/** The privilege checkboxes as one named group (a group takes no aria-required: each box is the control). */
function PrivilegeChecks({
  label,
  ...props
}: CheckboxGroupProps<string> & { label: string; "aria-required"?: unknown }) {
  delete props["aria-required"];
  return (
    <Checkbox.Group
      role="group"
      aria-label={label}
      options={PRIVILEGES.map((p) => ({ value: p, label: p }))}
      {...props}
    />
  );
}
