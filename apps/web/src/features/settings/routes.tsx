import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { settingsPaths } from "./links";

export const settingsRoutes: FeatureRoute[] = [
  {
    path: settingsPaths.general,
    menu: "settings",
    element: screen(["settings", "general-settings", "policies"], () => import("./GeneralSettingsPage")),
  },
  {
    path: settingsPaths.menu,
    menu: "settings",
    element: screen(["settings", "permissions", "users"], () => import("./MenuPermissionsPage")),
  },
  {
    path: settingsPaths.component,
    menu: "settings",
    element: screen(["settings", "permissions", "users"], () => import("./ComponentPermissionsPage")),
  },
];
export { toSettings } from "./links";
