import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

export const toMyAccess = () => "/my-access";

/** Any signed-in user's own screen: no menu guards it; the server returns only the caller's own data. */
export const selfServiceRoutes: FeatureRoute[] = [
  { path: "/my-access", menu: null, element: screen(["self-service", "policies"], () => import("./MyAccessPage")) },
];
