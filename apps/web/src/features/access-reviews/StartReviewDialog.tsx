import { Checkbox, Form, Input, Modal, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { REVIEW_LIMITS } from "@console/contracts/constants";
import { errorMessage } from "../../shared/lib/api";
import { SEARCH } from "../policies/parts/search";
import { usePrincipals } from "../policies/api";
import { useStartReview } from "./api";
import { PolicyScopeSelect } from "./PolicyScopeSelect";
import { bodyOf, type StartValues as Values } from "./start-review";
import { toReviewDetail } from "./links";

const today = () => new Date().toISOString().slice(0, 10);

/** Starts an access review: its scope, reviewers, due date and what happens to undecided items. */
export function StartReviewDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const start = useStartReview();
  const principals = usePrincipals();
  const navigate = useNavigate();
  const tags = (name: keyof Values, label: string, placeholder: string) => (
    <Form.Item name={name} label={label}>
      <Select mode="tags" aria-label={label} placeholder={placeholder} tokenSeparators={[",", " "]} open={false} />
    </Form.Item>
  );
  const submit = async () => {
    const v = await form.validateFields();
    const r = await start.mutateAsync(bodyOf(v)).catch(() => null);
    if (r) {
      props.onClose();
      void navigate(toReviewDetail(r.id));
    }
  };
  return (
    <Modal
      open={props.open}
      title={t("reviews.start")}
      okText={t("reviews.startOk")}
      onOk={() => void submit()}
      confirmLoading={start.isPending}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ unanswered: "keep", publishOnClose: false, dueDate: "" }}
        aria-label={t("reviews.start")}
      >
        <Form.Item
          name="name"
          label={t("reviews.name")}
          rules={[{ required: true, whitespace: true, message: t("reviews.nameRequired") }]}
        >
          <Input maxLength={REVIEW_LIMITS.name} />
        </Form.Item>
        {tags("catalogs", t("reviews.scope.catalogs"), "hive")}
        {tags("schemas", t("reviews.scope.schemas"), "hive.sales")}
        {tags("tables", t("reviews.scope.tables"), "hive.sales.customers")}
        <Form.Item name="policies" label={t("reviews.scope.policies")}>
          <PolicyScopeSelect label={t("reviews.scope.policies")} />
        </Form.Item>
        <Form.Item name="groups" label={t("reviews.scope.groups")}>
          <Select
            mode="multiple"
            aria-label={t("reviews.scope.groups")}
            showSearch={SEARCH}
            options={(principals.data?.groups ?? []).map((g) => ({ value: g, label: g }))}
          />
        </Form.Item>
        <Form.Item name="reviewers" label={t("reviews.reviewers")} extra={t("reviews.reviewersHint")}>
          <Select
            mode="multiple"
            aria-label={t("reviews.reviewers")}
            showSearch={SEARCH}
            options={(principals.data?.users ?? []).map((u) => ({ value: u, label: u }))}
          />
        </Form.Item>
        <Form.Item name="reviewerGroup" label={t("reviews.reviewerGroup")}>
          <Select
            allowClear
            aria-label={t("reviews.reviewerGroup")}
            showSearch={SEARCH}
            options={(principals.data?.groups ?? []).map((g) => ({ value: g, label: g }))}
          />
        </Form.Item>
        <Form.Item
          name="dueDate"
          label={t("reviews.dueDate")}
          rules={[{ required: true, message: t("reviews.dueDateRequired") }]}
        >
          <Input type="date" min={today()} aria-label={t("reviews.dueDate")} />
        </Form.Item>
        <Form.Item name="unanswered" label={t("reviews.unanswered")}>
          <Radio.Group
            options={[
              { value: "keep", label: t("reviews.unanswered.keep") },
              { value: "revoke", label: t("reviews.unanswered.revoke") },
            ]}
          />
        </Form.Item>
        <Form.Item name="publishOnClose" valuePropName="checked">
          <Checkbox>{t("reviews.publishOnClose")}</Checkbox>
        </Form.Item>
        {start.isError ? <div role="alert">{errorMessage(start.error)}</div> : null}
      </Form>
    </Modal>
  );
}
