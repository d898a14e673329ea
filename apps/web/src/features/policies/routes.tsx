import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

export const policiesRoutes: FeatureRoute[] = [
  {
    path: "/policy-management",
    menu: "policy-management",
    element: screen(["policies", "policy-impact", "audits"], () => import("./PoliciesPage")),
  },
  {
    path: "/policy-management/new",
    menu: "policy-management",
    element: screen(["policies", "policy-impact"], () => import("./wizard/PolicyWizardPage")),
  },
  {
    path: "/policy-management/:id/edit",
    menu: "policy-management",
    element: screen(["policies", "policy-impact"], () => import("./wizard/PolicyWizardPage")),
  },
  {
    path: "/policy-management/:id/review",
    menu: "policy-management",
    element: screen(["policies"], () => import("./ReviewPage")),
  },
  {
    path: "/policy-management/publications",
    menu: "policy-management",
    element: screen(["policies"], () => import("./PublicationsPage")),
  },
  {
    path: "/policy-management/what-can-see",
    menu: "policy-management",
    element: screen(["policies"], () => import("./VisibilityPage")),
  },
];
export { toPolicies } from "./links";
