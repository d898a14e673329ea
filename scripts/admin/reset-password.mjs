#!/usr/bin/env node
// `npm run admin:reset-password [-- --username NAME]` (README, "Lost the administrator's
// password"). Runs the server's command from its source in a checkout (no build needed), or
// the compiled one where only that exists (the container image).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const source = `${root}apps/server/src/admin/reset-password.ts`;
const built = `${root}apps/server/dist/admin/reset-password.js`;

let withTsx = false;
try {
  createRequire(import.meta.url).resolve("tsx");
  withTsx = existsSync(source);
} catch {
  // no tsx: production dependencies only
}
if (!withTsx && !existsSync(built)) {
  process.stderr.write("The console is not built yet: run `npm run build` first.\n");
  process.exit(1);
}
const args = withTsx ? ["--conditions=source", "--import", "tsx", source] : [built];
const run = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
process.exit(run.status ?? 1);
