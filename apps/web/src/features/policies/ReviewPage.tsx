import { SEARCH } from "./parts/search";
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Select, Spin } from "antd";
import { isValidPhoneNumber } from "libphonenumber-js";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import type { Tnc } from "@console/contracts";
import { DEFAULT_PHONE_EXTENSION, POLICY_LIMITS } from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { ApiError, errorMessage } from "../../shared/lib/api";
import { formatDateTime } from "../../shared/lib/format";
import { PageHeader } from "../../shared/ui/PageHeader";
import { useDefaultTerms } from "../settings/generalSettingsApi";
import { usePolicy, useReview } from "./api";
import { policyCrumbs } from "./crumbs";
import { toPolicies } from "./links";
import { EMAIL, EXTENSIONS } from "./parts/contact";
import { GrantedPeriod } from "./parts/GrantedPeriod";
import { PolicyDetails } from "./parts/PolicyDetails";
import { RejectDialog } from "./parts/RejectDialog";
import { restrictionsOf, ReviewRestrictions, type Restrictions } from "./parts/ReviewRestrictions";

/** Review of a table access request (spec: table access request review). */
export default function ReviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const policy = usePolicy(id);
  const review = useReview();
  const [tnc, setTnc] = useState<Tnc | null>(null);
  const [restrictions, setRestrictions] = useState<Restrictions | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [errors, setErrors] = useState<{ phone?: string; email?: string }>({});
  const defaults = useDefaultTerms();
  useEffect(() => {
    // Terms the request leaves empty start from the settings' defaults (none if they cannot be read).
    if (policy.data && !defaults.isPending) {
      const terms = { ...policy.data.tnc.generalTerms };
      for (const k of Object.keys(terms) as Array<keyof Tnc["generalTerms"]>) terms[k] ||= defaults.data?.[k] ?? "";
      setTnc({ ...policy.data.tnc, generalTerms: terms });
      setRestrictions(restrictionsOf(policy.data));
    }
  }, [policy.data, defaults.isPending, defaults.data]);

  if (policy.isLoading || !tnc || !restrictions) return <Spin />;
  if (policy.isError || !policy.data) return <Alert type="error" showIcon title={errorMessage(policy.error)} />;
  const p = policy.data;
  const contact = tnc.contactDetails;
  const setContact = (c: Partial<Tnc["contactDetails"]>) => setTnc({ ...tnc, contactDetails: { ...contact, ...c } });
  const setTerms = (g: Partial<Tnc["generalTerms"]>) => setTnc({ ...tnc, generalTerms: { ...tnc.generalTerms, ...g } });
  const checkPhone = () =>
    setErrors((e) => ({
      ...e,
      phone:
        contact.phoneNumber && !isValidPhoneNumber(`${contact.extension}${contact.phoneNumber}`)
          ? t("invalidPhoneNumber")
          : undefined,
    }));
  const checkEmail = () =>
    setErrors((e) => ({ ...e, email: contact.email && !EMAIL.test(contact.email) ? t("invalidEmail") : undefined }));
  const hasErrors = !!errors.phone || !!errors.email || contact.name.length > POLICY_LIMITS.contactName;

  const pending = p.approvalStatus === "PENDING_APPROVAL";
  const approve = async () => {
    try {
      const r = await review.mutateAsync({ id, decision: "approve", body: { tnc, ...restrictions } });
      toast.success(r.message);
      void navigate(toPolicies());
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  /** Resolves with the error to show under the reason, if the server refused it. */
  const reject = async (reason: string): Promise<string | null> => {
    try {
      const r = await review.mutateAsync({ id, decision: "reject", body: { tnc, reason } });
      toast.success(r.message);
      setRejecting(false);
      void navigate(toPolicies());
      return null;
    } catch (err) {
      if (err instanceof ApiError && err.body?.field === "body.reason")
        return errorMessage(err).replace(/^body\.reason: /, "");
      toast.error(errorMessage(err));
      return null;
    }
  };
  const term = (key: keyof Tnc["generalTerms"]) => (
    <Form.Item label={t(`policies.review.terms.${key}`)}>
      <Input.TextArea
        aria-label={t(`policies.review.terms.${key}`)}
        rows={2}
        maxLength={POLICY_LIMITS.term}
        showCount
        value={tnc.generalTerms[key]}
        onChange={(e) => setTerms({ [key]: e.target.value })}
      />
    </Form.Item>
  );

  return (
    <>
      <PageHeader
        crumbs={policyCrumbs(t, t("policies.review.title"))}
        title={t("policies.review.title")}
        extra={
          <>
            <Button onClick={() => void navigate(toPolicies())}>{t("common.cancel")}</Button>
            <Button
              danger
              disabled={review.isPending || p.approvalStatus === "REJECTED"}
              onClick={() => setRejecting(true)}
            >
              {t("policies.review.reject")}
            </Button>
            <Button
              type="primary"
              disabled={hasErrors || review.isPending || p.approvalStatus === "APPROVED"}
              onClick={() => void approve()}
            >
              {t("policies.review.approve")}
            </Button>
          </>
        }
      />
      <Flex vertical gap={16}>
        <Card title={t("policies.review.requestInfo")}>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t("policies.column.name")}>{p.policyName}</Descriptions.Item>
            <Descriptions.Item label={t("policies.review.requestedBy")}>{p.createdBy}</Descriptions.Item>
            <Descriptions.Item label={t("policies.column.syncStatus")}>
              {t(`policies.sync.${p.syncStatus}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t("policies.review.requestedAt")}>
              {formatDateTime(p.createdAt)}
            </Descriptions.Item>
            {p.rejectionReason ? (
              <Descriptions.Item label={t("policies.review.rejectionReason")} span={2}>
                <span style={{ whiteSpace: "pre-wrap" }}>{p.rejectionReason}</span>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        </Card>
        <Card title={t("policies.review.description")}>
          <Input.TextArea
            aria-label={t("policies.review.description")}
            rows={3}
            maxLength={POLICY_LIMITS.term}
            showCount
            value={tnc.description}
            onChange={(e) => setTnc({ ...tnc, description: e.target.value })}
          />
        </Card>
        <Card title={t("policies.field.period")}>
          <GrantedPeriod policy={p} value={tnc} onChange={(period) => setTnc({ ...tnc, ...period })} />
        </Card>
        <Card title={t("policies.review.masksAndFilter")}>
          {/* Decided requests show what was granted; a pending one is where masks and filters are added. */}
          {pending ? (
            <ReviewRestrictions policy={p} value={restrictions} onChange={setRestrictions} />
          ) : (
            <PolicyDetails policy={p} />
          )}
        </Card>
        <Card title={t("policies.review.contact")}>
          <Form layout="vertical">
            <Form.Item
              label={t("policies.review.contactName")}
              validateStatus={contact.name.length > POLICY_LIMITS.contactName ? "error" : undefined}
            >
              <Input
                aria-label={t("policies.review.contactName")}
                maxLength={POLICY_LIMITS.contactName}
                value={contact.name}
                onChange={(e) => setContact({ name: e.target.value })}
              />
            </Form.Item>
            <Form.Item
              label={t("policies.review.phone")}
              validateStatus={errors.phone ? "error" : undefined}
              help={errors.phone}
            >
              <Flex gap={8}>
                <Select
                  showSearch={SEARCH}
                  aria-label={t("policies.review.extension")}
                  style={{ width: 100 }}
                  value={contact.extension || DEFAULT_PHONE_EXTENSION}
                  onChange={(extension) => setContact({ extension })}
                  options={EXTENSIONS.map((x) => ({ value: x, label: x }))}
                />
                <Input
                  aria-label={t("policies.review.phone")}
                  inputMode="tel"
                  maxLength={15}
                  value={contact.phoneNumber}
                  onChange={(e) => setContact({ phoneNumber: e.target.value.replace(/\D/g, "") })}
                  onBlur={checkPhone}
                />
              </Flex>
            </Form.Item>
            <Form.Item
              label={t("policies.review.email")}
              validateStatus={errors.email ? "error" : undefined}
              help={errors.email}
            >
              <Input
                aria-label={t("policies.review.email")}
                type="email"
                value={contact.email}
                maxLength={254}
                onChange={(e) => setContact({ email: e.target.value.trim() })}
                onBlur={checkEmail}
              />
            </Form.Item>
          </Form>
        </Card>
        <Card title={t("policies.review.generalTerms")}>
          <Form layout="vertical">
            {term("prohibitedUses")}
            {term("liabilityLimits")}
            {term("dataQualityDisclaimer")}
            {term("terminationConditions")}
          </Form>
        </Card>
      </Flex>
      <RejectDialog
        open={rejecting}
        policyName={p.policyName}
        pending={review.isPending}
        onCancel={() => setRejecting(false)}
        onReject={reject}
      />
    </>
  );
}
