import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

export const homeRoutes: FeatureRoute[] = [
  { path: "/home", menu: "home", element: screen(["cluster", "tours"], () => import("./HomePage")) },
];
export const toHome = () => "/home";
