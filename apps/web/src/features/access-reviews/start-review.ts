import type { ReviewInput, ReviewScope } from "@console/contracts";
import type { PolicyChoice } from "./PolicyScopeSelect";

/** The start dialog's form values. */
export interface StartValues {
  name: string;
  catalogs: string[];
  schemas: string[];
  tables: string[];
  policies: PolicyChoice[];
  groups: string[];
  reviewers: string[];
  reviewerGroup?: string;
  dueDate: string;
  unanswered: "keep" | "revoke";
  publishOnClose: boolean;
}

/** The form's values as the API's body (form-state mapper, kept apart from the form). */
export const bodyOf = (v: StartValues): ReviewInput => ({
  name: v.name,
  scope: {
    catalogs: v.catalogs ?? [],
    schemas: v.schemas ?? [],
    tables: v.tables ?? [],
    policies: (v.policies ?? []).map((p) => p.value),
    groups: v.groups ?? [],
  },
  reviewers: { users: v.reviewers ?? [], group: v.reviewerGroup ?? null },
  dueDate: v.dueDate,
  unanswered: v.unanswered,
  publishOnClose: v.publishOnClose ?? false,
});

/** What a review covers, as its page lists it: places, policies (by id) and groups. */
export const scopeLabels = (scope: ReviewScope): string[] => [
  ...scope.catalogs,
  ...scope.schemas,
  ...scope.tables,
  ...scope.policies.map((id) => `policy #${id}`),
  ...scope.groups.map((g) => `group ${g}`),
];
