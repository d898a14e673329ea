import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

export const toMyAccess = () => "/my-access";

/** Any signed-in user's own screen: no menu guards it; the server returns only the caller's own data. */
export const selfServiceRoutes: FeatureRoute[] = [
  { path: "/my-access", menu: null, element: lazy(() => import("./MyAccessPage")) },
];
