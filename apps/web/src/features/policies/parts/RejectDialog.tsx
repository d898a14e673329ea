import { Form, Input, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { POLICY_LIMITS } from "@console/contracts/constants";

/**
 * Asks before rejecting a table access request, and asks why: the reason is required, and the
 * requester reads it in My access. `onReject` resolves with the server's field error, if any.
 */
export function RejectDialog(props: {
  open: boolean;
  policyName: string;
  pending: boolean;
  onCancel: () => void;
  onReject: (reason: string) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    if (props.open) {
      setReason("");
      setTouched(false);
      setServerError(null);
    }
  }, [props.open]);
  const missing = reason.trim() === "";
  const help = touched && missing ? t("policies.review.rejectReasonRequired") : serverError;

  const submit = async () => {
    setTouched(true);
    if (missing) return;
    setServerError(await props.onReject(reason.trim()));
  };

  return (
    <Modal
      open={props.open}
      title={t("common.areYouSure")}
      okText={t("policies.review.reject")}
      okButtonProps={{ danger: true }}
      cancelText={t("common.cancel")}
      confirmLoading={props.pending}
      onOk={() => void submit()}
      onCancel={props.onCancel}
    >
      <Typography.Paragraph>{t("policies.review.rejectConfirm", { name: props.policyName })}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label={t("policies.review.rejectReason")}
          required
          validateStatus={help ? "error" : undefined}
          help={help ?? undefined}
          extra={t("policies.review.rejectReasonHint")}
        >
          <Input.TextArea
            aria-label={t("policies.review.rejectReason")}
            rows={3}
            maxLength={POLICY_LIMITS.rejectionReason}
            showCount
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
