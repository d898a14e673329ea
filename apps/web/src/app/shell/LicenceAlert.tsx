import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { LICENCE_WARNING_DAYS } from "@console/contracts/constants";
import { useLicenceVerify, usePublicConfig } from "../queries";
import { useShell } from "../state";

export type LicenceAlertState = "valid" | "expiringSoon" | "expired";

/** The spec's licence alert states: expired when invalid; expiring within the warning window. */
export function licenceAlertState(check: { valid: boolean; daysToExpiry: number }): LicenceAlertState {
  if (!check.valid) return "expired";
  if (check.daysToExpiry >= 0 && check.daysToExpiry <= LICENCE_WARNING_DAYS) return "expiringSoon";
  return "valid";
}

export function LicenceAlert() {
  const { t } = useTranslation();
  const licensing = usePublicConfig().data?.licensingEnabled ?? false;
  const check = useLicenceVerify(licensing).data;
  const dismissed = useShell((s) => s.licenceAlertDismissed);
  const dismiss = useShell((s) => s.dismissLicenceAlert);
  if (!licensing || !check || dismissed) return null;
  const state = licenceAlertState(check);
  if (state === "valid") return null;
  const message =
    state === "expired"
      ? t("licence.expired")
      : check.daysToExpiry === 0
        ? t("licence.expiringToday")
        : t("licence.expiringIn", { days: check.daysToExpiry });
  return (
    <Alert
      type={state === "expired" ? "error" : "warning"}
      title={message}
      banner
      closable={{ onClose: dismiss, "aria-label": t("common.close") }}
    />
  );
}
