/**
 * The Node.js releases the console supports: the LTS lines from 22 on. Node 20 reached its
 * end of life in April 2026, and the sign-in service (oidc-provider) and cookie parsing
 * declare Node 22 or later.
 */
export const SUPPORTED_NODE = "22 or 24 (LTS)";
export const MIN_NODE_MAJOR = 22;

/** The warning to print at start on an older Node.js, or null on a supported one. */
export function runtimeWarning(version: string): string | null {
  const major = Number(version.replace(/^v/, "").split(".")[0]);
  if (major >= MIN_NODE_MAJOR) return null;
  return (
    `Node.js ${version} is not supported: use Node.js ${SUPPORTED_NODE}. ` +
    "The console starts, but its sign-in service and cookie handling are not tested on this " +
    "release, which receives no security fixes."
  );
}
