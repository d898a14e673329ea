import { Descriptions, Drawer, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { LicenceRow } from "@console/contracts";
import { DATE_FORMAT, DATE_TIME_FORMAT, formatDateTime, orPlaceholder } from "../../shared/lib/format";
import { LicenceStatusBadge } from "./LicenceStatusBadge";

/** The view drawer: the licence's fields and the text of its file. */
export function LicenceDrawer(props: { licence: LicenceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const l = props.licence;
  return (
    <Drawer
      open={!!l}
      onClose={props.onClose}
      title={l ? t("licences.view.title", { serial: l.serialNumber }) : ""}
      size={640}
    >
      {l ? (
        <>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t("licences.column.serialNumber")}>{l.serialNumber}</Descriptions.Item>
            <Descriptions.Item label={t("licences.column.customer")}>{l.customer}</Descriptions.Item>
            <Descriptions.Item label={t("licences.column.components")}>{l.components.join(", ")}</Descriptions.Item>
            <Descriptions.Item label={t("licences.column.issueDate")}>
              {formatDateTime(l.issueDate, DATE_FORMAT)}
            </Descriptions.Item>
            <Descriptions.Item label={t("licences.column.expiryDate")}>
              {formatDateTime(l.expiryDate, DATE_FORMAT)}
            </Descriptions.Item>
            <Descriptions.Item label={t("licences.column.status")}>
              <LicenceStatusBadge row={l} />
            </Descriptions.Item>
            <Descriptions.Item label={t("licences.column.uploadedBy")}>
              {t("licences.view.uploaded", {
                by: l.uploadedBy,
                at: formatDateTime(l.uploadedAt, DATE_TIME_FORMAT),
              })}
            </Descriptions.Item>
            <Descriptions.Item label={t("licences.column.description")}>{orPlaceholder(l.descEn)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t("licences.view.text", { file: l.fileName })}</Typography.Title>
          <pre
            aria-label={t("licences.view.text", { file: l.fileName })}
            style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", fontSize: 12, margin: 0 }}
          >
            {l.license}
          </pre>
        </>
      ) : null}
    </Drawer>
  );
}
