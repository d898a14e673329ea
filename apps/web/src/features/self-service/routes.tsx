import type { FeatureRoute } from "../../app/route-types";
import { screen } from "../../app/screen";

/** The screen's path, written once. */
const PATH = "/my-access";

export const toMyAccess = () => PATH;

/** The request form offered where a user has no menu at all (the shell's no-access page), with its texts. */
export const NoAccessRequest = screen(["self-service", "policies"], () => import("./NoAccessRequest"));

/** Any signed-in user's own screen: no menu guards it; the server returns only the caller's own data. */
export const selfServiceRoutes: FeatureRoute[] = [
  { path: PATH, menu: null, element: screen(["self-service", "policies"], () => import("./MyAccessPage")) },
];
