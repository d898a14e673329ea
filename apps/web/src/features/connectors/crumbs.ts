import type { TFunction } from "i18next";
import type { Crumb } from "../../shared/ui/PageHeader";
import { toComponents } from "../components/links";
import { toConnectors } from "./links";

/** Breadcrumb of the connector screens: a leading "components" crumb when opened from there. */
export function connectorCrumbs(fromComponents: boolean, t: TFunction, wizard = false): Crumb[] {
  return [
    ...(fromComponents ? [{ label: t("connectors.breadcrumb.components"), to: toComponents() }] : []),
    wizard
      ? { label: t("connectors.breadcrumb.debezium"), to: toConnectors(fromComponents) }
      : { label: t("connectors.breadcrumb.debezium") },
    ...(wizard ? [{ label: t("connectors.breadcrumb.createConnector") }] : []),
  ];
}
