import { Button, Drawer, Flex, Form, Input } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { Secret } from "@console/contracts";
import {
  normalizeSecretName,
  SECRET_DESCRIPTION_MAX,
  SECRET_NAME_MAX,
  SECRET_NAME_PATTERN,
} from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { ApiError, errorMessage } from "../../shared/lib/api";
import { useUnsavedChanges } from "../../shared/lib/useUnsavedChanges";
import { useWhenOpening } from "../../shared/lib/useWhenOpening";
import { useSaveSecret } from "./api";
import { useNameCheck } from "./useNameCheck";

interface Values {
  name: string;
  description: string;
  value: string;
}

const FIELD_OF: Record<string, keyof Values> = {
  "body.name": "name",
  "body.description": "description",
  "body.value": "value",
};

/**
 * Create mode when no secret is given, update mode (name locked) when one is. Save only when
 * the form changed and is valid, the name check is done and the name is free; on create the
 * value is required too (spec section 4). Closing resets the form.
 */
export function SecretDrawer(props: { open: boolean; secret: Secret | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveSecret();
  const updating = !!props.secret;
  const initial: Values = { name: props.secret?.name ?? "", description: props.secret?.description ?? "", value: "" };

  useWhenOpening(props.open, () => form.setFieldsValue(initial), [props.secret]);
  // Closed: the value typed leaves the form's memory.
  useEffect(() => {
    if (!props.open) form.resetFields();
  }, [props.open, form]);

  const values = (Form.useWatch([], form) as Partial<Values> | undefined) ?? {};
  const name = values.name ?? "";
  const description = values.description ?? "";
  const value = values.value ?? "";
  const check = useNameCheck(name, props.open && !updating && SECRET_NAME_PATTERN.test(name));
  const changed = name !== initial.name || description.trim() !== initial.description.trim() || value !== initial.value;
  const valid =
    SECRET_NAME_PATTERN.test(name) &&
    name.length <= SECRET_NAME_MAX &&
    description.trim().length > 0 &&
    description.trim().length <= SECRET_DESCRIPTION_MAX &&
    (updating || value.length > 0);
  const canSave = changed && valid && !check.checking && !check.taken;
  // Leaving the page (the browser's back) or signing out with a typed secret asks first.
  const guardClose = useUnsavedChanges(props.open && changed);

  const submit = (v: Values) =>
    save.mutate(
      {
        name: v.name,
        description: v.description.trim(),
        ...(v.value ? { value: v.value } : {}),
        mode: updating ? "update" : "create",
      },
      {
        onSuccess: () => {
          toast.success(
            t(
              updating
                ? "adminSettings.secrets.successfullSecretUpdation"
                : "adminSettings.secrets.successfullSecretCreation",
            ),
          );
          props.onClose();
        },
        onError: (err) => {
          const field = err instanceof ApiError ? FIELD_OF[err.body?.field ?? ""] : undefined;
          const message = errorMessage(err).replace(/^body\.\w+: /, "");
          if (field) form.setFields([{ name: field, errors: [message] }]);
          else toast.error(message);
        },
      },
    );

  const nameStatus = check.taken ? "error" : check.checking ? "validating" : undefined;
  return (
    <Drawer
      open={props.open}
      onClose={() => guardClose(props.onClose)}
      title={t(updating ? "adminSettings.secrets.updateSecret" : "adminSettings.secrets.createSecret")}
      size={480}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={props.onClose}>{t("common.cancel")}</Button>
          <Button type="primary" disabled={!canSave} loading={save.isPending} onClick={() => form.submit()}>
            {t("common.save")}
          </Button>
        </Flex>
      }
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={initial}>
        <Form.Item
          name="name"
          label={t("adminSettings.secrets.name")}
          normalize={(v: string) => normalizeSecretName(v ?? "")}
          validateStatus={nameStatus}
          hasFeedback={!updating && !!name}
          help={check.taken ? t("adminSettings.secrets.nameAlreadyExists") : undefined}
          extra={updating ? undefined : t("adminSettings.secrets.nameHint")}
          rules={[
            { required: true, message: t("adminSettings.secrets.nameRequired") },
            { pattern: SECRET_NAME_PATTERN, message: t("adminSettings.secrets.nameInvalid") },
          ]}
        >
          <Input disabled={updating} maxLength={SECRET_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t("adminSettings.secrets.description")}
          rules={[
            { required: true, whitespace: true, message: t("adminSettings.secrets.descriptionRequired") },
            { max: SECRET_DESCRIPTION_MAX, message: t("adminSettings.secrets.descriptionTooLong") },
          ]}
        >
          <Input.TextArea rows={3} maxLength={SECRET_DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="value"
          label={t("adminSettings.secrets.value")}
          required={!updating}
          extra={updating ? t("adminSettings.secrets.valueKeep") : t("adminSettings.secrets.valueHint")}
          rules={updating ? [] : [{ required: true, message: t("adminSettings.secrets.valueRequired") }]}
        >
          <Input.Password autoComplete="new-password" visibilityToggle={false} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
