import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";
import { settingsPaths } from "../settings/links";

export const secretsRoutes: FeatureRoute[] = [
  { path: settingsPaths.secrets, menu: "settings", element: lazy(() => import("./SecretsPage")) },
];
