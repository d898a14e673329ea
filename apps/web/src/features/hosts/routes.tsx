import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

export const hostsRoutes: FeatureRoute[] = [
  { path: "/hosts/:id", menu: "home", element: lazy(() => import("./HostPage")) },
];
export const toHost = (name: string) => `/hosts/${encodeURIComponent(name)}`;
