#!/usr/bin/env node
/**
 * Runs the unit and API tests under each supported Node.js release, then the browser tests
 * under the first. A release other than the one running this script comes from the npm
 * registry's `node` package, fetched once by npx into its cache (about 40 s, then 7 s).
 *
 *   node scripts/test/node-matrix.mjs             every test, as `npm test` does
 *   node scripts/test/node-matrix.mjs <files...>  only these unit or API test files, per release
 */
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";

const RELEASES = [22, 24];
const ROOT = path.resolve(import.meta.dirname, "../..");
const VITEST = path.join(ROOT, "node_modules/vitest/vitest.mjs");

/** The path of a `node` binary of that major release. */
function nodeOf(major) {
  if (Number(process.versions.node.split(".")[0]) === major) return process.execPath;
  try {
    const out = execFileSync("npx", ["-y", "-p", `node@${major}`, "node", "-p", "process.execPath"], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return out.trim().split("\n").at(-1);
  } catch (err) {
    throw new Error(`cannot get Node.js ${major} from the npm registry (npx -p node@${major}): ${err.stderr ?? err}`);
  }
}

/** This Node first on PATH, so that what the tests start (npm, node) runs on it too. */
const envWith = (node) => ({ ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ""}` });

/** Runs a command on that Node; stops the whole run at the first failure. */
function run(node, command, args, label) {
  const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
  process.stdout.write(`\n== ${label} on Node.js ${version}\n`);
  const started = Date.now();
  const res = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: envWith(node) });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (res.status !== 0) {
    process.stderr.write(`== ${label} failed on Node.js ${version} after ${seconds} s\n`);
    process.exit(res.status ?? 1);
  }
  process.stdout.write(`== ${label} passed on Node.js ${version} in ${seconds} s\n`);
}

const files = process.argv.slice(2);
const nodes = RELEASES.map((major) => ({ major, node: nodeOf(major) }));
for (const { node } of nodes)
  run(node, node, [VITEST, "run", "--config", "vitest.config.ts", ...files], "unit and API tests");
if (files.length === 0) {
  // The browser tests drive the built console, which they start with their own Node.
  const [{ node }] = nodes;
  run(node, "npm", ["run", "build"], "build");
  run(node, node, [VITEST, "run", "--config", "e2e/vitest.config.ts"], "browser tests");
}
