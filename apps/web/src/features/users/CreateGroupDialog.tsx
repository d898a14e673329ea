import { Form, Input, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { GROUP_NAME_PATTERN } from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { errorMessage } from "../../shared/lib/api";
import { useWhenOpening } from "../../shared/lib/useWhenOpening";
import { useCreateGroup } from "./api";

export function CreateGroupDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateGroup();
  useWhenOpening(props.open, () => form.resetFields());

  const submit = ({ name }: { name: string }) =>
    create.mutate(name.trim(), {
      onSuccess: (group) => {
        toast.success(t("groups.create.done", { name: group.name }));
        props.onClose();
      },
      onError: (err) => form.setFields([{ name: "name", errors: [errorMessage(err).replace(/^body\.\w+: /, "")] }]),
    });

  return (
    <Modal
      open={props.open}
      title={t("groups.create.title")}
      okText={t("groups.create")}
      cancelText={t("common.cancel")}
      okButtonProps={{ loading: create.isPending }}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t("groups.create.name")}
          extra={t("groups.create.nameHint")}
          rules={[
            { required: true, whitespace: true, message: t("users.add.required", { field: t("groups.create.name") }) },
            { pattern: GROUP_NAME_PATTERN, message: t("groups.create.nameInvalid") },
          ]}
        >
          <Input maxLength={64} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
