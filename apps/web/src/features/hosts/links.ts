import { buildPath } from "@console/contracts/constants";

/** The host screen's path, written once; routes.tsx and every link use it. */
export const hostsPaths = { host: "/hosts/:id" } as const;

export const toHost = (name: string) => buildPath(hostsPaths.host, { id: name });
