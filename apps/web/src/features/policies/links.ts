import { buildPath } from "@console/contracts/constants";

/** The policy screens' paths, written once; routes.tsx and every link use them. */
export const policyPaths = {
  list: "/policy-management",
  create: "/policy-management/new",
  edit: "/policy-management/:id/edit",
  review: "/policy-management/:id/review",
  publications: "/policy-management/publications",
  visibility: "/policy-management/what-can-see",
  testAccess: "/policy-management/test-access",
} as const;

export const toPolicies = () => policyPaths.list;
export const toNewPolicy = () => policyPaths.create;
export const toEditPolicy = (id: number) => buildPath(policyPaths.edit, { id: String(id) });
export const toReview = (id: number) => buildPath(policyPaths.review, { id: String(id) });
export const toPublications = () => policyPaths.publications;
export const toTestAccess = () => policyPaths.testAccess;
export const toVisibility = (q: { username?: string; catalog?: string; schema?: string; table?: string } = {}) => {
  const s = new URLSearchParams(Object.entries(q).filter(([, v]) => !!v) as Array<[string, string]>).toString();
  return `${policyPaths.visibility}${s ? `?${s}` : ""}`;
};
