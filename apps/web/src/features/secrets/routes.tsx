import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { settingsPaths } from "../settings/links";

export const secretsRoutes: FeatureRoute[] = [
  {
    path: settingsPaths.secrets,
    menu: "settings",
    element: screen(["secrets", "settings"], () => import("./SecretsPage")),
  },
];
