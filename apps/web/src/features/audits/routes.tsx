import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

export const auditsRoutes: FeatureRoute[] = [
  { path: "/audits", menu: "audits", element: lazy(() => import("./AuditsPage")) },
];
export const toAudits = () => "/audits";
