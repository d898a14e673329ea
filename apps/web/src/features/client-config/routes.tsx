import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

export const clientConfigRoutes: FeatureRoute[] = [
  { path: "/client-configuration", menu: "client-configuration", element: lazy(() => import("./ClientConfigPage")) },
];
export const toClientConfig = () => "/client-configuration";
