import type { TFunction } from "i18next";
import type { Crumb } from "../../shared/ui/PageHeader";
import { toComponents } from "../components/links";

/**
 * The connector screens' paths, written once; routes.tsx and every link use them. The list
 * lives under home and under components; the wizard keeps the way it was opened.
 */
export const connectorPaths = {
  home: "/home/cdc",
  components: "/components/cdc",
  homeNew: "/home/cdc/new",
  componentsNew: "/components/cdc/new",
} as const;

export const toConnectors = (fromComponents: boolean) =>
  fromComponents ? connectorPaths.components : connectorPaths.home;
export const toNewConnector = (fromComponents: boolean) =>
  fromComponents ? connectorPaths.componentsNew : connectorPaths.homeNew;

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
