import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

export const clientConfigRoutes: FeatureRoute[] = [
  {
    path: "/client-configuration",
    menu: "client-configuration",
    element: screen(["client-config"], () => import("./ClientConfigPage")),
  },
];
export const toClientConfig = () => "/client-configuration";
