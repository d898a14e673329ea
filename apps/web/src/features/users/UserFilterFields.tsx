import { Flex, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { useGroupNames } from "./api";

export interface UserFilters {
  searchQuery: string;
  firstName: string;
  lastName: string;
  email: string;
  group: string;
  status: "" | "active" | "inactive";
}

export const NO_USER_FILTERS: UserFilters = {
  searchQuery: "",
  firstName: "",
  lastName: "",
  email: "",
  group: "",
  status: "",
};

function Field(props: { id: string; label: string; children: React.ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
    </Flex>
  );
}

/** The advanced filter's fields (spec: searchQuery, firstName, lastName, email, group, status). */
export function UserFilterFields(props: { draft: UserFilters; onChange: (next: UserFilters) => void }) {
  const { t } = useTranslation();
  const groups = useGroupNames();
  const { draft, onChange } = props;
  const text = (key: "searchQuery" | "firstName" | "lastName" | "email", placeholder?: string) => (
    <Field id={`user-filter-${key}`} label={t(`users.filter.${key}`)}>
      <Input
        id={`user-filter-${key}`}
        value={draft[key]}
        placeholder={placeholder}
        maxLength={200}
        allowClear
        onChange={(e) => onChange({ ...draft, [key]: e.target.value })}
      />
    </Field>
  );
  return (
    <>
      {text("searchQuery", t("users.filter.searchQueryHint"))}
      {text("firstName")}
      {text("lastName")}
      {text("email")}
      <Field id="user-filter-group" label={t("users.filter.group")}>
        <Select
          id="user-filter-group"
          aria-label={t("users.filter.group")}
          value={draft.group || undefined}
          placeholder={t("users.filter.any")}
          allowClear
          showSearch
          loading={groups.isPending}
          options={(groups.data ?? []).map((g) => ({ value: g, label: g }))}
          onChange={(v?: string) => onChange({ ...draft, group: v ?? "" })}
        />
      </Field>
      <Field id="user-filter-status" label={t("users.filter.status")}>
        <Select
          id="user-filter-status"
          aria-label={t("users.filter.status")}
          value={draft.status || undefined}
          placeholder={t("users.filter.any")}
          allowClear
          showSearch
          options={[
            { value: "active", label: t("users.status.active") },
            { value: "inactive", label: t("users.status.inactive") },
          ]}
          onChange={(v?: "active" | "inactive") => onChange({ ...draft, status: v ?? "" })}
        />
      </Field>
    </>
  );
}
