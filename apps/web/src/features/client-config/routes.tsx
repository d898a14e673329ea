import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

/** The screen's path, written once. */
const PATH = "/client-configuration";

export const clientConfigRoutes: FeatureRoute[] = [
  { path: PATH, menu: "client-configuration", element: lazy(() => import("./ClientConfigPage")) },
];
export const toClientConfig = () => PATH;
