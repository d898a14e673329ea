import { lazy } from "react";
import type { FeatureRoute } from "../../app/route-types";

const PodLogsPage = lazy(() => import("./PodLogsPage"));
export const podLogsRoutes: FeatureRoute[] = [
  { path: "/components/podlogs/:component/:podName", menu: "components", element: PodLogsPage },
  { path: "/hosts/podlogs/:host/:podName", menu: "home", element: PodLogsPage },
];
export const toComponentPodLogs = (component: string, pod: string, job?: string) =>
  `/components/podlogs/${encodeURIComponent(component)}/${encodeURIComponent(pod)}${job ? `?job=${encodeURIComponent(job)}` : ""}`;
export const toHostPodLogs = (host: string, pod: string) =>
  `/hosts/podlogs/${encodeURIComponent(host)}/${encodeURIComponent(pod)}`;
