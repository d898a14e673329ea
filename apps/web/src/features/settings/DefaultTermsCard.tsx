import { Button, Card, Flex, Form, Input, Skeleton, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { DefaultTerms } from "@console/contracts";
import { POLICY_LIMITS } from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { errorMessage } from "../../shared/lib/api";
import { maxRule } from "../../shared/lib/formRules";
import { useDefaultTerms, useSaveDefaultTerms } from "./generalSettingsApi";

const TERMS: Array<keyof DefaultTerms> = [
  "prohibitedUses",
  "liabilityLimits",
  "dataQualityDisclaimer",
  "terminationConditions",
];

/** The general terms each table access request's review starts from. */
export function DefaultTermsCard(props: { onDirty?: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DefaultTerms>();
  const terms = useDefaultTerms();
  const save = useSaveDefaultTerms();
  useEffect(() => {
    if (terms.data) form.setFieldsValue(terms.data);
  }, [terms.data, form]);
  const current = Form.useWatch([], form) as DefaultTerms | undefined;
  const changed = !!terms.data && !!current && TERMS.some((k) => (current[k] ?? "") !== terms.data[k]);
  const { onDirty } = props;
  useEffect(() => onDirty?.(changed), [changed, onDirty]);

  return (
    <Card title={t("generalSettings.terms.title")} aria-label={t("generalSettings.terms.title")}>
      {terms.isPending ? (
        <Skeleton active />
      ) : terms.isError ? (
        <Flex vertical gap={8} align="flex-start">
          <span role="alert">{errorMessage(terms.error)}</span>
          <Button onClick={() => void terms.refetch()}>{t("generalSettings.retry")}</Button>
        </Flex>
      ) : (
        <Form<DefaultTerms>
          form={form}
          layout="vertical"
          initialValues={terms.data}
          onFinish={(v) => save.mutate(v, { onSuccess: (res) => toast.success(res.message) })}
        >
          <Typography.Paragraph type="secondary">{t("generalSettings.terms.hint")}</Typography.Paragraph>
          {TERMS.map((k) => (
            <Form.Item
              key={k}
              name={k}
              label={t(`policies.review.terms.${k}`)}
              rules={[maxRule(POLICY_LIMITS.term, (max) => t("generalSettings.terms.max", { max }))]}
            >
              <Input.TextArea rows={3} maxLength={POLICY_LIMITS.term} showCount />
            </Form.Item>
          ))}
          <Flex gap={8} justify="flex-end">
            <Button disabled={!changed} onClick={() => form.setFieldsValue(terms.data)}>
              {t("generalSettings.reset")}
            </Button>
            <Button type="primary" htmlType="submit" disabled={!changed} loading={save.isPending}>
              {t("common.save")}
            </Button>
          </Flex>
        </Form>
      )}
    </Card>
  );
}
