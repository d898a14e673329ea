import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

export const usersRoutes: FeatureRoute[] = [
  { path: "/user-management", menu: "user-management", element: lazy(() => import("./UsersPage")) },
];
export const toUsers = () => "/user-management";
