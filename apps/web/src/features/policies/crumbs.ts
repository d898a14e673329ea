import type { TFunction } from "i18next";
import type { Crumb } from "../../shared/ui/PageHeader";
import { toPolicies } from "./links";

/** Breadcrumb of the policy screens: "policies" links back to the list from the others. */
export function policyCrumbs(t: TFunction, here?: string): Crumb[] {
  return here
    ? [{ label: t("policies.breadcrumb"), to: toPolicies() }, { label: here }]
    : [{ label: t("policies.breadcrumb") }];
}
