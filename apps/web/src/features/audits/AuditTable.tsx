import { Flex } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AUDIT_PAGE_SIZE, PAGE_SIZES } from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { useListState } from "../../shared/lib/useListState";
import { FilterPopover } from "../../shared/ui/FilterPopover";
import { ListTable } from "../../shared/ui/ListTable";
import { useAuditEvents } from "./api";
import { ExplainDrawer } from "../self-service/ExplainDrawer";
import { ChangeSetDrawer } from "./ChangeSetDrawer";
import type { DrawerRequest, Row } from "./column-types";
import { COLUMNS } from "./columns";
import { FilterFields } from "./FilterFields";
import { NO_FILTERS, pageQuery, validateFilters, type AuditFilters, type TabDef } from "./tabs";

const rowKeyOf = (r: Row, i?: number) =>
  String(r.id ?? r.event_id ?? r.queryId ?? (r.dag_id ? `${r.dag_id}/${r.run_id}` : undefined) ?? i);

/** One tab: its filter popover, its table and its drawers. Mounted afresh per tab, so paging and filters reset. */
export function AuditTable(props: { tabKey: string; tab: TabDef }) {
  const { t } = useTranslation();
  const { tab, tabKey } = props;
  const list = useListState<AuditFilters>({ pageSize: AUDIT_PAGE_SIZE, filters: NO_FILTERS });
  const query = pageQuery(tab, list.filters, list.page, list.pageSize);
  const events = useAuditEvents<Row>(tab.path, query, tab.paging === "catalog");
  const [showIps, setShowIps] = useState(false);
  const [drawer, setDrawer] = useState<DrawerRequest | null>(null);

  const columns = useMemo(
    () =>
      (COLUMNS[tabKey] ?? []).map((make) =>
        make({ t, showIps, toggleIps: () => setShowIps((v) => !v), open: setDrawer }),
      ),
    [tabKey, t, showIps],
  );

  return (
    <Flex vertical gap={12}>
      {tab.fields.length > 0 ? (
        <Flex justify="flex-end">
          <FilterPopover<AuditFilters>
            applied={list.filters}
            defaults={NO_FILTERS}
            width={440}
            closeOn={tabKey}
            validate={(draft) => validateFilters(tabKey, draft)}
            onInvalid={(key) => toast.error(t(key))}
            onApply={list.setFilters}
          >
            {(draft, setDraft) => <FilterFields tabKey={tabKey} tab={tab} draft={draft} onChange={setDraft} />}
          </FilterPopover>
        </Flex>
      ) : null}
      <ListTable<Row>
        columns={columns}
        // A failed call shows an empty table (spec section 8).
        rows={events.isError ? [] : events.data?.rows}
        total={events.isError ? 0 : events.data?.total}
        loading={events.isFetching}
        rowKey={(r) => rowKeyOf(r)}
        list={list}
        pageSizes={PAGE_SIZES}
        totalText={events.data?.capped ? (n) => t("audits.totalAtLeast", { count: n.toLocaleString("en") }) : undefined}
      />
      <ChangeSetDrawer request={drawer?.kind === "explain" ? null : drawer} onClose={() => setDrawer(null)} />
      <ExplainDrawer
        queryId={drawer?.kind === "explain" ? String(drawer.row.queryId) : null}
        onClose={() => setDrawer(null)}
      />
    </Flex>
  );
}
