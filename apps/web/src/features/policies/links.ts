import type { TFunction } from "i18next";
import type { Crumb } from "../../shared/ui/PageHeader";

export const toPolicies = () => "/policy-management";
export const toNewPolicy = () => "/policy-management/new";
export const toEditPolicy = (id: number) => `/policy-management/${id}/edit`;
export const toReview = (id: number) => `/policy-management/${id}/review`;
export const toPublications = () => "/policy-management/publications";
export const toVisibility = (q: { username?: string; catalog?: string; schema?: string; table?: string } = {}) => {
  const s = new URLSearchParams(Object.entries(q).filter(([, v]) => !!v) as Array<[string, string]>).toString();
  return `/policy-management/what-can-see${s ? `?${s}` : ""}`;
};

/** Breadcrumb of the policy screens: "policies" links back to the list from the others. */
export function policyCrumbs(t: TFunction, here?: string): Crumb[] {
  return here
    ? [{ label: t("policies.breadcrumb"), to: toPolicies() }, { label: here }]
    : [{ label: t("policies.breadcrumb") }];
}
