/** Every select of the policy screens filters by what the user reads (the label), as they type. */
export const SEARCH = { optionFilterProp: "label" } as const;
