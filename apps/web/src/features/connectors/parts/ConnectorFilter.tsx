import { Flex, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FilterPopover } from "../../../shared/ui/FilterPopover";

export interface ConnectorFilters {
  name: string;
  type: string;
  status: string;
}

export const NO_FILTERS: ConnectorFilters = { name: "", type: "", status: "" };

/** States every worker knows, offered even when no connector is in them right now. */
const BASE_STATES = ["RUNNING", "PAUSED", "FAILED"];

/** Search by name, type and status (spec: connector list). */
export function ConnectorFilter(props: {
  applied: ConnectorFilters;
  onApply: (f: ConnectorFilters) => void;
  types: string[];
  states: string[];
}) {
  const { t } = useTranslation();
  const states = [...new Set([...BASE_STATES, ...props.states])];
  const options = (values: string[]) => [
    { value: "", label: t("connectors.filter.any") },
    ...values.map((v) => ({ value: v, label: v })),
  ];
  return (
    <FilterPopover applied={props.applied} defaults={NO_FILTERS} onApply={props.onApply}>
      {(draft, setDraft) => (
        <Flex vertical gap={8}>
          <label htmlFor="connector-filter-name">{t("connectors.filter.name")}</label>
          <Input
            id="connector-filter-name"
            value={draft.name}
            maxLength={255}
            allowClear
            placeholder={t("connectors.filter.namePlaceholder")}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
          <label htmlFor="connector-filter-type">{t("connectors.filter.type")}</label>
          <Select
            id="connector-filter-type"
            showSearch
            value={draft.type}
            options={options(props.types)}
            onChange={(type) => setDraft({ ...draft, type })}
          />
          <label htmlFor="connector-filter-status">{t("connectors.filter.status")}</label>
          <Select
            id="connector-filter-status"
            showSearch
            value={draft.status}
            options={options(states)}
            onChange={(status) => setDraft({ ...draft, status })}
          />
        </Flex>
      )}
    </FilterPopover>
  );
}
