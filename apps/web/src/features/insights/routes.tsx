import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { insightsPaths } from "./links";

export const insightsRoutes: FeatureRoute[] = [
  { path: insightsPaths.insights, menu: "insights", element: screen(["insights"], () => import("./InsightsPage")) },
];
