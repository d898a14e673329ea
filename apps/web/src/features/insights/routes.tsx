import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

export const insightsRoutes: FeatureRoute[] = [
  { path: "/insights", menu: "insights", element: screen(["insights"], () => import("./InsightsPage")) },
];
export const toInsights = () => "/insights";
