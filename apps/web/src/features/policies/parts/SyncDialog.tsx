import { Alert, Button, Checkbox, Flex, Modal, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SyncIssue } from "@console/contracts";
import { DEFAULT_IMPACT_WINDOW } from "@console/contracts/constants";
import { errorMessage } from "../../../shared/lib/api";
import { useSyncPreview } from "../api";
import { useImpact } from "../impact-api";
import { ImpactView } from "./ImpactView";

const SYNC = { kind: "sync" } as const;

function IssueList(props: { issues: SyncIssue[] }) {
  const { t } = useTranslation();
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      {props.issues.map((i, n) => (
        <li key={n}>
          {i.policyName === null
            ? i.message
            : t("policies.syncDialog.issue", { name: i.policyName, message: i.message })}
        </li>
      ))}
    </ul>
  );
}

/**
 * Sync's confirmation: what would be published, the errors that refuse it and the lint's
 * warnings (which do not), and its impact on the last 30 days of queries, before anything is
 * published. When some access becomes denied, publishing needs an explicit acknowledgement.
 */
export function SyncDialog(props: {
  open: boolean;
  publishing: boolean;
  onPublish: () => void;
  onClose: () => void;
  /** Opens the impact preview with its lists. */
  onDetails: () => void;
}) {
  const { t } = useTranslation();
  const preview = useSyncPreview(props.open);
  const p = preview.data;
  const impact = useImpact(SYNC, DEFAULT_IMPACT_WINDOW, props.open);
  const denies = (impact.data?.totals.deniedUsers ?? 0) > 0 || (impact.data?.totals.impersonationDenied ?? 0) > 0;
  const [acknowledged, setAcknowledged] = useState(false);
  useEffect(() => {
    if (!props.open) setAcknowledged(false);
  }, [props.open]);
  const blocked = !p || p.errors.length > 0 || (denies && !acknowledged);
  return (
    <Modal
      open={props.open}
      title={t("policies.syncDialog.title")}
      okText={t("policies.syncDialog.publish")}
      onOk={props.onPublish}
      onCancel={props.onClose}
      okButtonProps={{ disabled: blocked || preview.isFetching || impact.isFetching, loading: props.publishing }}
      destroyOnHidden
    >
      <Spin spinning={preview.isFetching}>
        <Flex vertical gap={12} style={{ minHeight: 48 }}>
          {preview.isError ? <Alert type="error" showIcon title={errorMessage(preview.error)} /> : null}
          {p ? (
            <Typography.Text>
              {t("policies.syncDialog.summary", { policies: p.policyCount, rules: p.ruleCount })}
            </Typography.Text>
          ) : null}
          {p && p.errors.length > 0 ? (
            <Alert
              type="error"
              showIcon
              title={t("policies.syncDialog.errors", { count: p.errors.length })}
              description={<IssueList issues={p.errors} />}
            />
          ) : null}
          {p && p.warnings.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              title={t("policies.syncDialog.warnings", { count: p.warnings.length })}
              description={<IssueList issues={p.warnings} />}
            />
          ) : null}
          <Typography.Text strong>{t("policies.impact.syncHeading", { count: DEFAULT_IMPACT_WINDOW })}</Typography.Text>
          <ImpactView
            data={impact.data}
            loading={impact.isFetching}
            error={impact.error}
            window={DEFAULT_IMPACT_WINDOW}
            lists={false}
          />
          {impact.data && impact.data.totals.changes > 0 ? (
            <Button type="link" style={{ alignSelf: "flex-start", padding: 0 }} onClick={props.onDetails}>
              {t("policies.impact.details")}
            </Button>
          ) : null}
          {denies ? (
            <Checkbox checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)}>
              {t("policies.impact.confirmDenied")}
            </Checkbox>
          ) : null}
        </Flex>
      </Spin>
    </Modal>
  );
}
