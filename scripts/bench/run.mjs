// `npm run bench`: every benchmark script named bench:<part> in package.json, one after another.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const scripts = Object.keys(JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts).filter((s) =>
  s.startsWith("bench:"),
);
execSync("npm run build", { cwd: root, stdio: "inherit" });
for (const s of scripts) {
  console.log(`\n== ${s}`);
  execSync(`npm run --silent ${s}`, { cwd: root, stdio: "inherit" });
}
