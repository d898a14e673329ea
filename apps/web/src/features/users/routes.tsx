import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

/** The screen's path, written once. */
const PATH = "/user-management";

export const usersRoutes: FeatureRoute[] = [
  { path: PATH, menu: "user-management", element: lazy(() => import("./UsersPage")) },
];
export const toUsers = () => PATH;
