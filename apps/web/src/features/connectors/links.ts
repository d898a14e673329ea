import type { TFunction } from "i18next";
import type { Crumb } from "../../shared/ui/PageHeader";

/** The list lives under home and under components; the wizard keeps the way it was opened. */
export const toConnectors = (fromComponents: boolean) => (fromComponents ? "/components/cdc" : "/home/cdc");
export const toNewConnector = (fromComponents: boolean) => `${toConnectors(fromComponents)}/new`;

/** Breadcrumb of the connector screens: a leading "components" crumb when opened from there. */
export function connectorCrumbs(fromComponents: boolean, t: TFunction, wizard = false): Crumb[] {
  return [
    ...(fromComponents ? [{ label: t("connectors.breadcrumb.components"), to: "/components" }] : []),
    wizard
      ? { label: t("connectors.breadcrumb.debezium"), to: toConnectors(fromComponents) }
      : { label: t("connectors.breadcrumb.debezium") },
    ...(wizard ? [{ label: t("connectors.breadcrumb.createConnector") }] : []),
  ];
}
