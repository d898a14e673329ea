import { Button, Descriptions, Drawer, Flex, Form, Input, Switch } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { syncPeriodValid } from "@console/contracts/constants";
import { toast } from "../../app/shell/notify";
import { formatDateTime } from "../../shared/lib/format";
import { useUnsavedChanges } from "../../shared/lib/useUnsavedChanges";
import { StatusBadge } from "../../shared/ui/StatusBadge";
import { useSyncSchedule, useSyncStatus, useUpdateSyncSchedule } from "./api";

/** Periodic full sync on or off, and its period in minutes (spec: more than 60, at most 525600). */
export function SyncSettingsDrawer(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const schedule = useSyncSchedule(props.open);
  const status = useSyncStatus(props.open);
  const save = useUpdateSyncSchedule();
  const [periodic, setPeriodic] = useState(false);
  // The text as typed: a number box would silently keep its last number under letters.
  const [text, setText] = useState("");
  const [outOfRange, setOutOfRange] = useState(false);

  useEffect(() => {
    if (props.open && schedule.data) {
      setPeriodic(schedule.data.periodicfullsync);
      setText(String(schedule.data.fullsyncperiod));
      setOutOfRange(false);
    }
  }, [props.open, schedule.data]);

  const period = /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
  const notInteger = text.trim() !== "" && period === null;
  const changed =
    !!schedule.data && (periodic !== schedule.data.periodicfullsync || period !== schedule.data.fullsyncperiod);
  const guardClose = useUnsavedChanges(props.open && changed);
  // Save stays disabled while the period is empty or not a whole number (spec section 5).
  const savable = changed && period !== null && !save.isPending;
  // One error at a time, inline under the box; no toast repeats it.
  const error = notInteger
    ? t("sync.period.integer")
    : outOfRange
      ? t("sync.period.more.than.60.less.than.525600")
      : undefined;

  const submit = () => {
    if (period === null) return;
    if (!syncPeriodValid(period)) {
      setOutOfRange(true);
      return;
    }
    save.mutate(
      { isPeriodicSync: periodic, syncPeriod: period },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          props.onClose();
        },
      },
    );
  };

  const last = status.data?.lastJob;
  return (
    <Drawer
      open={props.open}
      onClose={() => guardClose(props.onClose)}
      title={t("sync.drawer.title")}
      size={440}
      loading={schedule.isPending}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={props.onClose}>{t("common.cancel")}</Button>
          <Button type="primary" disabled={!savable} loading={save.isPending} onClick={submit}>
            {t("common.save")}
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={t("sync.periodicFullSync")} htmlFor="sync-periodic">
          <Switch id="sync-periodic" checked={periodic} onChange={setPeriodic} />
        </Form.Item>
        <Form.Item
          label={t("sync.syncPeriod")}
          htmlFor="sync-period"
          validateStatus={error ? "error" : undefined}
          help={error ?? t("sync.syncPeriodHint")}
        >
          <Input
            id="sync-period"
            inputMode="numeric"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOutOfRange(false);
            }}
          />
        </Form.Item>
      </Form>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: "source",
            label: t("sync.drawer.source"),
            children:
              status.data?.source === "ldap"
                ? t("sync.drawer.sourceLdap", { url: status.data.directoryUrl })
                : t("sync.drawer.sourceEmbedded"),
          },
          {
            key: "last",
            label: t("sync.drawer.lastSync"),
            children: last ? (
              <Flex vertical gap={4}>
                <span>
                  {formatDateTime(last.startedAt)} ·{" "}
                  <StatusBadge value={last.status} label={t(`sync.job.${last.status}`)} />
                </span>
                {last.message ? <span style={{ opacity: 0.75 }}>{last.message}</span> : null}
              </Flex>
            ) : (
              t("sync.drawer.never")
            ),
          },
        ]}
      />
    </Drawer>
  );
}
