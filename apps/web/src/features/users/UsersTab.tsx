import { EyeInvisibleOutlined, EyeOutlined, KeyOutlined, TeamOutlined, UserAddOutlined } from "@ant-design/icons";
import { Button, Flex, Tag, Tooltip } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserListItem as User, UserQuery } from "@console/contracts";
import { USER_PAGE_SIZES } from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { useListState } from "../../shared/lib/useListState";
import { FilterPopover } from "../../shared/ui/FilterPopover";
import { ListTable, type ListColumn } from "../../shared/ui/ListTable";
import { ReasonTooltip } from "../../shared/ui/ReasonTooltip";
import { StatusBadge } from "../../shared/ui/StatusBadge";
import { TransferDialog } from "../../shared/ui/TransferDialog";
import { AddUserDrawer } from "./AddUserDrawer";
import { useGroupNames, useSyncStatus, useUpdateUserGroups, useUpdateUserStatus, useUsers } from "./api";
import { NameChips } from "./NameChips";
import { ResetPasswordDialog } from "./ResetPasswordDialog";
import { NO_USER_FILTERS, UserFilterFields, type UserFilters } from "./UserFilterFields";

const fullName = (u: User) => [u.firstName, u.lastName].filter(Boolean).join(" ");
const MASK = "••••••••";

function toQuery(list: ReturnType<typeof useListState<UserFilters>>): UserQuery {
  const f = list.filters;
  return {
    page: list.page,
    size: list.pageSize,
    sortBy: list.sort?.field as UserQuery["sortBy"],
    sortOrder: list.sort?.order ?? "asc",
    searchQuery: f.searchQuery.trim() || undefined,
    firstName: f.firstName.trim() || undefined,
    lastName: f.lastName.trim() || undefined,
    email: f.email.trim() || undefined,
    group: f.group || undefined,
    status: f.status || undefined,
  };
}

export function UsersTab() {
  const { t } = useTranslation();
  const list = useListState<UserFilters>({ pageSize: USER_PAGE_SIZES[0], filters: NO_USER_FILTERS });
  const users = useUsers(toQuery(list));
  const [showEmails, setShowEmails] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [adding, setAdding] = useState(false);
  const groupNames = useGroupNames(!!editing);
  const status = useUpdateUserStatus();
  // With an external identity provider, accounts and passwords are managed there.
  const localAccounts = useSyncStatus(true).data?.localAccounts ?? false;
  const updateGroups = useUpdateUserGroups();

  const columns = useMemo<ListColumn<User>[]>(
    () => [
      { title: t("users.column.name"), key: "name", sortKey: "name", render: (_: unknown, u: User) => fullName(u) },
      {
        title: t("users.column.username"),
        dataIndex: "username",
        sortKey: "username",
        render: (name: string, u: User) => (
          <Flex gap={6} align="center">
            {name}
            {u.source === "ldap" ? (
              <Tooltip title={t("users.source.ldapHint")}>
                <Tag color="blue">{t("users.source.ldap")}</Tag>
              </Tooltip>
            ) : null}
          </Flex>
        ),
      },
      {
        title: (
          <Flex gap={4} align="center">
            {t("users.column.email")}
            <Button
              type="text"
              size="small"
              aria-pressed={showEmails}
              aria-label={showEmails ? t("users.hideEmails") : t("users.showEmails")}
              icon={showEmails ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              onClick={() => setShowEmails((v) => !v)}
            />
          </Flex>
        ),
        dataIndex: "email",
        render: (email: string) => (email ? (showEmails ? email : MASK) : ""),
      },
      {
        title: t("users.column.groups"),
        dataIndex: "groups",
        render: (groups: string[]) => <NameChips names={groups} />,
      },
      {
        title: t("users.column.status"),
        dataIndex: "enabled",
        width: 110,
        render: (enabled: boolean) => (
          <StatusBadge
            status={enabled ? "success" : "default"}
            value={enabled}
            label={enabled ? t("users.status.active") : t("users.status.inactive")}
          />
        ),
      },
      {
        title: t("common.actions"),
        key: "actions",
        width: 260,
        render: (_: unknown, u: User) => {
          const name = fullName(u) || u.username;
          // The server says which accounts the signed-in user may not change (their own, or one
          // holding more than they do), and why; it refuses those changes too.
          const locked = u.manageable ? null : u.reason;
          return (
            <Flex gap={4} wrap>
              <ReasonTooltip title={locked} disabled={!!locked}>
                <Button
                  size="small"
                  danger={u.enabled}
                  disabled={!!locked}
                  aria-label={t(u.enabled ? "users.action.disableUser" : "users.action.enableUser", {
                    name: u.username,
                  })}
                  loading={status.isPending && status.variables?.id === u.id}
                  onClick={() =>
                    status.mutate({ id: u.id, enabled: !u.enabled }, { onSuccess: (res) => toast.success(res.message) })
                  }
                >
                  {t(u.enabled ? "users.action.disable" : "users.action.enable")}
                </Button>
              </ReasonTooltip>
              <ReasonTooltip title={locked ?? t("users.action.updateGroups")} disabled={!!locked}>
                <Button
                  size="small"
                  icon={<TeamOutlined />}
                  disabled={!!locked}
                  aria-label={t("users.action.updateGroupsOf", { name: u.username })}
                  onClick={() => setEditing(u)}
                />
              </ReasonTooltip>
              <ReasonTooltip
                disabled={u.source !== "local" || !localAccounts || !!locked}
                title={
                  !localAccounts
                    ? t("users.externalAccounts")
                    : u.source !== "local"
                      ? t("users.directoryManaged")
                      : (locked ?? t("users.action.resetPassword"))
                }
              >
                <Button
                  size="small"
                  icon={<KeyOutlined />}
                  disabled={u.source !== "local" || !localAccounts || !!locked}
                  aria-label={t("users.action.resetPasswordOf", { name })}
                  onClick={() => setResetting(u)}
                />
              </ReasonTooltip>
            </Flex>
          );
        },
      },
    ],
    [t, showEmails, status, localAccounts],
  );

  return (
    <>
      <Flex justify="flex-end" gap={8} style={{ marginBottom: 12 }}>
        <span data-tour="users-filter">
          <FilterPopover<UserFilters>
            applied={list.filters}
            defaults={list.defaults}
            onApply={list.setFilters}
            width={340}
          >
            {(draft, setDraft) => <UserFilterFields draft={draft} onChange={setDraft} />}
          </FilterPopover>
        </span>
        {localAccounts ? (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
            {t("users.add")}
          </Button>
        ) : null}
      </Flex>
      <ListTable<User>
        columns={columns}
        rows={users.data?.items}
        total={users.data?.total}
        loading={users.isFetching}
        rowKey="id"
        list={list}
        pageSizes={USER_PAGE_SIZES}
      />
      <TransferDialog
        open={!!editing}
        title={t("users.addGroups")}
        subject={editing ? fullName(editing) || editing.username : ""}
        all={groupNames.data ?? []}
        assigned={editing?.groups ?? []}
        moves={{ add: t("users.move.add"), remove: t("users.move.remove") }}
        loading={groupNames.isPending}
        onClose={() => setEditing(null)}
        onSave={async (change) => {
          const res = await updateGroups.mutateAsync({
            id: editing!.id,
            body: { groupsToAssign: change.toAssign, groupsToRemove: change.toRemove },
          });
          toast.success(res.message);
        }}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <AddUserDrawer open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
