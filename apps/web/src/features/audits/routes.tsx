import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { auditsPaths } from "./links";

export const auditsRoutes: FeatureRoute[] = [
  {
    path: auditsPaths.audits,
    menu: "audits",
    element: screen(["audits", "policies", "self-service", "tours"], () => import("./AuditsPage")),
  },
];
