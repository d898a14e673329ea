import { PlusOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { ConnectorSummary } from "@console/contracts";
import { CONNECTOR_WIZARD_CLOSE_MS, CONNECTORS_PAGE_SIZE } from "@console/contracts/constants";
import { errorMessage } from "../../shared/lib/api";
import { useListState } from "../../shared/lib/useListState";
import { ListTable, type ListColumn } from "../../shared/ui/ListTable";
import { PageHeader } from "../../shared/ui/PageHeader";
import { useConnectors } from "./api";
import { ConnectorActions } from "./parts/ConnectorActions";
import { ConnectorDetailsDrawer } from "./parts/ConnectorDetailsDrawer";
import { ConnectorFilter, NO_FILTERS, type ConnectorFilters } from "./parts/ConnectorFilter";
import { ConnectorStatus, hasFailure } from "./parts/ConnectorStatus";
import { FailureTraces } from "./parts/FailureTraces";
import { connectorCrumbs } from "./crumbs";
import { toNewConnector } from "./links";
import { toComponents } from "../components/links";

/** After the wizard closes, the list shows its loading state for a moment (spec section 4). */
function useClosingWizard(state: unknown): boolean {
  const fromWizard = (state as { fromWizard?: boolean } | null)?.fromWizard === true;
  const [closing, setClosing] = useState(fromWizard);
  useEffect(() => {
    if (!fromWizard) return;
    const timer = setTimeout(() => setClosing(false), CONNECTOR_WIZARD_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [fromWizard]);
  return closing;
}

/** The connector list (spec: connector list): ten rows a page, filter, actions and the details drawer. */
export default function ConnectorsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const fromComponents = location.pathname.startsWith(toComponents());
  const closingWizard = useClosingWizard(location.state);
  const list = useListState<ConnectorFilters>({ pageSize: CONNECTORS_PAGE_SIZE, filters: NO_FILTERS });
  const [viewing, setViewing] = useState<string | null>(null);
  const f = list.filters;
  const connectors = useConnectors({
    page: list.page,
    size: CONNECTORS_PAGE_SIZE,
    name: f.name.trim() || undefined,
    type: f.type || undefined,
    status: f.status || undefined,
  });
  const data = connectors.data;

  const columns: ListColumn<ConnectorSummary>[] = [
    { title: t("connectors.column.name"), dataIndex: "name", key: "name" },
    { title: t("connectors.column.type"), dataIndex: "type", key: "type" },
    {
      title: t("connectors.column.status"),
      key: "status",
      render: (_: unknown, c) => <ConnectorStatus state={c.state} />,
    },
    { title: t("connectors.column.tasks"), key: "tasks", render: (_: unknown, c) => String(c.tasks.length) },
    {
      title: t("connectors.column.actions"),
      key: "actions",
      render: (_: unknown, c) => <ConnectorActions connector={c} onView={setViewing} />,
    },
  ];

  return (
    <>
      <PageHeader
        crumbs={connectorCrumbs(fromComponents, t)}
        title={t("connectors.title")}
        extra={
          <>
            <ConnectorFilter
              applied={list.filters}
              onApply={list.setFilters}
              types={data?.types ?? []}
              states={data?.states ?? []}
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(toNewConnector(fromComponents))}>
              {t("connectors.createConnector")}
            </Button>
          </>
        }
      />
      {connectors.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t("connectors.unavailable")}
          description={errorMessage(connectors.error)}
          action={
            <Button size="small" onClick={() => void connectors.refetch()}>
              {t("connectors.retry")}
            </Button>
          }
        />
      ) : null}
      <ListTable<ConnectorSummary>
        columns={columns}
        rows={data?.items}
        total={data?.total ?? 0}
        loading={closingWizard || (connectors.isFetching && !connectors.isRefetching)}
        rowKey="name"
        list={list}
        fixedPageSize
        pageSizes={[CONNECTORS_PAGE_SIZE]}
        caption={
          data && data.total === 0 && !connectors.isError
            ? t(
                JSON.stringify(list.filters) === JSON.stringify(NO_FILTERS)
                  ? "connectors.empty"
                  : "connectors.emptyFiltered",
              )
            : undefined
        }
        expandable={{
          rowExpandable: hasFailure,
          expandedRowRender: (c) => <FailureTraces connector={c} />,
        }}
      />
      <ConnectorDetailsDrawer name={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
