export const toPolicies = () => "/policy-management";
export const toNewPolicy = () => "/policy-management/new";
export const toEditPolicy = (id: number) => `/policy-management/${id}/edit`;
export const toReview = (id: number) => `/policy-management/${id}/review`;
export const toPublications = () => "/policy-management/publications";
export const toVisibility = (q: { username?: string; catalog?: string; schema?: string; table?: string } = {}) => {
  const s = new URLSearchParams(Object.entries(q).filter(([, v]) => !!v) as Array<[string, string]>).toString();
  return `/policy-management/what-can-see${s ? `?${s}` : ""}`;
};
