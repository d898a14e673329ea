import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

/** The screen's path, written once. */
const PATH = "/insights";

export const insightsRoutes: FeatureRoute[] = [
  { path: PATH, menu: "insights", element: lazy(() => import("./InsightsPage")) },
];
export const toInsights = () => PATH;
