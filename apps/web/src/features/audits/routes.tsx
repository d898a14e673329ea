import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

export const auditsRoutes: FeatureRoute[] = [
  {
    path: "/audits",
    menu: "audits",
    element: screen(["audits", "policies", "self-service", "tours"], () => import("./AuditsPage")),
  },
];
export const toAudits = () => "/audits";
