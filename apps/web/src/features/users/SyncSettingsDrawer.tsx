import { Button, Descriptions, Drawer, Flex, Form, InputNumber, Switch } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { syncPeriodValid } from "@console/contracts";
import { toast } from "../../app/shell/notify";
import { formatDateTime } from "../../shared/lib/format";
import { StatusBadge } from "../../shared/ui/StatusBadge";
import { useSyncSchedule, useSyncStatus, useUpdateSyncSchedule } from "./api";

/** Periodic full sync on or off, and its period in minutes (spec: more than 60, at most 525600). */
export function SyncSettingsDrawer(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const schedule = useSyncSchedule(props.open);
  const status = useSyncStatus(props.open);
  const save = useUpdateSyncSchedule();
  const [periodic, setPeriodic] = useState(false);
  const [period, setPeriod] = useState<number | null>(null);
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    if (props.open && schedule.data) {
      setPeriodic(schedule.data.periodicfullsync);
      setPeriod(schedule.data.fullsyncperiod);
      setInvalid(false);
    }
  }, [props.open, schedule.data]);

  const changed =
    !!schedule.data && (periodic !== schedule.data.periodicfullsync || period !== schedule.data.fullsyncperiod);
  // Save stays disabled while the period is empty or not a whole number (spec section 5).
  const savable = changed && period !== null && Number.isInteger(period) && !save.isPending;

  const submit = () => {
    if (period === null) return;
    if (!syncPeriodValid(period)) {
      setInvalid(true);
      toast.error(t("sync.period.more.than.60.less.than.525600"));
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
      onClose={props.onClose}
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
          validateStatus={invalid ? "error" : undefined}
          help={invalid ? t("sync.period.more.than.60.less.than.525600") : t("sync.syncPeriodHint")}
        >
          <InputNumber
            id="sync-period"
            value={period}
            step={1}
            precision={undefined}
            style={{ width: "100%" }}
            onChange={(v) => {
              setPeriod(typeof v === "number" ? v : null);
              setInvalid(false);
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
