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
