import { Flex, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { useGroupNames, useUserNames } from "../users/api";
import type { PermissionRow } from "./permissionsApi";

export interface PermissionFilters {
  search: string;
  user: string;
  group: string;
  status: "" | "active" | "inactive";
  section: string;
}

export const NO_PERMISSION_FILTERS: PermissionFilters = { search: "", user: "", group: "", status: "", section: "" };

/**
 * Spec section 5: text is a case-insensitive substring (of the name or section); user and
 * group are exact membership; status Active is true, Inactive false.
 */
export function matches(row: PermissionRow, f: PermissionFilters): boolean {
  const text = f.search.trim().toLowerCase();
  if (text && !row.name.toLowerCase().includes(text) && !row.section.toLowerCase().includes(text)) return false;
  if (f.user && !row.assignedUsers.includes(f.user)) return false;
  if (f.group && !row.assignedGroups.includes(f.group)) return false;
  if (f.status && row.status !== (f.status === "active")) return false;
  if (f.section && row.section !== f.section) return false;
  return true;
}

function Field(props: { id: string; label: string; children: React.ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
    </Flex>
  );
}

export function PermissionFilterFields(props: {
  draft: PermissionFilters;
  onChange: (next: PermissionFilters) => void;
  sections: string[];
}) {
  const { t } = useTranslation();
  const users = useUserNames();
  const groups = useGroupNames();
  const { draft, onChange } = props;
  const select = (key: "user" | "group" | "section", options: string[], loading = false) => (
    <Field id={`permission-filter-${key}`} label={t(`permissions.filter.${key}`)}>
      <Select
        id={`permission-filter-${key}`}
        aria-label={t(`permissions.filter.${key}`)}
        value={draft[key] || undefined}
        placeholder={t("permissions.filter.any")}
        allowClear
        showSearch
        loading={loading}
        options={options.map((o) => ({ value: o, label: o }))}
        onChange={(v?: string) => onChange({ ...draft, [key]: v ?? "" })}
      />
    </Field>
  );
  return (
    <>
      <Field id="permission-filter-search" label={t("permissions.filter.search")}>
        <Input
          id="permission-filter-search"
          value={draft.search}
          placeholder={t("permissions.filter.searchHint")}
          allowClear
          maxLength={200}
          onChange={(e) => onChange({ ...draft, search: e.target.value })}
        />
      </Field>
      {select("user", users.data ?? [], users.isPending)}
      {select("group", groups.data ?? [], groups.isPending)}
      <Field id="permission-filter-status" label={t("permissions.filter.status")}>
        <Select
          id="permission-filter-status"
          aria-label={t("permissions.filter.status")}
          value={draft.status || undefined}
          placeholder={t("permissions.filter.any")}
          allowClear
          showSearch
          options={[
            { value: "active", label: t("permissions.status.active") },
            { value: "inactive", label: t("permissions.status.inactive") },
          ]}
          onChange={(v?: "active" | "inactive") => onChange({ ...draft, status: v ?? "" })}
        />
      </Field>
      {select("section", props.sections)}
    </>
  );
}
