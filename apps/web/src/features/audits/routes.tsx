import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

/** The screen's path, written once. */
const PATH = "/audits";

export const auditsRoutes: FeatureRoute[] = [
  {
    path: PATH,
    menu: "audits",
    element: screen(["audits", "policies", "self-service", "tours"], () => import("./AuditsPage")),
  },
];
export const toAudits = () => PATH;
