import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

export const secretsRoutes: FeatureRoute[] = [
  {
    path: "/settings/secrets",
    menu: "settings",
    element: screen(["secrets", "settings"], () => import("./SecretsPage")),
  },
];
