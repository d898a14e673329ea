import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

export const insightsRoutes: FeatureRoute[] = [
  { path: "/insights", menu: "insights", element: lazy(() => import("./InsightsPage")) },
];
export const toInsights = () => "/insights";
