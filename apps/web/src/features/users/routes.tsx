import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

export const usersRoutes: FeatureRoute[] = [
  { path: "/user-management", menu: "user-management", element: screen(["users"], () => import("./UsersPage")) },
];
export const toUsers = () => "/user-management";
