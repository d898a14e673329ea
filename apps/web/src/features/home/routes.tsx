import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

export const homeRoutes: FeatureRoute[] = [{ path: "/home", menu: "home", element: lazy(() => import("./HomePage")) }];
export const toHome = () => "/home";
