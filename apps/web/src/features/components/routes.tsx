import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { componentsPaths } from "./links";

export const componentsRoutes: FeatureRoute[] = [
  {
    path: componentsPaths.list,
    menu: "components",
    element: screen(["cluster", "tours"], () => import("./ComponentsPage")),
  },
];
