import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

/** The screen's path, written once. */
const PATH = "/client-configuration";

export const clientConfigRoutes: FeatureRoute[] = [
  {
    path: PATH,
    menu: "client-configuration",
    element: screen(["client-config"], () => import("./ClientConfigPage")),
  },
];
export const toClientConfig = () => PATH;
