import { TeamOutlined, UserOutlined } from "@ant-design/icons";
import { App, Button, Flex, Switch } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PAGE_SIZES } from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { useListState } from "../../shared/lib/useListState";
import { FilterPopover } from "../../shared/ui/FilterPopover";
import { ListTable, type ListColumn } from "../../shared/ui/ListTable";
import { ReasonTooltip } from "../../shared/ui/ReasonTooltip";
import { TransferDialog } from "../../shared/ui/TransferDialog";
import { useFullNames, useGroupNames, useUserNames } from "../users/api";
import { NameChips } from "../users/NameChips";
import {
  matches,
  NO_PERMISSION_FILTERS,
  PermissionFilterFields,
  type PermissionFilters,
} from "./PermissionFilterFields";
import {
  usePermissions,
  useUpdateAssignment,
  useUpdatePermissionStatus,
  type PermissionKind,
  type PermissionRow,
} from "./permissionsApi";

type Editing = { row: PermissionRow; of: "users" | "groups" } | null;

const compare = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "base" });

/**
 * Menu or component permissions: the whole list from the server, filtered, sorted and
 * paged here (it is small), with assignment dialogs and the status switch.
 */
export function PermissionsTable(props: { kind: PermissionKind }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { kind } = props;
  const list = useListState<PermissionFilters>({ pageSize: PAGE_SIZES[0], filters: NO_PERMISSION_FILTERS });
  const rows = usePermissions(kind);
  const [editing, setEditing] = useState<Editing>(null);
  const users = useUserNames(editing?.of === "users");
  const fullNames = useFullNames(editing?.of === "users");
  const groups = useGroupNames(editing?.of === "groups");
  const assign = useUpdateAssignment(kind);
  const status = useUpdatePermissionStatus(kind);

  const sections = useMemo(() => [...new Set((rows.data ?? []).map((r) => r.section))].sort(compare), [rows.data]);
  const shown = useMemo(() => {
    const filtered = (rows.data ?? []).filter((r) => matches(r, list.filters));
    if (!list.sort) return filtered;
    const field = list.sort.field as "name" | "section";
    const dir = list.sort.order === "asc" ? 1 : -1;
    return [...filtered].sort((a, b) => dir * (compare(a[field], b[field]) || compare(a.name, b.name)));
  }, [rows.data, list.filters, list.sort]);

  const setStatus = (row: PermissionRow, next: boolean) => {
    const run = () => status.mutateAsync({ id: row.id, status: next }).then((res) => toast.success(res.message));
    if (next) return void run().catch(() => undefined);
    // Turning one off hides it from everyone: ask first.
    modal.confirm({
      title: t("permissions.deactivate.title", { name: row.name }),
      content: t(`permissions.deactivate.${kind}`, { name: row.name }),
      okText: t("common.confirm"),
      okButtonProps: { danger: true },
      cancelText: t("common.cancel"),
      onOk: run,
    });
  };

  const columns: ListColumn<PermissionRow>[] = [
    { title: t(`permissions.column.${kind}`), dataIndex: "name", sortKey: "name", width: 200 },
    { title: t("permissions.column.section"), dataIndex: "section", sortKey: "section", width: 150 },
    {
      title: t("permissions.column.allowedGroups"),
      dataIndex: "assignedGroups",
      render: (g: string[]) => <NameChips names={g} empty={t("permissions.noGroups")} />,
    },
    {
      title: t("permissions.column.allowedUsers"),
      dataIndex: "assignedUsers",
      render: (u: string[]) => <NameChips names={u} empty={t("permissions.noUsers")} />,
    },
    {
      title: t("permissions.column.status"),
      dataIndex: "status",
      width: 130,
      render: (on: boolean, row: PermissionRow) => {
        // The settings menu stays on: no one could reach settings to turn it back on.
        const settingsStays = kind === "menu" && row.key === "settings" && on;
        return (
          <ReasonTooltip
            disabled={!!row.reason || settingsStays}
            title={row.reason ?? (settingsStays ? t("permissions.settingsStaysActive") : undefined)}
          >
            <Switch
              checked={on}
              disabled={!!row.reason || settingsStays}
              checkedChildren={t("permissions.status.active")}
              unCheckedChildren={t("permissions.status.inactive")}
              aria-label={t("permissions.status.toggle", { name: row.name })}
              loading={status.isPending && status.variables?.id === row.id}
              onChange={(next) => setStatus(row, next)}
            />
          </ReasonTooltip>
        );
      },
    },
    {
      title: t("common.actions"),
      key: "actions",
      width: 110,
      render: (_: unknown, row: PermissionRow) => (
        <Flex gap={4}>
          <ReasonTooltip disabled={!!row.reason} title={row.reason ?? t("permissions.action.updateUsers")}>
            <Button
              size="small"
              icon={<UserOutlined />}
              disabled={!!row.reason}
              aria-label={t("permissions.action.updateUsersOf", { name: row.name })}
              onClick={() => setEditing({ row, of: "users" })}
            />
          </ReasonTooltip>
          <ReasonTooltip disabled={!!row.reason} title={row.reason ?? t("permissions.action.updateGroups")}>
            <Button
              size="small"
              icon={<TeamOutlined />}
              disabled={!!row.reason}
              aria-label={t("permissions.action.updateGroupsOf", { name: row.name })}
              onClick={() => setEditing({ row, of: "groups" })}
            />
          </ReasonTooltip>
        </Flex>
      ),
    },
  ];

  const names = editing?.of === "users" ? users : groups;
  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <FilterPopover<PermissionFilters> applied={list.filters} defaults={list.defaults} onApply={list.setFilters}>
          {(draft, setDraft) => <PermissionFilterFields draft={draft} onChange={setDraft} sections={sections} />}
        </FilterPopover>
      </Flex>
      <ListTable<PermissionRow>
        columns={columns}
        rows={shown}
        loading={rows.isFetching}
        rowKey={(r) => String(r.id)}
        list={list}
        clientPaging
        pageSizes={PAGE_SIZES}
      />
      <TransferDialog
        open={!!editing}
        title={editing?.of === "users" ? t("permissions.addUsers") : t("permissions.addGroups")}
        subject={editing?.row.name ?? ""}
        all={names.data ?? []}
        assigned={editing ? (editing.of === "users" ? editing.row.assignedUsers : editing.row.assignedGroups) : []}
        labels={editing?.of === "users" ? fullNames.data : undefined}
        moves={{ add: t("permissions.move.add"), remove: t("permissions.move.remove") }}
        loading={names.isPending}
        onClose={() => setEditing(null)}
        onSave={async (change) => {
          const { row, of } = editing!;
          // The full resulting list: existing minus removed, plus added (spec section 5).
          const current = of === "users" ? row.assignedUsers : row.assignedGroups;
          const removed = new Set(change.toRemove);
          const next = [...current.filter((x) => !removed.has(x)), ...change.toAssign].filter(Boolean);
          const res = await assign.mutateAsync({
            id: row.id,
            body: of === "users" ? { usersToAssign: next } : { groupsToAssign: next },
          });
          toast.success(res.message);
        }}
      />
    </>
  );
}
