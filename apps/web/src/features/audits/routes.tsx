import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

/** The screen's path, written once. */
const PATH = "/audits";

export const auditsRoutes: FeatureRoute[] = [
  { path: PATH, menu: "audits", element: lazy(() => import("./AuditsPage")) },
];
export const toAudits = () => PATH;
