import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { hostsPaths } from "./links";

export const hostsRoutes: FeatureRoute[] = [
  { path: hostsPaths.host, menu: "home", element: screen(["cluster", "tours"], () => import("./HostPage")) },
];
