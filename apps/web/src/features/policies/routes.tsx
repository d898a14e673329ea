import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

export const policiesRoutes: FeatureRoute[] = [
  { path: "/policy-management", menu: "policy-management", element: lazy(() => import("./PoliciesPage")) },
];
export const toPolicies = () => "/policy-management";
