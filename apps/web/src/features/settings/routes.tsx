import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";
import { settingsPaths } from "./links";

export const settingsRoutes: FeatureRoute[] = [
  { path: settingsPaths.general, menu: "settings", element: lazy(() => import("./GeneralSettingsPage")) },
  { path: settingsPaths.menu, menu: "settings", element: lazy(() => import("./MenuPermissionsPage")) },
  { path: settingsPaths.component, menu: "settings", element: lazy(() => import("./ComponentPermissionsPage")) },
];
export { toSettings } from "./links";
