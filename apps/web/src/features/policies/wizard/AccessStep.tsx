import { SEARCH } from "../parts/search";
import { DatePicker, Form, Select } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { ALL } from "@console/contracts";
import { usePrincipals } from "../api";

/** Step 4: who the policy applies to and for how long (spec: access controls). */
export function AccessStep() {
  const { t } = useTranslation();
  const principals = usePrincipals();
  return (
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
