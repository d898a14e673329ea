import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

export const licencesRoutes: FeatureRoute[] = [
  { path: "/settings/licenses", menu: "settings", element: lazy(() => import("./LicencesPage")) },
];
