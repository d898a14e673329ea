import { Button, Drawer, Flex, Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { EMAIL_MAX, PERSON_NAME_MAX, USERNAME_PATTERN, usernameForbiddenChars } from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { ApiError, errorMessage } from "../../shared/lib/api";
import { useUnsavedChanges } from "../../shared/lib/useUnsavedChanges";
import { useWhenOpening } from "../../shared/lib/useWhenOpening";
import { CopyButton } from "../../shared/ui/CopyButton";
import { useCreateUser, useGroupNames } from "./api";
import { generateTemporaryPassword } from "./password";

interface NewUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  groups: string[];
}

/** The server names the field it refuses as body.<field>; show its sentence there. */
const FIELD_OF: Record<string, keyof NewUser> = {
  "body.username": "username",
  "body.firstName": "firstName",
  "body.lastName": "lastName",
  "body.email": "email",
  "body.password": "password",
  "body.groups": "groups",
};

/** Usernames are lower case without spaces; the form shows the result before saving rather than rewriting what is typed. */
const usernameOf = (typed: string) => typed.toLowerCase().replace(/\s/g, "");

export function AddUserDrawer(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewUser>();
  const groups = useGroupNames(props.open);
  const create = useCreateUser();
  const password = Form.useWatch("password", form) ?? "";
  const typed = Form.useWatch("username", form) ?? "";
  const resulting = usernameOf(typed);
  // What the administrator typed (the generated password aside) is asked about before it is dropped.
  const watched = (Form.useWatch([], form) as Partial<NewUser> | undefined) ?? {};
  const typedAny = [watched.username, watched.firstName, watched.lastName, watched.email].some((v) => !!v?.trim());
  const guardClose = useUnsavedChanges(props.open && (typedAny || (watched.groups ?? []).length > 0));

  useWhenOpening(props.open, () => {
    form.resetFields();
    form.setFieldValue("password", generateTemporaryPassword());
  });

  const submit = (values: NewUser) =>
    create.mutate(
      {
        ...values,
        username: usernameOf(values.username),
        lastName: values.lastName ?? "",
        email: values.email ?? "",
        groups: values.groups ?? [],
      },
      {
        onSuccess: (user) => {
          toast.success(t("users.add.done", { username: user.username }));
          props.onClose();
        },
        onError: (err) => {
          const field = err instanceof ApiError ? FIELD_OF[err.body?.field ?? ""] : undefined;
          // The server's sentence starts with the field's path when zod found it; drop that.
          const message = errorMessage(err).replace(/^body\.\w+: /, "");
          if (field) form.setFields([{ name: field, errors: [message] }]);
          else toast.error(message);
        },
      },
    );

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t("users.add.required", { field }),
  });

  return (
    <Drawer
      open={props.open}
      onClose={() => guardClose(props.onClose)}
      title={t("users.add.title")}
      size={480}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={props.onClose}>{t("common.cancel")}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
            {t("users.add.save")}
          </Button>
        </Flex>
      }
    >
      <Form<NewUser> form={form} layout="vertical" onFinish={submit} requiredMark="optional">
        <Form.Item
          name="username"
          label={t("users.add.username")}
          extra={
            <>
              {t("users.add.usernameHint")}
              {/* Only a name the rule accepts is previewed; a long one wraps inside the drawer. */}
              {resulting !== typed && USERNAME_PATTERN.test(resulting) && (
                <div role="status" style={{ overflowWrap: "anywhere" }}>
                  {t("users.add.usernameResult", { username: resulting })}
                </div>
              )}
            </>
          }
          rules={[
            required(t("users.add.username")),
            {
              validator: (_, v: string | undefined) => {
                if (!v || USERNAME_PATTERN.test(usernameOf(v))) return Promise.resolve();
                const forbidden = usernameForbiddenChars(usernameOf(v));
                return Promise.reject(
                  new Error(
                    forbidden.length > 0
                      ? t("users.add.usernameForbidden", { chars: forbidden.join(" ") })
                      : t("users.add.usernameInvalid"),
                  ),
                );
              },
            },
          ]}
        >
          <Input autoComplete="off" maxLength={64} />
        </Form.Item>
        <Form.Item name="firstName" label={t("users.add.firstName")} rules={[required(t("users.add.firstName"))]}>
          <Input maxLength={PERSON_NAME_MAX} />
        </Form.Item>
        <Form.Item name="lastName" label={t("users.add.lastName")}>
          <Input maxLength={PERSON_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t("users.add.email")}
          rules={[{ type: "email", message: t("users.add.emailInvalid") }]}
        >
          <Input type="email" maxLength={EMAIL_MAX} />
        </Form.Item>
        <Form.Item label={t("users.add.password")} required extra={t("users.add.passwordHint")}>
          <Flex gap={8}>
            <Form.Item name="password" noStyle rules={[required(t("users.add.password"))]}>
              <Input.Password aria-label={t("users.add.password")} autoComplete="new-password" maxLength={256} />
            </Form.Item>
            <CopyButton value={password} />
            <Button onClick={() => form.setFieldValue("password", generateTemporaryPassword())}>
              {t("users.add.generate")}
            </Button>
          </Flex>
        </Form.Item>
        <Form.Item name="groups" label={t("users.add.groups")}>
          <Select
            mode="multiple"
            allowClear
            showSearch
            loading={groups.isPending}
            options={(groups.data ?? []).map((g) => ({ value: g, label: g }))}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
