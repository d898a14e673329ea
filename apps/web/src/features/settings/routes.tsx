import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

export const settingsRoutes: FeatureRoute[] = [
  {
    path: "/settings",
    menu: "settings",
    element: screen(["settings", "general-settings", "policies"], () => import("./GeneralSettingsPage")),
  },
  {
    path: "/settings/menu",
    menu: "settings",
    element: screen(["settings", "permissions", "users"], () => import("./MenuPermissionsPage")),
  },
  {
    path: "/settings/component",
    menu: "settings",
    element: screen(["settings", "permissions", "users"], () => import("./ComponentPermissionsPage")),
  },
];
export const toSettings = (section?: "menu" | "component" | "secrets" | "licenses") =>
  section ? `/settings/${section}` : "/settings";
