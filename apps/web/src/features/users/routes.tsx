import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";
import { usersPaths } from "./links";

export const usersRoutes: FeatureRoute[] = [
  { path: usersPaths.users, menu: "user-management", element: screen(["users"], () => import("./UsersPage")) },
];
