import { Button, Card, Flex, Form, Select, Skeleton, Switch } from "antd";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { INSIGHTS_REFRESH_INTERVALS } from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { ApiError, errorMessage } from "../../shared/lib/api";
import { useGroupNames, useUserNames } from "../users/api";
import { useInsightsPreferences, useSaveInsightsPreferences } from "./generalSettingsApi";

interface Values {
  isScheduled: boolean;
  interval: number;
  usersToExclude: string[];
  adminGroups: string[];
}

const split = (joined: string) => joined.split("|").filter(Boolean);
const INTERVAL_LABEL: Record<number, string> = { 60: "1m", 300: "5m", 900: "15m", 1800: "30m", 3600: "1h" };
const FIELD_OF: Record<string, keyof Values> = {
  "body.is_scheduled": "isScheduled",
  "body.schedule_interval": "interval",
  "body.users_to_exclude": "usersToExclude",
  "body.admin_groups": "adminGroups",
};

/** Scheduled refresh of the insights, its interval, users left out of them and their admin groups. */
export function InsightsPreferenceCard(props: { onDirty?: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const prefs = useInsightsPreferences();
  const save = useSaveInsightsPreferences();
  const users = useUserNames();
  const groups = useGroupNames();
  const initial = useMemo<Values | null>(
    () =>
      prefs.data
        ? {
            isScheduled: prefs.data.is_scheduled,
            interval: prefs.data.schedule_interval,
            usersToExclude: split(prefs.data.users_to_exclude),
            adminGroups: split(prefs.data.admin_groups),
          }
        : null,
    [prefs.data],
  );
  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [initial, form]);
  const current = Form.useWatch([], form) as Values | undefined;
  const changed = !!initial && !!current && JSON.stringify({ ...initial, ...current }) !== JSON.stringify(initial);
  const scheduled = Form.useWatch("isScheduled", form) ?? false;
  const { onDirty } = props;
  useEffect(() => onDirty?.(changed), [changed, onDirty]);

  const submit = (v: Values) =>
    save.mutate(
      {
        is_scheduled: v.isScheduled,
        schedule_interval: v.interval,
        users_to_exclude: v.usersToExclude.join("|"),
        admin_groups: v.adminGroups.join("|"),
      },
      {
        onSuccess: (res) => toast.success(res.message),
        onError: (err) => {
          const field = err instanceof ApiError ? FIELD_OF[err.body?.field ?? ""] : undefined;
          if (field) form.setFields([{ name: field, errors: [errorMessage(err)] }]);
        },
      },
    );

  return (
    <Card title={t("generalSettings.insights.title")} aria-label={t("generalSettings.insights.title")}>
      {prefs.isPending ? (
        <Skeleton active />
      ) : prefs.isError ? (
        <Flex vertical gap={8} align="flex-start">
          <span role="alert">{errorMessage(prefs.error)}</span>
          <Button onClick={() => void prefs.refetch()}>{t("generalSettings.retry")}</Button>
        </Flex>
      ) : (
        <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={initial ?? undefined}>
          <Form.Item
            name="isScheduled"
            label={t("generalSettings.insights.scheduled")}
            valuePropName="checked"
            extra={t("generalSettings.insights.scheduledHint")}
          >
            <Switch aria-label={t("generalSettings.insights.scheduled")} />
          </Form.Item>
          <Form.Item name="interval" label={t("generalSettings.insights.interval")}>
            <Select
              aria-label={t("generalSettings.insights.interval")}
              disabled={!scheduled}
              showSearch={{ optionFilterProp: "label" }}
              style={{ maxWidth: 200 }}
              options={INSIGHTS_REFRESH_INTERVALS.map((s) => ({ value: s, label: INTERVAL_LABEL[s] }))}
            />
          </Form.Item>
          <Form.Item
            name="usersToExclude"
            label={t("generalSettings.insights.usersToExclude")}
            extra={t("generalSettings.insights.usersToExcludeHint")}
          >
            <Select
              mode="multiple"
              allowClear
              showSearch
              aria-label={t("generalSettings.insights.usersToExclude")}
              loading={users.isPending}
              options={(users.data ?? []).map((u) => ({ value: u, label: u }))}
            />
          </Form.Item>
          <Form.Item
            name="adminGroups"
            label={t("generalSettings.insights.adminGroups")}
            extra={t("generalSettings.insights.adminGroupsHint")}
          >
            <Select
              mode="multiple"
              allowClear
              showSearch
              aria-label={t("generalSettings.insights.adminGroups")}
              loading={groups.isPending}
              options={(groups.data ?? []).map((g) => ({ value: g, label: g }))}
            />
          </Form.Item>
          <Flex gap={8} justify="flex-end">
            <Button disabled={!changed} onClick={() => initial && form.setFieldsValue(initial)}>
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
