import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { settingsPaths } from "../settings/links";

export const licencesRoutes: FeatureRoute[] = [
  {
    path: settingsPaths.licenses,
    menu: "settings",
    element: screen(["licences", "settings"], () => import("./LicencesPage")),
  },
];
