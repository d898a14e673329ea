import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";
import { policyPaths } from "./links";

export const policiesRoutes: FeatureRoute[] = [
  { path: policyPaths.list, menu: "policy-management", element: lazy(() => import("./PoliciesPage")) },
  {
    path: policyPaths.create,
    menu: "policy-management",
    element: lazy(() => import("./wizard/PolicyWizardPage")),
  },
  {
    path: policyPaths.edit,
    menu: "policy-management",
    element: lazy(() => import("./wizard/PolicyWizardPage")),
  },
  { path: policyPaths.review, menu: "policy-management", element: lazy(() => import("./ReviewPage")) },
  {
    path: policyPaths.publications,
    menu: "policy-management",
    element: lazy(() => import("./PublicationsPage")),
  },
  {
    path: policyPaths.visibility,
    menu: "policy-management",
    element: lazy(() => import("./VisibilityPage")),
  },
];
export { toPolicies } from "./links";
