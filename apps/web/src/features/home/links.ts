/** The home screen's path, written once; routes.tsx and every link use it. */
export const homePaths = { home: "/home" } as const;

export const toHome = () => homePaths.home;
