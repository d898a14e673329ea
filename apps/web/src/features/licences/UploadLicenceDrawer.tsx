import { UploadOutlined } from "@ant-design/icons";
import { Button, Drawer, Flex, Form, Input, Upload, type UploadFile } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LICENCE_DESCRIPTION_MAX, LICENCE_FILE_EXTENSIONS } from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { ApiError, errorMessage } from "../../shared/lib/api";
import { useUnsavedChanges } from "../../shared/lib/useUnsavedChanges";
import { useWhenOpening } from "../../shared/lib/useWhenOpening";
import { useUploadLicence } from "./api";

const hasLicenceExtension = (name: string) => LICENCE_FILE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** Upload drawer: exactly one .lic or .license file and a description; Save needs the file. */
export function UploadLicenceDrawer(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ description?: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadLicence();

  useWhenOpening(props.open, () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
  });

  const description = (Form.useWatch("description", form) as string | undefined) ?? "";
  // A chosen file or a typed description is not thrown away without a word.
  const guardClose = useUnsavedChanges(props.open && (!!file || description.trim() !== ""));

  const list: UploadFile[] = file ? [{ uid: "licence", name: file.name, status: "done" }] : [];

  const save = (values: { description?: string }) => {
    if (!file) return;
    upload.mutate(
      { file, description: (values.description ?? "").trim() },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          props.onClose();
        },
        onError: (err) => {
          const field = err instanceof ApiError ? err.body?.field : undefined;
          if (field === "body.descEn") form.setFields([{ name: "description", errors: [errorMessage(err)] }]);
          else if (field === "body.licenseKey") setFileError(errorMessage(err));
          else toast.error(errorMessage(err));
        },
      },
    );
  };

  return (
    <Drawer
      open={props.open}
      onClose={() => guardClose(props.onClose)}
      title={t("licences.upload.title")}
      size={480}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={props.onClose}>{t("common.cancel")}</Button>
          <Button type="primary" disabled={!file} loading={upload.isPending} onClick={() => form.submit()}>
            {t("common.save")}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" onFinish={save} requiredMark="optional">
        <Form.Item
          label={t("licences.upload.file")}
          required
          extra={t("licences.upload.fileHint")}
          validateStatus={fileError ? "error" : undefined}
          help={fileError ?? undefined}
        >
          <Upload
            accept={LICENCE_FILE_EXTENSIONS.join(",")}
            maxCount={1}
            fileList={list}
            beforeUpload={(f) => {
              if (!hasLicenceExtension(f.name)) {
                setFile(null);
                setFileError(t("licences.upload.wrongType"));
              } else {
                setFile(f);
                setFileError(null);
              }
              // Sent with the form on Save, not on choosing.
              return false;
            }}
            onRemove={() => {
              setFile(null);
              setFileError(null);
            }}
          >
            <Button icon={<UploadOutlined />}>{t("licences.upload.choose")}</Button>
          </Upload>
        </Form.Item>
        <Form.Item
          name="description"
          label={t("licences.upload.description")}
          rules={[{ max: LICENCE_DESCRIPTION_MAX, message: t("licences.upload.descriptionTooLong") }]}
        >
          <Input.TextArea rows={4} maxLength={LICENCE_DESCRIPTION_MAX} showCount />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
