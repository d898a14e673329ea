/**
 * `@console/contracts/constants`: every value of the contracts that carries no zod (limits,
 * choices, patterns, paths, small helpers). The web app imports its values from here, so its
 * screens never load the schemas; types still come from `@console/contracts`.
 * A module exported here must not import zod at runtime (constants-entry.test.ts checks it).
 */
export * from "./route.js";
export * from "./constants.js";
export * from "./cluster-constants.js";
export * from "./client-config-constants.js";
export * from "./insights-constants.js";
export * from "./secret-constants.js";
export * from "./connector-constants.js";
export * from "./audit-constants.js";
export * from "./policy-constants.js";
export * from "./user-rules.js";
export * from "./access-review-constants.js";
