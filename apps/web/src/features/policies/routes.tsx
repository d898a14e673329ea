import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

export const policiesRoutes: FeatureRoute[] = [
  { path: "/policy-management", menu: "policy-management", element: lazy(() => import("./PoliciesPage")) },
  {
    path: "/policy-management/new",
    menu: "policy-management",
    element: lazy(() => import("./wizard/PolicyWizardPage")),
  },
  {
    path: "/policy-management/:id/edit",
    menu: "policy-management",
    element: lazy(() => import("./wizard/PolicyWizardPage")),
  },
  { path: "/policy-management/:id/review", menu: "policy-management", element: lazy(() => import("./ReviewPage")) },
  {
    path: "/policy-management/publications",
    menu: "policy-management",
    element: lazy(() => import("./PublicationsPage")),
  },
  {
    path: "/policy-management/what-can-see",
    menu: "policy-management",
    element: lazy(() => import("./VisibilityPage")),
  },
];
export { toPolicies } from "./links";
