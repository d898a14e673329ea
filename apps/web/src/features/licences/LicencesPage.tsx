import { DeleteOutlined, EyeOutlined, UploadOutlined } from "@ant-design/icons";
import { App, Button, Flex, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LicenceRow } from "@console/contracts";
import { PAGE_SIZES } from "@console/contracts/constants";
import { usePublicConfig } from "../../app/queries";
import { toast } from "../../app/shell/notify";
import { errorMessage } from "../../shared/lib/api";
import { DATE_FORMAT, formatDateTime } from "../../shared/lib/format";
import { useListState } from "../../shared/lib/useListState";
import { confirmDestroy } from "../../shared/ui/confirm";
import { ListTable, type ListColumn } from "../../shared/ui/ListTable";
import { StatusMessage } from "../../shared/ui/StatusMessage";
import { SettingsLayout } from "../settings/SettingsLayout";
import { useDeleteLicence, useLicenceHistory } from "./api";
import { LicenceDrawer } from "./LicenceDrawer";
import { LicenceStatusBadge } from "./LicenceStatusBadge";
import { UploadLicenceDrawer } from "./UploadLicenceDrawer";

export default function LicencesPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const list = useListState<null>({ pageSize: PAGE_SIZES[0], filters: null });
  // Licensing off: the settings menu has no Licenses entry, and an address typed or kept from
  // before says so instead of asking the console for a history it does not keep.
  const licensing = usePublicConfig().data?.licensingEnabled;
  const history = useLicenceHistory(licensing === true);
  const remove = useDeleteLicence();
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<LicenceRow | null>(null);

  const columns: ListColumn<LicenceRow>[] = [
    { title: t("licences.column.serialNumber"), dataIndex: "serialNumber" },
    { title: t("licences.column.fileName"), dataIndex: "fileName" },
    { title: t("licences.column.description"), dataIndex: "descEn", ellipsis: true },
    { title: t("licences.column.uploadedBy"), dataIndex: "uploadedBy" },
    {
      title: t("licences.column.issueDate"),
      dataIndex: "issueDate",
      render: (d: string) => formatDateTime(d, DATE_FORMAT),
    },
    {
      title: t("licences.column.expiryDate"),
      dataIndex: "expiryDate",
      render: (d: string) => formatDateTime(d, DATE_FORMAT),
    },
    {
      title: t("licences.column.status"),
      dataIndex: "statusEn",
      render: (_: string, row) => <LicenceStatusBadge row={row} />,
    },
    {
      title: t("common.actions"),
      key: "actions",
      width: 100,
      // Deleted licences keep their row but offer no action (spec section 4).
      render: (_: unknown, row) =>
        row.status === "deleted" ? null : (
          <Flex gap={4}>
            <Tooltip title={t("licences.action.view")}>
              <Button
                size="small"
                icon={<EyeOutlined />}
                aria-label={t("licences.action.viewOf", { serial: row.serialNumber })}
                onClick={() => setViewing(row)}
              />
            </Tooltip>
            <Tooltip title={t("licences.action.delete")}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t("licences.action.deleteOf", { serial: row.serialNumber })}
                onClick={() =>
                  confirmDestroy(modal, t("licences.delete.confirm", { serial: row.serialNumber }), () =>
                    remove.mutateAsync(row.id).then(
                      (res) => toast.success(res.message),
                      () => undefined,
                    ),
                  )
                }
              />
            </Tooltip>
          </Flex>
        ),
    },
  ];

  if (licensing === false)
    return (
      <SettingsLayout section="licenses">
        <StatusMessage kind="off" title={t("licences.off.title")} subTitle={t("licences.off.detail")} />
      </SettingsLayout>
    );

  return (
    <SettingsLayout
      section="licenses"
      extra={
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
          {t("licences.uploadLicense")}
        </Button>
      }
    >
      {history.isError ? (
        <StatusMessage
          kind="error"
          title={errorMessage(history.error)}
          extra={<Button onClick={() => void history.refetch()}>{t("licences.retry")}</Button>}
        />
      ) : (
        <ListTable<LicenceRow>
          columns={columns}
          rows={history.data}
          loading={history.isFetching || licensing === undefined}
          rowKey={(r) => String(r.id)}
          list={list}
          clientPaging
          pageSizes={PAGE_SIZES}
          caption={t("licences.history")}
        />
      )}
      <UploadLicenceDrawer open={uploading} onClose={() => setUploading(false)} />
      <LicenceDrawer licence={viewing} onClose={() => setViewing(null)} />
    </SettingsLayout>
  );
}
