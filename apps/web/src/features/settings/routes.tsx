import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

export const settingsRoutes: FeatureRoute[] = [
  { path: "/settings", menu: "settings", element: lazy(() => import("./GeneralSettingsPage")) },
  { path: "/settings/menu", menu: "settings", element: lazy(() => import("./MenuPermissionsPage")) },
  { path: "/settings/component", menu: "settings", element: lazy(() => import("./ComponentPermissionsPage")) },
];
export const toSettings = (section?: "menu" | "component" | "secrets" | "licenses") =>
  section ? `/settings/${section}` : "/settings";
