// npm run test:image: makes the Node.js base image when it is missing (scripts/image/base.sh),
// builds the console's image from the Dockerfile on it, then starts it and checks it, printing
// each check's result and the figures: the image's size, each start's time to /readyz, each
// stop's time. Exits 1 when a check fails. See docs/production.md ("Container image").
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../bench/lib.mjs";
import { reporter, sec } from "./checks.mjs";
import { embeddedChecks } from "./embedded.mjs";
import { BASE_IMAGE, IMAGE, cleanUp, podman, ulimitArgs } from "./podman.mjs";
import { replicaChecks } from "./replicas.mjs";

/** The goal for the image's size, in MB as `podman images` shows them (10^6 bytes). */
const SIZE_GOAL_MB = 250;
const LOG_DIR = path.join(ROOT, ".tmp", "image");

const report = reporter();
const began = performance.now();
process.on("SIGINT", () => void cleanUp().finally(() => process.exit(130)));

function runScript(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: "inherit" });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args[0]} exited with ${code}`))));
  });
}

/**
 * The CA bundle npm reaches the registry with, given to the build as a secret: the one this
 * machine trusts (it may inspect TLS with its own authority). It is in no layer of the image.
 */
function caBundle() {
  return [process.env.NODE_EXTRA_CA_CERTS, "/etc/ssl/certs/ca-certificates.crt"].find((f) => f && fs.existsSync(f));
}

async function build() {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, "build.log");
  const previous = (await podman(["image", "inspect", "--format", "{{.Id}}", IMAGE])).stdout;
  const ca = caBundle();
  const log = fs.createWriteStream(logFile);
  let steps = 0;
  let cached = 0;
  const started = performance.now();
  const r = await podman(
    [
      "build",
      "--network=host",
      // Docker's image format keeps the HEALTHCHECK (OCI's has no such field).
      "--format=docker",
      ...ulimitArgs(),
      ...(ca ? ["--secret", `id=ca,src=${ca}`] : []),
      "--build-arg",
      `NODE_IMAGE=${BASE_IMAGE}`,
      "--tag",
      IMAGE,
      ROOT,
    ],
    {
      onLine: (line) => {
        log.write(`${line}\n`);
        // A FROM step is not cached or built: it names the image the next steps start from.
        if (/^\[\d+\/\d+\] STEP \d+\/\d+: (?!FROM )/.test(line)) steps++;
        if (line.startsWith("--> Using cache")) cached++;
      },
    },
  );
  log.end(r.stderr);
  const ms = performance.now() - started;
  if (r.code !== 0)
    throw new Error(`podman build failed (${r.code}); the log is in ${logFile}:\n${r.stderr.slice(-2000)}`);
  const id = (await podman(["image", "inspect", "--format", "{{.Id}}", IMAGE])).stdout;
  // The image this build replaced is no longer needed; its stages stay as the build's cache.
  if (previous && previous !== id) await podman(["rmi", previous]);
  report.figure("image build", `${sec(ms)} (${cached} of ${steps} steps from cache)`);
  return `${IMAGE} in ${sec(ms)}, ${cached} of ${steps} steps from cache; log in ${path.relative(ROOT, logFile)}`;
}

try {
  const baseStarted = performance.now();
  const based = await report.check(`base image ${BASE_IMAGE}`, async () => {
    await runScript("bash", [path.join(ROOT, "scripts/image/base.sh"), BASE_IMAGE]);
    const ms = performance.now() - baseStarted;
    report.figure("base image (made, or found present)", sec(ms));
    return `ready in ${sec(ms)}`;
  });
  const built = based && (await report.check("the console's image builds from the Dockerfile", build));
  if (built) {
    await report.check(`image size (goal: at most ${SIZE_GOAL_MB} MB)`, async () => {
      const bytes = Number((await podman(["image", "inspect", "--format", "{{.Size}}", IMAGE])).stdout);
      const mb = bytes / 1e6;
      report.figure("image size", `${mb.toFixed(1)} MB (${(bytes / 2 ** 20).toFixed(1)} MiB)`);
      if (!(mb <= SIZE_GOAL_MB)) throw new Error(`${mb.toFixed(1)} MB`);
      return `${mb.toFixed(1)} MB`;
    });
    // Each part on its own: one that cannot go on (no PostgreSQL, no Chromium) fails, the next runs.
    for (const [part, run] of [
      ["PostgreSQL", replicaChecks],
      ["PGlite", embeddedChecks],
    ])
      await run(report).catch((err) => report.check(`${part}: the checks ran to their end`, () => Promise.reject(err)));
  }
} catch (err) {
  await report.check("the image checks ran to their end", () => Promise.reject(err));
} finally {
  await cleanUp();
}

report.figure("whole run", sec(performance.now() - began));
const failed = report.results.filter((r) => !r.ok);
console.log("\nFigures:");
for (const [name, value] of report.figures) console.log(`  ${name}: ${value}`);
console.log(
  failed.length
    ? `\n${failed.length} of ${report.results.length} checks failed: ${failed.map((r) => r.name).join("; ")}`
    : `\nAll ${report.results.length} checks passed.`,
);
process.exit(failed.length ? 1 : 0);
