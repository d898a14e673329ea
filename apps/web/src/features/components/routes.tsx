import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";
import { componentsPaths } from "./links";

export const componentsRoutes: FeatureRoute[] = [
  { path: componentsPaths.list, menu: "components", element: lazy(() => import("./ComponentsPage")) },
];
