import { SEARCH } from "./parts/search";
import {
  AuditOutlined,
  DownloadOutlined,
  EyeOutlined,
  FundViewOutlined,
  ExperimentOutlined,
  HistoryOutlined,
  PlusOutlined,
  SyncOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import { Button, Flex, Input, Segmented, Select, Tooltip, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Policy, PolicyCategory, PolicyQuickFilter, PolicyState } from "@console/contracts";
import { POLICY_CATEGORIES, POLICY_QUICK_FILTERS, POLICY_STATES } from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { errorMessage } from "../../shared/lib/api";
import { useListState } from "../../shared/lib/useListState";
import { FilterPopover } from "../../shared/ui/FilterPopover";
import { ListTable, type ListColumn } from "../../shared/ui/ListTable";
import { PageHeader } from "../../shared/ui/PageHeader";
import { tourTarget, useRegisterTour } from "../../app/shell/tour";
import { StatusBadge } from "../../shared/ui/StatusBadge";
import { exportCsv, useLicenceValid, usePolicies, useSync } from "./api";
import { CodeButtons } from "./code/CodeButtons";
import { policyCrumbs } from "./crumbs";
import { toReviews, toWhoCanSee } from "../access-reviews/links";
import { toNewPolicy, toPublications, toTestAccess, toVisibility } from "./links";
import { MembershipNotice } from "./parts/MembershipNotice";
import { PolicyActions } from "./parts/PolicyActions";
import { PolicyDetails } from "./parts/PolicyDetails";
import { ImpactDrawer } from "./parts/ImpactDrawer";
import { SyncDialog } from "./parts/SyncDialog";

interface Filters {
  search: string;
  category: PolicyCategory | "";
  state: PolicyState | "";
  id: string;
}
const NO_FILTERS: Filters = { search: "", category: "", state: "", id: "" };
const SYNC_SUBJECT = { kind: "sync" } as const;

const SYNC_BADGE: Record<Policy["syncStatus"], "success" | "warning" | "error" | "processing"> = {
  synced: "success",
  readyToSync: "processing",
  approved: "processing",
  pendingApproval: "warning",
  rejected: "error",
  expired: "error",
};

/** The policy list (spec: policy management list). */
export default function PoliciesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [quick, setQuick] = useState<PolicyQuickFilter>("all");
  const [expanded, setExpanded] = useState<string[]>([]);
  const list = useListState<Filters>({ pageSize: 10, filters: NO_FILTERS });
  useRegisterTour(
    useMemo(
      () => [
        { title: t("policies.title"), description: t("policies.tour.actions"), target: tourTarget("policies-actions") },
        {
          title: t("policies.quick.label"),
          description: t("policies.tour.filters"),
          target: tourTarget("policies-filters"),
        },
        {
          title: t("policies.tour.tableTitle"),
          description: t("policies.tour.table"),
          target: tourTarget("policies-table"),
        },
      ],
      [t],
    ),
  );
  const f = list.filters;
  const filtered = Object.entries(f).some(([k, v]) => v !== NO_FILTERS[k as keyof Filters]);
  const exportFilter = {
    search: f.search.trim() || undefined,
    category: f.category || undefined,
    state: f.state || undefined,
    id: f.id || undefined,
  };
  const policies = usePolicies({ page: list.page, size: list.pageSize, quick, ...exportFilter });
  const sync = useSync();
  const licenceValid = useLicenceValid();

  const [confirming, setConfirming] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const doSync = async () => {
    try {
      const r = await sync.mutateAsync();
      toast.success(r.message);
      setConfirming(false);
    } catch (err) {
      toast.error(errorMessage(err), 10_000);
    }
  };

  const columns: ListColumn<Policy>[] = [
    {
      title: t("policies.column.priority"),
      dataIndex: "priority",
      key: "priority",
      width: 90,
      // The console's defaults come after every other policy of their kind, whatever the number.
      render: (v: number, p) =>
        p.systemPolicy ? (
          <Tooltip title={t("policies.systemPriorityHint")}>
            <Typography.Text type="secondary">{t("policies.systemPriority")}</Typography.Text>
          </Tooltip>
        ) : (
          v
        ),
    },
    { title: t("policies.column.id"), dataIndex: "id", key: "id", width: 80 },
    { title: t("policies.column.name"), dataIndex: "policyName", key: "name" },
    {
      title: t("policies.column.category"),
      key: "category",
      render: (_: unknown, p) => t(`policies.category.${p.category}`),
    },
    {
      title: t("policies.column.status"),
      key: "state",
      render: (_: unknown, p) => <StatusBadge value={p.state} label={t(`policies.state.${p.state}`)} />,
    },
    {
      title: t("policies.column.syncStatus"),
      key: "sync",
      render: (_: unknown, p) => (
        <StatusBadge
          value={p.syncStatus}
          status={SYNC_BADGE[p.syncStatus]}
          label={t(`policies.sync.${p.syncStatus}`)}
        />
      ),
    },
    {
      title: t("policies.column.actions"),
      key: "actions",
      render: (_: unknown, p) => <PolicyActions policy={p} licenceValid={licenceValid} />,
    },
  ];

  return (
    <>
      <PageHeader
        crumbs={policyCrumbs(t)}
        title={t("policies.title")}
        extra={
          <Flex gap={8} wrap data-tour="policies-actions">
            <Button icon={<EyeOutlined />} onClick={() => void navigate(toVisibility())}>
              {t("policies.visibility.open")}
            </Button>
            <Button icon={<TeamOutlined />} onClick={() => void navigate(toWhoCanSee())}>
              {t("whoCanSee.open")}
            </Button>
            <Button icon={<AuditOutlined />} onClick={() => void navigate(toReviews())}>
              {t("reviews.open")}
            </Button>
            <Button icon={<ExperimentOutlined />} onClick={() => void navigate(toTestAccess())}>
              {t("policies.testAccess.open")}
            </Button>
            <Button icon={<HistoryOutlined />} onClick={() => void navigate(toPublications())}>
              {t("policies.publications.open")}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void exportCsv().catch(() => undefined)}>
              {t("policies.export")}
            </Button>
            <CodeButtons
              filter={{ quick, ...exportFilter }}
              filtered={filtered || quick !== "all"}
              canEdit={licenceValid}
            />
            <Button icon={<FundViewOutlined />} onClick={() => setPreviewing(true)}>
              {t("policies.impact.open")}
            </Button>
            <Button icon={<SyncOutlined />} loading={sync.isPending} onClick={() => setConfirming(true)}>
              {t("policies.sync.action")}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!licenceValid}
              onClick={() => void navigate(toNewPolicy())}
            >
              {t("policies.newPolicy")}
            </Button>
          </Flex>
        }
      />
      <MembershipNotice />
      <Flex
        justify="space-between"
        align="center"
        gap={8}
        wrap
        style={{ marginBottom: 12 }}
        data-tour="policies-filters"
      >
        <Segmented<PolicyQuickFilter>
          aria-label={t("policies.quick.label")}
          value={quick}
          onChange={(v) => {
            setQuick(v);
            list.setPage(0);
          }}
          options={POLICY_QUICK_FILTERS.map((q) => ({ value: q, label: t(`policies.quick.${q}`) }))}
        />
        <FilterPopover<Filters> applied={list.filters} defaults={NO_FILTERS} onApply={list.setFilters} maxHeight={418}>
          {(draft, set) => (
            <>
              <Input
                aria-label={t("policies.filter.search")}
                placeholder={t("policies.filter.search")}
                value={draft.search}
                maxLength={100}
                onChange={(e) => set({ ...draft, search: e.target.value })}
              />
              <Input
                aria-label={t("policies.filter.id")}
                placeholder={t("policies.filter.id")}
                value={draft.id}
                maxLength={6}
                onChange={(e) => set({ ...draft, id: e.target.value.replace(/\D/g, "") })}
              />
              <Select
                showSearch={SEARCH}
                aria-label={t("policies.filter.category")}
                value={draft.category}
                onChange={(v) => set({ ...draft, category: v })}
                options={[
                  { value: "", label: t("policies.filter.anyCategory") },
                  ...POLICY_CATEGORIES.map((c) => ({ value: c, label: t(`policies.category.${c}`) })),
                ]}
              />
              <Select
                showSearch={SEARCH}
                aria-label={t("policies.filter.state")}
                value={draft.state}
                onChange={(v) => set({ ...draft, state: v })}
                options={[
                  { value: "", label: t("policies.filter.anyState") },
                  ...POLICY_STATES.map((s) => ({ value: s, label: t(`policies.state.${s}`) })),
                ]}
              />
            </>
          )}
        </FilterPopover>
      </Flex>
      <div data-tour="policies-table">
        <ListTable<Policy>
          columns={columns}
          rows={policies.data?.items}
          total={policies.data?.total ?? 0}
          loading={policies.isFetching && !policies.isRefetching}
          rowKey={(p) => String(p.id)}
          list={list}
          caption={policies.isError ? errorMessage(policies.error) : undefined}
          emptyText={policies.isError ? undefined : t(quick !== "all" || filtered ? "policies.empty" : "policies.none")}
          expandable={{
            expandedRowKeys: expanded,
            // One row open at a time (spec).
            onExpand: (open, p) => setExpanded(open ? [String(p.id)] : []),
            expandedRowRender: (p) => <PolicyDetails policy={p} />,
          }}
        />
      </div>
      <SyncDialog
        open={confirming}
        publishing={sync.isPending}
        onPublish={() => void doSync()}
        onClose={() => setConfirming(false)}
        onDetails={() => setPreviewing(true)}
      />
      <ImpactDrawer open={previewing} subject={SYNC_SUBJECT} onClose={() => setPreviewing(false)} />
    </>
  );
}
