import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";
import { settingsPaths } from "../settings/links";

export const licencesRoutes: FeatureRoute[] = [
  { path: settingsPaths.licenses, menu: "settings", element: lazy(() => import("./LicencesPage")) },
];
