import { SEARCH } from "../parts/search";
import { DatePicker, Form, Select, Switch, Typography } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import type { PolicyCategory, Privilege } from "@console/contracts";
import { ALL, CATALOG_ACCESS, DATA_CATEGORIES, WRITE_PRIVILEGES } from "@console/contracts/constants";
import { usePrincipals } from "../api";

/**
 * Step 4: who the policy applies to, for how long, and its config (spec: step 4 holds users and
 * groups, the access period and config). Catalog and schema policies choose the access level
 * (and schema ownership); table, tag and glossary policies give what their privileges say.
 */
export function AccessStep(props: { category: PolicyCategory | undefined; privileges: Privilege[] }) {
  const { t } = useTranslation();
  const { category } = props;
  const principals = usePrincipals();
  // A verbatim rule names its own users and groups.
  const assigned = category !== "trinoRule";
  return (
    <>
      {assigned ? (
        <>
          <Form.Item name="assignToUsers" label={t("policies.field.users")}>
            <Select
              showSearch={SEARCH}
              mode="multiple"
              aria-label={t("policies.field.users")}
              loading={principals.isLoading}
              options={[
                { value: ALL, label: t("policies.allUsers") },
                ...(principals.data?.users ?? []).map((u) => ({ value: u, label: u })),
              ]}
            />
          </Form.Item>
          <Form.Item name="assignToGroups" label={t("policies.field.groups")}>
            <Select
              showSearch={SEARCH}
              mode="multiple"
              aria-label={t("policies.field.groups")}
              loading={principals.isLoading}
              options={[
                { value: ALL, label: t("policies.allGroups") },
                ...(principals.data?.groups ?? []).map((g) => ({ value: g, label: g })),
              ]}
            />
          </Form.Item>
        </>
      ) : null}
      {category === "catalog" || category === "schema" ? (
        <Form.Item name="allow" label={t("policies.field.access")}>
          <Select
            showSearch={SEARCH}
            aria-label={t("policies.field.access")}
            options={CATALOG_ACCESS.map((a) => ({ value: a, label: t(`policies.access.${a}`) }))}
          />
        </Form.Item>
      ) : category && DATA_CATEGORIES.includes(category) ? (
        <Form.Item label={t("policies.field.access")}>
          <Typography.Text role="note" aria-label={t("policies.field.access")}>
            {t("policies.wizard.accessGiven", {
              privileges: props.privileges.join(", ") || "–",
              objects: t(`policies.wizard.accessObjects.${category === "tables" ? "tables" : "tagged"}`),
              catalog: t(
                `policies.wizard.catalogGiven.${props.privileges.some((p) => WRITE_PRIVILEGES.includes(p)) ? "all" : "read-only"}`,
              ),
            })}
          </Typography.Text>
        </Form.Item>
      ) : null}
      {category === "schema" ? (
        <Form.Item name="owner" label={t("policies.field.owner")} valuePropName="checked">
          <Switch aria-label={t("policies.field.owner")} />
        </Form.Item>
      ) : null}
      <Form.Item name="period" label={t("policies.field.period")} extra={t("policies.wizard.periodHint")}>
        <DatePicker.RangePicker
          aria-label={t("policies.field.period")}
          format="DD-MM-YYYY"
          disabledDate={(d) => d.isBefore(dayjs().startOf("day"))}
        />
      </Form.Item>
    </>
  );
}
