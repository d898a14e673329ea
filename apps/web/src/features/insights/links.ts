/** The insights screen's path, written once; routes.tsx and every link use it. */
export const insightsPaths = { insights: "/insights" } as const;

export const toInsights = () => insightsPaths.insights;
