import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";
import { hostsPaths } from "./links";

export const hostsRoutes: FeatureRoute[] = [
  { path: hostsPaths.host, menu: "home", element: lazy(() => import("./HostPage")) },
];
