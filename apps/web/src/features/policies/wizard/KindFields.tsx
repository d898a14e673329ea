import { Alert, Checkbox, Form, Input, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import type { PolicyCategory } from "@console/contracts";
import {
  ALL,
  FUNCTION_PRIVILEGES,
  PROCEDURE_PRIVILEGES,
  QUERY_ACCESS,
  SYSTEM_INFORMATION_ACCESS,
  TRINO_SECTIONS,
} from "@console/contracts/constants";
import { useLookups, usePrincipals } from "../api";
import { SEARCH } from "../parts/search";
import type { WizardValues } from "./model";

/** A list of names that may hold names nobody listed (typed, then Enter), with "every one" first. */
function NamesSelect(props: {
  label: string;
  every?: string;
  options: string[];
  value?: string[];
  onChange?: (v: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      id={props.id}
      mode="tags"
      showSearch={SEARCH}
      aria-label={props.label}
      tokenSeparators={[","]}
      value={props.value}
      onChange={props.onChange}
      notFoundContent={t("policies.wizard.valuesHint")}
      options={[
        ...(props.every ? [{ value: ALL, label: props.every }] : []),
        ...props.options.map((o) => ({ value: o, label: o })),
      ]}
    />
  );
}

function Decision() {
  const { t } = useTranslation();
  return (
    <Form.Item name={["access", "allow"]} label={t("policies.field.decision")}>
      <Radio.Group
        aria-label={t("policies.field.decision")}
        options={[
          { value: true, label: t("policies.decision.allow") },
          { value: false, label: t("policies.decision.deny") },
        ]}
      />
    </Form.Item>
  );
}

/**
 * Step 1's fields for the kinds that govern the rest of Trino's rules file (queries,
 * impersonation, system information, session properties, functions, procedures, authorization)
 * and for a rule kept verbatim (docs/policies.md, "Every section of the rules").
 */
export function KindFields(props: { category: PolicyCategory; values: WizardValues }) {
  const { t } = useTranslation();
  const { category, values } = props;
  const principals = usePrincipals();
  const lookups = useLookups();
  const users = principals.data?.users ?? [];
  const catalogs = (lookups.data?.catalogs ?? []).map((c) => c.name);
  const schemas = lookups.data?.catalogs.find((c) => c.name === values.catalogName)?.schemas.map((s) => s.name) ?? [];
  const routines = category === "functions" || category === "procedures";
  const hint = <Alert type="info" showIcon title={t(`policies.kind.hint.${category}`)} style={{ marginBottom: 16 }} />;

  if (category === "trinoRule")
    return (
      <>
        {hint}
        <Form.Item name={["access", "section"]} label={t("policies.field.section")} required>
          <Select
            aria-label={t("policies.field.section")}
            options={TRINO_SECTIONS.map((s) => ({ value: s, label: s }))}
          />
        </Form.Item>
        <Form.Item
          name="ruleText"
          label={t("policies.field.rule")}
          required
          rules={[
            {
              validator: async (_, text: string | undefined) => {
                if (parseRule(text ?? "") === null) throw new Error(t("policies.wizard.ruleJsonInvalid"));
              },
            },
          ]}
        >
          <Input.TextArea
            aria-label={t("policies.field.rule")}
            autoSize={{ minRows: 4, maxRows: 16 }}
            spellCheck={false}
            style={{ fontFamily: "monospace" }}
          />
        </Form.Item>
      </>
    );

  return (
    <>
      {hint}
      {category === "catalogSessionProperties" || routines ? (
        <Form.Item name="catalogName" label={t("policies.field.catalog")} required>
          <Select
            showSearch={SEARCH}
            aria-label={t("policies.field.catalog")}
            loading={lookups.isLoading}
            options={[
              ...(category === "catalogSessionProperties" ? [{ value: ALL, label: t("policies.everyCatalog") }] : []),
              // Functions and procedures of the system catalog are Trino's own.
              ...(routines ? [{ value: "system", label: "system" }] : []),
              ...catalogs.map((c) => ({ value: c, label: c })),
            ]}
          />
        </Form.Item>
      ) : null}
      {routines && values.catalogName ? (
        <Form.Item name="schemaName" label={t("policies.field.schema")} extra={t("policies.everySchema")}>
          <NamesSelect label={t("policies.field.schema")} options={schemas} />
        </Form.Item>
      ) : null}
      {category === "queries" ? (
        <>
          <Form.Item name={["access", "queryAccess"]} label={t("policies.field.queryAccess")}>
            <Checkbox.Group
              role="group"
              aria-label={t("policies.field.queryAccess")}
              options={QUERY_ACCESS.map((a) => ({ value: a, label: t(`policies.queryAccess.${a}`) }))}
            />
          </Form.Item>
          {values.access.queryAccess.some((a) => a !== "execute") || values.access.queryOwners.length > 0 ? (
            <Form.Item name={["access", "queryOwners"]} label={t("policies.field.queryOwners")} required>
              <NamesSelect
                label={t("policies.field.queryOwners")}
                every={t("policies.anyonesQueries")}
                options={users}
              />
            </Form.Item>
          ) : null}
        </>
      ) : null}
      {category === "impersonation" || category === "authorization" ? (
        <Form.Item
          name={["access", "targetUsers"]}
          label={t(`policies.field.targetUsers.${category}`)}
          required={category === "impersonation"}
        >
          <NamesSelect
            label={t(`policies.field.targetUsers.${category}`)}
            every={t("policies.anyone")}
            options={users}
          />
        </Form.Item>
      ) : null}
      {category === "authorization" ? (
        <Form.Item name={["access", "targetRoles"]} label={t("policies.field.targetRoles")}>
          <NamesSelect label={t("policies.field.targetRoles")} every={t("policies.anyone")} options={[]} />
        </Form.Item>
      ) : null}
      {category === "systemInformation" ? (
        <Form.Item name={["access", "systemInformation"]} label={t("policies.field.systemInformation")}>
          <Checkbox.Group
            role="group"
            aria-label={t("policies.field.systemInformation")}
            options={SYSTEM_INFORMATION_ACCESS.map((a) => ({ value: a, label: t(`policies.systemInformation.${a}`) }))}
          />
        </Form.Item>
      ) : null}
      {category === "systemSessionProperties" || category === "catalogSessionProperties" ? (
        <Form.Item name={["access", "properties"]} label={t("policies.field.properties")} required>
          <NamesSelect label={t("policies.field.properties")} every={t("policies.everyProperty")} options={[]} />
        </Form.Item>
      ) : null}
      {routines ? (
        <>
          <Form.Item name={["access", "routines"]} label={t(`policies.field.${category}`)} required>
            <NamesSelect
              label={t(`policies.field.${category}`)}
              every={t(category === "functions" ? "policies.everyFunction" : "policies.everyProcedure")}
              options={[]}
            />
          </Form.Item>
          <Form.Item name={["access", "routinePrivileges"]} label={t("policies.field.routinePrivileges")}>
            <Checkbox.Group
              role="group"
              aria-label={t("policies.field.routinePrivileges")}
              options={(category === "functions" ? FUNCTION_PRIVILEGES : PROCEDURE_PRIVILEGES).map((p) => ({
                value: p,
                label: p,
              }))}
            />
          </Form.Item>
        </>
      ) : null}
      {category === "impersonation" ||
      category === "authorization" ||
      category === "systemSessionProperties" ||
      category === "catalogSessionProperties" ? (
        <Decision />
      ) : null}
    </>
  );
}

/** A verbatim rule's text as an object, or null when it is not a JSON object. */
export function parseRule(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
