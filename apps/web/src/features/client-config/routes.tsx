import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { clientConfigPaths } from "./links";

export const clientConfigRoutes: FeatureRoute[] = [
  {
    path: clientConfigPaths.clientConfig,
    menu: "client-configuration",
    element: screen(["client-config"], () => import("./ClientConfigPage")),
  },
];
