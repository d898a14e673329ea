import { buildPath } from "@console/contracts/constants";

/**
 * The log screen's paths, written once; routes.tsx and every link use them. Pages import this
 * file, never another feature's routes, so no page reaches another page's module.
 */
export const podLogsPaths = {
  component: "/components/podlogs/:component/:podName",
  host: "/hosts/podlogs/:host/:podName",
} as const;

export const toComponentPodLogs = (component: string, pod: string, job?: string) =>
  buildPath(podLogsPaths.component, { component, podName: pod }) + (job ? `?job=${encodeURIComponent(job)}` : "");
export const toHostPodLogs = (host: string, pod: string) => buildPath(podLogsPaths.host, { host, podName: pod });
