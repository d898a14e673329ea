import { Button, Flex, Form, Input, Modal } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { User } from "@console/contracts";
import { toast } from "../../app/shell/notify";
import { errorMessage } from "../../shared/lib/api";
import { CopyButton } from "../../shared/ui/CopyButton";
import { useResetPassword } from "./api";
import { generateTemporaryPassword } from "./password";

/** Sets a temporary password the user must change at the next sign-in. */
export function ResetPasswordDialog(props: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPassword();
  useEffect(() => {
    if (props.user) {
      setPassword(generateTemporaryPassword());
      setError(null);
    }
  }, [props.user]);
  const name = props.user
    ? [props.user.firstName, props.user.lastName].filter(Boolean).join(" ") || props.user.username
    : "";

  const save = () =>
    reset.mutate(
      { id: props.user!.id, password },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          props.onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );

  return (
    <Modal
      open={!!props.user}
      title={t("users.reset.title", { name })}
      okText={t("users.reset.save")}
      cancelText={t("common.cancel")}
      okButtonProps={{ disabled: !password, loading: reset.isPending }}
      onOk={save}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <p>{t("users.reset.intro", { name })}</p>
      <Form layout="vertical" onFinish={save}>
        <Form.Item
          label={t("users.add.password")}
          htmlFor="reset-password"
          validateStatus={error ? "error" : undefined}
          help={error ?? t("users.add.passwordHint")}
        >
          <Flex gap={8}>
            <Input.Password
              id="reset-password"
              value={password}
              maxLength={256}
              autoComplete="new-password"
              onChange={(e) => {
                setPassword(e.target.value);
                setError(null);
              }}
            />
            <CopyButton value={password} />
            <Button onClick={() => setPassword(generateTemporaryPassword())}>{t("users.add.generate")}</Button>
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
}
