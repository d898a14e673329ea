import { CONNECTOR_COMPONENT } from "@console/contracts/constants";
import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { connectorPaths } from "./links";

const ConnectorsPage = screen(["connectors"], () => import("./ConnectorsPage"));
const ConnectorWizardPage = screen(["connectors"], () => import("./wizard/ConnectorWizardPage"));
export const connectorsRoutes: FeatureRoute[] = [
  { path: connectorPaths.home, menu: "home", requiresComponent: CONNECTOR_COMPONENT, element: ConnectorsPage },
  {
    path: connectorPaths.components,
    menu: "components",
    requiresComponent: CONNECTOR_COMPONENT,
    element: ConnectorsPage,
  },
  { path: connectorPaths.homeNew, menu: "home", requiresComponent: CONNECTOR_COMPONENT, element: ConnectorWizardPage },
  {
    path: connectorPaths.componentsNew,
    menu: "components",
    requiresComponent: CONNECTOR_COMPONENT,
    element: ConnectorWizardPage,
  },
];
export { toConnectors, toNewConnector } from "./links";
