import { CONNECTOR_COMPONENT } from "@console/contracts/constants";
import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

const ConnectorsPage = screen(["connectors"], () => import("./ConnectorsPage"));
const ConnectorWizardPage = screen(["connectors"], () => import("./wizard/ConnectorWizardPage"));
export const connectorsRoutes: FeatureRoute[] = [
  { path: "/home/cdc", menu: "home", requiresComponent: CONNECTOR_COMPONENT, element: ConnectorsPage },
  { path: "/components/cdc", menu: "components", requiresComponent: CONNECTOR_COMPONENT, element: ConnectorsPage },
  { path: "/home/cdc/new", menu: "home", requiresComponent: CONNECTOR_COMPONENT, element: ConnectorWizardPage },
  {
    path: "/components/cdc/new",
    menu: "components",
    requiresComponent: CONNECTOR_COMPONENT,
    element: ConnectorWizardPage,
  },
];
export { toConnectors, toNewConnector } from "./links";
