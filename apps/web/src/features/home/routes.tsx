import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";
import { homePaths } from "./links";

export const homeRoutes: FeatureRoute[] = [
  { path: homePaths.home, menu: "home", element: lazy(() => import("./HomePage")) },
];
export { toHome } from "./links";
