import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { policyPaths } from "./links";

export const policiesRoutes: FeatureRoute[] = [
  {
    path: policyPaths.list,
    menu: "policy-management",
    element: screen(["policies", "policy-impact", "audits"], () => import("./PoliciesPage")),
  },
  {
    path: policyPaths.create,
    menu: "policy-management",
    element: screen(["policies", "policy-impact"], () => import("./wizard/PolicyWizardPage")),
  },
  {
    path: policyPaths.edit,
    menu: "policy-management",
    element: screen(["policies", "policy-impact"], () => import("./wizard/PolicyWizardPage")),
  },
  {
    path: policyPaths.review,
    menu: "policy-management",
    element: screen(["policies"], () => import("./ReviewPage")),
  },
  {
    path: policyPaths.publications,
    menu: "policy-management",
    element: screen(["policies"], () => import("./PublicationsPage")),
  },
  {
    path: policyPaths.visibility,
    menu: "policy-management",
    element: screen(["policies"], () => import("./VisibilityPage")),
  },
  {
    path: policyPaths.testAccess,
    menu: "policy-management",
    element: screen(["policies"], () => import("./test-access/TestAccessPage")),
  },
];
export { toPolicies } from "./links";
