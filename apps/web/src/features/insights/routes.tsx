import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

/** The screen's path, written once. */
const PATH = "/insights";

export const insightsRoutes: FeatureRoute[] = [
  { path: PATH, menu: "insights", element: screen(["insights"], () => import("./InsightsPage")) },
];
export const toInsights = () => PATH;
