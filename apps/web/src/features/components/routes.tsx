import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

export const componentsRoutes: FeatureRoute[] = [
  { path: "/components", menu: "components", element: lazy(() => import("./ComponentsPage")) },
];
export const toComponents = (component?: string) =>
  component ? `/components?component=${encodeURIComponent(component)}` : "/components";
