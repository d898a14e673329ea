import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Button, Flex, Input, Tooltip } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Secret } from "@console/contracts";
import { PAGE_SIZES } from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { errorMessage } from "../../shared/lib/api";
import { formatDateTime, SECRET_DATE_FORMAT } from "../../shared/lib/format";
import { useListState } from "../../shared/lib/useListState";
import { ListTable, type ListColumn } from "../../shared/ui/ListTable";
import { StatusMessage } from "../../shared/ui/StatusMessage";
import { SettingsLayout } from "../settings/SettingsLayout";
import { useDeleteSecret, useSecrets } from "./api";
import { SecretDrawer } from "./SecretDrawer";

/** Secrets: search, newest change first, create and edit drawer, delete after confirmation. */
export default function SecretsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const list = useListState<string>({ pageSize: PAGE_SIZES[0], filters: "" });
  const secrets = useSecrets();
  const remove = useDeleteSecret();
  const [drawer, setDrawer] = useState<{ open: boolean; secret: Secret | null }>({ open: false, secret: null });

  const shown = useMemo(() => {
    const q = list.filters.trim().toLowerCase();
    const items = secrets.data?.items ?? [];
    return q ? items.filter((s) => s.name.includes(q) || s.description.toLowerCase().includes(q)) : items;
  }, [secrets.data, list.filters]);

  const confirmDelete = (s: Secret) =>
    modal.confirm({
      title: t("adminSettings.secrets.areYouSure"),
      content: t("adminSettings.secrets.deleteText", { name: s.name }),
      okText: t("common.confirm"),
      okButtonProps: { danger: true },
      cancelText: t("common.cancel"),
      // Deletion errors are swallowed by the spec; the shell still shows the server's message.
      onOk: () =>
        remove.mutateAsync(s.name).then(
          () => toast.success(t("adminSettings.secrets.successfullSecretDeletion")),
          () => undefined,
        ),
    });

  const columns: ListColumn<Secret>[] = [
    { title: t("adminSettings.secrets.name"), dataIndex: "name", width: 260 },
    { title: t("adminSettings.secrets.description"), dataIndex: "description", ellipsis: true },
    {
      title: t("adminSettings.secrets.updatedAt"),
      dataIndex: "updated_at",
      width: 220,
      render: (d: string | null) => formatDateTime(d, SECRET_DATE_FORMAT),
    },
    {
      title: t("common.actions"),
      key: "actions",
      width: 100,
      render: (_: unknown, s) => (
        <Flex gap={4}>
          <Tooltip title={t("adminSettings.secrets.edit")}>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={t("adminSettings.secrets.editOf", { name: s.name })}
              onClick={() => setDrawer({ open: true, secret: s })}
            />
          </Tooltip>
          <Tooltip title={t("adminSettings.secrets.delete")}>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t("adminSettings.secrets.deleteOf", { name: s.name })}
              onClick={() => confirmDelete(s)}
            />
          </Tooltip>
        </Flex>
      ),
    },
  ];

  return (
    <SettingsLayout section="secrets">
      <Flex justify="space-between" gap={12} style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t("adminSettings.secrets.search")}
          aria-label={t("adminSettings.secrets.search")}
          style={{ maxWidth: 320 }}
          onChange={(e) => list.setFilters(e.target.value)}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ open: true, secret: null })}>
          {t("adminSettings.secrets.createSecret")}
        </Button>
      </Flex>
      {secrets.isError ? (
        <StatusMessage
          kind="error"
          title={errorMessage(secrets.error)}
          extra={<Button onClick={() => void secrets.refetch()}>{t("adminSettings.secrets.retry")}</Button>}
        />
      ) : (
        <ListTable<Secret>
          columns={columns}
          rows={shown}
          loading={secrets.isFetching}
          rowKey="name"
          list={list}
          clientPaging
          pageSizes={PAGE_SIZES}
          caption={t("settings.secrets")}
        />
      )}
      <SecretDrawer
        open={drawer.open}
        secret={drawer.secret}
        onClose={() => setDrawer({ open: false, secret: null })}
      />
    </SettingsLayout>
  );
}
