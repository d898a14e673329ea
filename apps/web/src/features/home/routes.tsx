import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { homePaths } from "./links";

export const homeRoutes: FeatureRoute[] = [
  { path: homePaths.home, menu: "home", element: screen(["cluster", "tours"], () => import("./HomePage")) },
];
export { toHome } from "./links";
