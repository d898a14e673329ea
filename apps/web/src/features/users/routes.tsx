import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

/** The screen's path, written once. */
const PATH = "/user-management";

export const usersRoutes: FeatureRoute[] = [
  { path: PATH, menu: "user-management", element: screen(["users"], () => import("./UsersPage")) },
];
export const toUsers = () => PATH;
