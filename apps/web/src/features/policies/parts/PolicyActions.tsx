import {
  CheckCircleOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  AuditOutlined,
} from "@ant-design/icons";
import { App, Button, Flex, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Policy } from "@console/contracts";
import { toast } from "../../../app/shell/notify";
import { ApiError, errorMessage } from "../../../shared/lib/api";
import { confirmDestroy } from "../../../shared/ui/confirm";
import { usePolicyAction } from "../api";
import { toEditPolicy, toReview, toVisibility } from "../links";

/** The row-action rules of spec section 4. */
export function allowedActions(p: Policy, licenceValid: boolean) {
  if (p.systemPolicy)
    return { toggle: false, enable: false, clone: false, approval: false, edit: false, remove: false };
  const noApproval = p.approvalStatus === null;
  return {
    toggle: noApproval || p.state === "deleted",
    enable: p.state !== "enabled",
    clone: p.state === "enabled" && noApproval,
    approval: !noApproval && !p.synced,
    edit: licenceValid && noApproval && p.state !== "deleted",
    remove: p.state !== "deleted",
  };
}

export function PolicyActions({ policy: p, licenceValid }: { policy: Policy; licenceValid: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const action = usePolicyAction();
  const can = allowedActions(p, licenceValid);
  const name = p.policyName;
  if (p.systemPolicy) return null;

  const run = async (a: "enable" | "disable" | "delete" | "clone") => {
    try {
      const r = await action.mutateAsync({ id: p.id, action: a });
      toast.success("message" in r ? r.message : t("policies.cloned", { name: r.policyName }));
    } catch (err) {
      if (a === "clone" && err instanceof ApiError && err.body?.error_description === "tags_missing")
        modal.error({ title: t("policies.cloneFailed"), content: errorMessage(err) });
      else toast.error(errorMessage(err));
    }
  };
  const icon = (label: string, node: React.ReactNode, onClick: () => void, danger = false) => (
    <Tooltip title={label}>
      <Button type="text" size="small" danger={danger} aria-label={label} icon={node} onClick={onClick} />
    </Tooltip>
  );
  return (
    <Flex gap={2} onClick={(e) => e.stopPropagation()}>
      {can.toggle
        ? can.enable
          ? icon(t("policies.action.enable", { name }), <PlayCircleOutlined />, () => void run("enable"))
          : icon(t("policies.action.disable", { name }), <PauseCircleOutlined />, () => void run("disable"))
        : null}
      {can.edit
        ? icon(t("policies.action.edit", { name }), <EditOutlined />, () => void navigate(toEditPolicy(p.id)))
        : null}
      {can.clone ? icon(t("policies.action.clone", { name }), <CopyOutlined />, () => void run("clone")) : null}
      {can.approval
        ? icon(t("policies.action.review", { name }), <AuditOutlined />, () => void navigate(toReview(p.id)))
        : null}
      {p.category !== "catalog" && p.schemaName.length === 1 && p.tables.length > 0 && p.tables[0] !== ".*"
        ? icon(
            t("policies.action.visibility", { name }),
            <EyeOutlined />,
            () =>
              void navigate(
                toVisibility({
                  username: p.assignToUsers.find((u) => u !== ".*"),
                  catalog: p.catalogName,
                  schema: p.schemaName[0],
                  table: p.tables[0],
                }),
              ),
          )
        : null}
      {can.remove
        ? icon(
            t("policies.action.delete", { name }),
            <DeleteOutlined />,
            () => confirmDestroy(modal, t("policies.deleteWhat", { name }), () => run("delete")),
            true,
          )
        : null}
      {p.approvalStatus === "APPROVED" && p.synced ? <CheckCircleOutlined aria-hidden /> : null}
    </Flex>
  );
}
