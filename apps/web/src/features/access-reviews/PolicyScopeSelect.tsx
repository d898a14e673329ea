import { Select } from "antd";
import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePolicies } from "../policies/api";

export interface PolicyChoice {
  value: number;
  label: string;
}

/**
 * Policies to put in a review's scope, found by name as one types (the list pages on the server:
 * a console may hold thousands). Values carry their labels, so a choice keeps its name when the
 * search moves on.
 */
export function PolicyScopeSelect(props: {
  value?: PolicyChoice[];
  onChange?: (v: PolicyChoice[]) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search.trim());
  const found = usePolicies({ page: 0, size: 20, quick: "all", ...(deferred ? { search: deferred } : {}) });
  const options = (found.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.policyName} (#${p.id})` }));
  return (
    <Select<PolicyChoice[]>
      mode="multiple"
      labelInValue
      aria-label={props.label}
      placeholder={t("reviews.scope.policiesPlaceholder")}
      value={props.value}
      onChange={(v) => props.onChange?.(v)}
      showSearch
      filterOption={false}
      searchValue={search}
      onSearch={setSearch}
      onBlur={() => setSearch("")}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? t("common.loading") : t("reviews.scope.noPolicy")}
      options={options}
    />
  );
}
