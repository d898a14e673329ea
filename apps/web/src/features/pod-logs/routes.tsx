import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { podLogsPaths } from "./links";

const PodLogsPage = screen(["cluster"], () => import("./PodLogsPage"));
export const podLogsRoutes: FeatureRoute[] = [
  { path: podLogsPaths.component, menu: "components", element: PodLogsPage },
  { path: podLogsPaths.host, menu: "home", element: PodLogsPage },
];
