import { DatePicker, Flex, Input, Select } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  CLASSIFICATION_ACTIONS,
  LOGIN_EVENT_TYPES,
  POLICY_ACTIONS,
  POLICY_ID_MAX_DIGITS,
  REVIEW_AUDIT_ACTIONS,
  SYNC_ACTIONS,
  AUDIT_SYNC_STATUSES,
  USER_MANAGEMENT_ACTIONS,
} from "@console/contracts/constants";
import { DATE_FORMAT } from "../../shared/lib/format";
import { useFilterOptions } from "./api";
import type { AuditFilters, FilterField, TabDef } from "./tabs";

const DATE_TIME_PICKER_FORMAT = "DD-MM-YYYY hh:mm:ss a";

const ACTIONS: Record<string, readonly string[]> = {
  "user-management-userManagement": USER_MANAGEMENT_ACTIONS,
  "user-management-sync": SYNC_ACTIONS,
  "policy-management-acl": POLICY_ACTIONS,
  "policy-management-reviews": Object.values(REVIEW_AUDIT_ACTIONS),
  "data-classification-classification": CLASSIFICATION_ACTIONS,
  "settings-components": ["Update Assigned Users", "Update Assigned Groups", "Activate", "Deactivate"],
  "settings-menu": ["Update Assigned Users", "Update Assigned Groups", "Activate", "Deactivate"],
  "debezium-connectors": [
    "Create Connector",
    "Pause Connector",
    "Resume Connector",
    "Restart Connector",
    "Delete Connector",
    "Reveal Connector Secret",
  ],
};

function Field(props: { id: string; label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4} style={{ flex: "1 1 45%", minWidth: 180 }}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
    </Flex>
  );
}

/** The filter popover's fields for one tab (spec section 9). */
export function FilterFields(props: {
  tabKey: string;
  tab: TabDef;
  draft: AuditFilters;
  onChange: (next: AuditFilters) => void;
}) {
  const { t } = useTranslation();
  const options = useFilterOptions();
  const { draft, onChange, tab, tabKey } = props;
  const set = (patch: Partial<AuditFilters>) => onChange({ ...draft, ...patch });
  const id = (k: string) => `audit-filter-${k}`;
  const select = (key: keyof AuditFilters, values: ReadonlyArray<{ value: string; label: string }>, label: string) => (
    <Field key={key} id={id(key)} label={label}>
      <Select
        id={id(key)}
        aria-label={label}
        value={(draft[key] as string) || undefined}
        placeholder={t("audits.filter.any")}
        allowClear
        showSearch
        optionFilterProp="label"
        options={values.map((v) => ({ value: v.value, label: v.label }))}
        onChange={(v: string | undefined) =>
          // A failed query has no duration: its fields are hidden and cleared.
          set({ [key]: v ?? "", ...(key === "status" && v === "failure" ? { minDuration: "", maxDuration: "" } : {}) })
        }
      />
    </Field>
  );
  const plain = (xs: readonly string[]) => xs.map((x) => ({ value: x, label: x }));
  const picker = (key: "startDate" | "endDate") => (
    <Field key={key} id={id(key)} label={t(`audits.filter.${key}`)}>
      <DatePicker
        id={id(key)}
        showTime={tab.withTime}
        format={tab.withTime ? DATE_TIME_PICKER_FORMAT : DATE_FORMAT}
        value={draft[key] ? dayjs(draft[key]) : null}
        onChange={(d) => {
          const v = d ? (tab.withTime ? d : key === "startDate" ? d.startOf("day") : d.endOf("day")) : null;
          set({ [key]: v ? v.toISOString() : null });
        }}
        style={{ width: "100%" }}
      />
    </Field>
  );
  const duration = (key: "minDuration" | "maxDuration") =>
    draft.status === "failure" ? null : (
      <Field key={key} id={id(key)} label={t(`audits.filter.${key}`)}>
        <Input
          id={id(key)}
          inputMode="decimal"
          value={draft[key]}
          onChange={(e) => {
            // Up to 4 digits before the point and 3 after (spec section 5).
            if (/^\d{0,4}(\.\d{0,3})?$/.test(e.target.value)) set({ [key]: e.target.value });
          }}
        />
      </Field>
    );
  const statuses =
    tabKey === "user-management-sync"
      ? plain(AUDIT_SYNC_STATUSES)
      : [
          { value: "success", label: t("audits.success") },
          { value: "failure", label: t("audits.failure") },
        ];
  const usernames = (options.data?.users ?? []).map((u) => ({ value: u.username, label: u.username }));

  const render = (f: FilterField): ReactNode => {
    switch (f) {
      case "searchQuery":
        return (
          <Field key={f} id={id(f)} label={t(tab.searchLabel ?? "audits.filter.searchQuery")}>
            <Input
              id={id(f)}
              value={draft.searchQuery}
              maxLength={255}
              allowClear
              onChange={(e) => set({ searchQuery: e.target.value })}
            />
          </Field>
        );
      case "user":
        return select(
          "user",
          (options.data?.users ?? []).map((u) => ({ value: u.id, label: u.username })),
          t("audits.filter.user"),
        );
      case "actionTakenBy":
        return select("actionTakenBy", usernames, t("audits.filter.actionTakenBy"));
      case "component":
        return select("component", plain(options.data?.componentNames ?? []), t("audits.filter.component"));
      case "menu":
        return select("menu", plain(options.data?.menuNames ?? []), t("audits.filter.menu"));
      case "status":
        return select("status", statuses, t("audits.filter.status"));
      case "action":
        return select("action", plain(ACTIONS[tabKey] ?? []), t("audits.filter.action"));
      case "eventType":
        return select("eventType", plain(LOGIN_EVENT_TYPES), t("audits.filter.eventType"));
      case "clientId":
        return select("clientId", plain(options.data?.clientIds ?? []), t("audits.filter.clientId"));
      case "policyId":
        return (
          <Field key={f} id={id(f)} label={t("audits.filter.policyId")}>
            <Input
              id={id(f)}
              inputMode="numeric"
              maxLength={POLICY_ID_MAX_DIGITS}
              value={draft.policyId}
              onChange={(e) => {
                if (/^\d*$/.test(e.target.value)) set({ policyId: e.target.value });
              }}
            />
          </Field>
        );
      case "minDuration":
      case "maxDuration":
        return duration(f);
      case "startDate":
      case "endDate":
        return picker(f);
      case "dates":
        return [picker("startDate"), picker("endDate")];
      default:
        return null;
    }
  };
  return (
    <Flex wrap gap={12}>
      {tab.fields.map(render)}
    </Flex>
  );
}
