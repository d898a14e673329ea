import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";
import { podLogsPaths } from "./links";

const PodLogsPage = lazy(() => import("./PodLogsPage"));
export const podLogsRoutes: FeatureRoute[] = [
  { path: podLogsPaths.component, menu: "components", element: PodLogsPage },
  { path: podLogsPaths.host, menu: "home", element: PodLogsPage },
];
