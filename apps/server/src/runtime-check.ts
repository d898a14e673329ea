import { runtimeWarning } from "./platform/runtime.js";

// main.ts imports this module first: ES modules run in import order, so the warning comes
// before anything a dependency prints about the release (oidc-provider checks it too).
const warning = runtimeWarning(process.versions.node);
if (warning) process.stderr.write(`Warning: ${warning}\n`);
