import { DeleteOutlined, EyeOutlined, PauseCircleOutlined, PlayCircleOutlined, RedoOutlined } from "@ant-design/icons";
import { App, Button, Flex, Tooltip } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ConnectorSummary } from "@console/contracts";
import { toast } from "../../../app/shell/notify";
import { confirmDestroy } from "../../../shared/ui/confirm";
import { useDeleteConnector, useRestartConnector, useSetConnectorStatus } from "../api";

function Action(props: { label: string; icon: ReactNode; onClick: () => void; loading?: boolean; danger?: boolean }) {
  return (
    <Tooltip title={props.label}>
      <Button
        type="text"
        size="small"
        aria-label={props.label}
        icon={props.icon}
        loading={props.loading}
        danger={props.danger}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

/**
 * View, pause or resume by state (a running connector can be paused, any other resumed),
 * restart when something failed, delete after a confirmation naming it.
 */
export function ConnectorActions(props: { connector: ConnectorSummary; onView: (name: string) => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const c = props.connector;
  const setStatus = useSetConnectorStatus();
  const restart = useRestartConnector();
  const remove = useDeleteConnector();
  const busy = (name: string) => setStatus.isPending && setStatus.variables?.name === name;

  const changeStatus = (status: "pause" | "resume") =>
    setStatus.mutate(
      { name: c.name, status },
      {
        onSuccess: (r) =>
          r.settled
            ? toast.success(t("connectors.connectorStatusUpdated"))
            : toast.info(t("connectors.connectorStatusPending")),
      },
    );

  const running = c.connectorState === "RUNNING";
  const failed = c.state === "FAILED";
  return (
    <Flex gap={4}>
      <Action
        label={t("connectors.action.view", { name: c.name })}
        icon={<EyeOutlined />}
        onClick={() => props.onView(c.name)}
      />
      {running ? (
        <Action
          label={t("connectors.action.pause", { name: c.name })}
          icon={<PauseCircleOutlined />}
          loading={busy(c.name)}
          onClick={() => changeStatus("pause")}
        />
      ) : (
        <Action
          label={t("connectors.action.resume", { name: c.name })}
          icon={<PlayCircleOutlined />}
          loading={busy(c.name)}
          onClick={() => changeStatus("resume")}
        />
      )}
      {failed ? (
        <Action
          label={t("connectors.action.restart", { name: c.name })}
          icon={<RedoOutlined />}
          loading={restart.isPending && restart.variables === c.name}
          onClick={() => restart.mutate(c.name, { onSuccess: () => toast.success(t("connectors.connectorRestarted")) })}
        />
      ) : null}
      <Action
        label={t("connectors.action.delete", { name: c.name })}
        icon={<DeleteOutlined />}
        danger
        onClick={() =>
          confirmDestroy(modal, t("connectors.deleteWhat", { name: c.name }), () =>
            remove.mutateAsync(c.name, { onSuccess: () => toast.success(t("connectors.connectorDeleted")) }).catch(
              // The global handler already showed the error; the dialog just closes.
              (err: unknown) => void err,
            ),
          )
        }
      />
    </Flex>
  );
}
