import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

export const licencesRoutes: FeatureRoute[] = [
  {
    path: "/settings/licenses",
    menu: "settings",
    element: screen(["licences", "settings"], () => import("./LicencesPage")),
  },
];
