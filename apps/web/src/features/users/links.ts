/** The user management screen's path, written once; routes.tsx and every link use it. */
export const usersPaths = { users: "/user-management" } as const;

export const toUsers = () => usersPaths.users;
