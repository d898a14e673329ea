import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

const ConnectorsPage = lazy(() => import("./ConnectorsPage"));
const ConnectorWizardPage = lazy(() => import("./wizard/ConnectorWizardPage"));
export const connectorsRoutes: FeatureRoute[] = [
  { path: "/home/cdc", menu: "home", requiresComponent: "debezium", element: ConnectorsPage },
  { path: "/components/cdc", menu: "components", requiresComponent: "debezium", element: ConnectorsPage },
  { path: "/home/cdc/new", menu: "home", requiresComponent: "debezium", element: ConnectorWizardPage },
  { path: "/components/cdc/new", menu: "components", requiresComponent: "debezium", element: ConnectorWizardPage },
];
export { toConnectors, toNewConnector } from "./links";
