import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

export const secretsRoutes: FeatureRoute[] = [
  { path: "/settings/secrets", menu: "settings", element: lazy(() => import("./SecretsPage")) },
];
