import { DeleteOutlined, PlusOutlined, UsergroupAddOutlined } from "@ant-design/icons";
import { App, Button, Flex, Input, Tag } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Group } from "@console/contracts";
import { USER_PAGE_SIZES } from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { useListState } from "../../shared/lib/useListState";
import { confirmDestroy } from "../../shared/ui/confirm";
import { ListTable, type ListColumn } from "../../shared/ui/ListTable";
import { ReasonTooltip } from "../../shared/ui/ReasonTooltip";
import { TransferDialog } from "../../shared/ui/TransferDialog";
import { useDeleteGroup, useGroupMembers, useGroups, useUpdateGroupUsers, useUserNames, useFullNames } from "./api";
import { CreateGroupDialog } from "./CreateGroupDialog";
import { NameChips } from "./NameChips";

const SEARCH_DEBOUNCE_MS = 300;

export function GroupsTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const list = useListState<{ search: string }>({ pageSize: USER_PAGE_SIZES[0], filters: { search: "" } });
  const [search, setSearch] = useState("");
  const { setFilters } = list;
  const applied = list.filters.search;
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search.trim() !== applied) setFilters({ search: search.trim() });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, applied, setFilters]);
  const groups = useGroups({
    page: list.page,
    size: list.pageSize,
    search: list.filters.search || undefined,
    sortBy: list.sort ? "name" : undefined,
    sortOrder: list.sort?.order ?? "asc",
  });
  const [editing, setEditing] = useState<Group | null>(null);
  const [creating, setCreating] = useState(false);
  const members = useGroupMembers(editing?.id ?? null);
  const usernames = useUserNames(!!editing);
  const fullNames = useFullNames(!!editing);
  const update = useUpdateGroupUsers();
  const remove = useDeleteGroup();

  const columns = useMemo<ListColumn<Group>[]>(
    () => [
      {
        title: t("groups.column.name"),
        dataIndex: "name",
        sortKey: "name",
        width: 260,
        render: (name: string, g: Group) => (
          <Flex gap={6} align="center">
            {name}
            {g.source === "ldap" ? <Tag color="blue">{t("users.source.ldap")}</Tag> : null}
          </Flex>
        ),
      },
      {
        title: t("groups.column.users"),
        dataIndex: "users",
        render: (users: string[], g: Group) => (
          <NameChips names={users} total={g.userCount} empty={t("groups.noMembers")} />
        ),
      },
      {
        title: t("common.actions"),
        key: "actions",
        width: 120,
        render: (_: unknown, g: Group) => (
          <Flex gap={4}>
            {/* The reason, when there is one, comes from the server: the group grants more than the signed-in user holds. */}
            <ReasonTooltip
              disabled={!g.membersEditable}
              title={g.reason ?? (g.membersEditable ? t("groups.action.updateUsers") : t("users.directoryManaged"))}
            >
              <Button
                size="small"
                icon={<UsergroupAddOutlined />}
                disabled={!g.membersEditable}
                aria-label={t("groups.action.updateUsersOf", { name: g.name })}
                onClick={() => setEditing(g)}
              />
            </ReasonTooltip>
            <ReasonTooltip
              disabled={!g.deletable}
              title={
                g.reason ??
                (g.deletable
                  ? t("groups.action.delete")
                  : g.membersEditable
                    ? t("groups.protected")
                    : t("users.directoryManaged"))
              }
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={!g.deletable}
                aria-label={t("groups.action.deleteGroup", { name: g.name })}
                onClick={() =>
                  confirmDestroy(modal, t("groups.delete.confirm", { name: g.name, count: g.userCount }), async () => {
                    const res = await remove.mutateAsync(g.id);
                    toast.success(res.message);
                  })
                }
              />
            </ReasonTooltip>
          </Flex>
        ),
      },
    ],
    [t, modal, remove],
  );

  return (
    <>
      <Flex justify="space-between" gap={8} style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label={t("groups.search")}
          placeholder={t("groups.search")}
          allowClear
          value={search}
          maxLength={255}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => list.setFilters({ search: v.trim() })}
          style={{ maxWidth: 320 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t("groups.create")}
        </Button>
      </Flex>
      <ListTable<Group>
        columns={columns}
        rows={groups.data?.items}
        total={groups.data?.total}
        loading={groups.isFetching}
        rowKey="id"
        list={list}
        pageSizes={USER_PAGE_SIZES}
      />
      <TransferDialog
        open={!!editing}
        title={t("groups.addUsers")}
        subject={editing?.name ?? ""}
        all={usernames.data ?? []}
        assigned={members.data ?? []}
        labels={fullNames.data}
        moves={{ add: t("groups.move.add"), remove: t("groups.move.remove") }}
        loading={usernames.isPending || members.isPending}
        onClose={() => setEditing(null)}
        onSave={async (change) => {
          const res = await update.mutateAsync({
            id: editing!.id,
            body: { usersToAssign: change.toAssign, usersToRemove: change.toRemove },
          });
          toast.success(res.message);
        }}
      />
      <CreateGroupDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
