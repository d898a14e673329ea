// Podman as it runs on these machines, for the image checks (npm run test:image): the runc
// runtime and cgroupfs (crun fails on their cgroup setup), host networking (the containers reach
// the machine's PostgreSQL and the browser reaches them), and ulimits no higher than the machine's.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import readline from "node:readline";

export const BASE_IMAGE = process.env.IMAGE_BASE ?? "localhost/console-node:22-bookworm";
export const IMAGE = process.env.IMAGE_TAG ?? "localhost/platform-console:test";
const GLOBAL = ["--runtime", "runc", "--cgroup-manager=cgroupfs"];

/**
 * Podman's complaint that it cannot reach systemd: it would run the image's HEALTHCHECK on a
 * systemd timer; there is no systemd here, and the checks run the health check themselves.
 */
const SYSTEMD_NOISE = /^.*unable to get systemd connection.*\n?/gm;

/** Runs podman; resolves with its exit code and output (never rejects on a non-zero exit). */
export function podman(args, { onLine } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn("podman", [...GLOBAL, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    if (onLine) readline.createInterface({ input: child.stdout }).on("line", onLine);
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({ code, stdout: stdout.trim(), stderr: stderr.replace(SYSTEMD_NOISE, "").trim() }),
    );
  });
}

/** Like podman(), but a non-zero exit is an error naming the command and what it said. */
export async function podmanOk(args) {
  const r = await podman(args);
  if (r.code !== 0) throw new Error(`podman ${args[0]} failed (${r.code}): ${(r.stderr || r.stdout).slice(-1500)}`);
  return r.stdout;
}

/**
 * The machine's limits for open files and processes, given to each container as its own: podman
 * (as root) otherwise asks for more than the machine allows and the container does not start.
 * Processes stay at most 4096 (a Node.js process needs a few dozen threads): podman lowers its
 * own process limit (32768 here) and cannot give a container more than that.
 */
export function ulimitArgs() {
  const [files, procs] = execFileSync("bash", ["-c", "ulimit -n; ulimit -u"], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((v) => (v === "unlimited" ? Infinity : Number(v)));
  const nofile = Math.min(files, 65_536);
  const nproc = Math.min(procs, 4096);
  return ["--ulimit", `nofile=${nofile}:${nofile}`, "--ulimit", `nproc=${nproc}:${nproc}`];
}

/** Names of what the checks created, removed at the end whatever happened. */
const created = { containers: new Set(), volumes: new Set() };

export const uniqueName = (what) => `pc-image-${what}-${randomBytes(3).toString("hex")}`;

export async function createVolume(what) {
  const name = uniqueName(what);
  await podmanOk(["volume", "create", name]);
  created.volumes.add(name);
  return name;
}

export async function cleanUp() {
  for (const name of created.containers) await podman(["rm", "-f", "-v", name]);
  for (const name of created.volumes) await podman(["volume", "rm", "-f", name]);
  created.containers.clear();
  created.volumes.clear();
}

/**
 * Starts the image as a Deployment would run it: read-only root file system, its own user (the
 * image's USER, not root), host networking; resolves once /readyz answers 200, with the time
 * from `podman run` to that answer. A container that exits or is not ready within `timeoutMs`
 * is an error carrying the end of its log.
 */
export async function startContainer({ what, port, env, volume, timeoutMs = 240_000 }) {
  const name = uniqueName(what);
  const url = `http://127.0.0.1:${port}`;
  const envArgs = Object.entries({ PORT: String(port), ...env }).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
  const started = performance.now();
  created.containers.add(name);
  await podmanOk([
    "run",
    "--detach",
    "--name",
    name,
    "--network=host",
    "--read-only",
    // The image's HEALTHCHECK is kept (checked with `podman healthcheck run`), not timed.
    "--health-interval=disable",
    ...ulimitArgs(),
    ...(volume ? ["--volume", `${volume}:/data`] : []),
    ...envArgs,
    IMAGE,
  ]);
  const deadline = started + timeoutMs;
  let lastStateCheck = 0;
  for (;;) {
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) return { name, url, readyMs: performance.now() - started, ready: await res.json() };
    } catch {
      // not listening yet
    }
    if (performance.now() - lastStateCheck > 2000) {
      lastStateCheck = performance.now();
      const state = await podmanOk(["inspect", "--format", "{{.State.Status}}", name]);
      if (state !== "running") throw new Error(`${what} ${state} before it was ready:\n${await logTail(name)}`);
    }
    if (performance.now() > deadline)
      throw new Error(`${what} not ready within ${timeoutMs / 1000} s:\n${await logTail(name)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function logTail(name, lines = 25) {
  const r = await podman(["logs", "--tail", String(lines), name]);
  return [r.stdout, r.stderr].filter(Boolean).join("\n");
}

/** Waits until the container's log holds a line matching `pattern`. */
export async function waitForLog(name, pattern, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const r = await podman(["logs", name]);
    if (pattern.test(r.stdout) || pattern.test(r.stderr)) return;
    if (performance.now() > deadline) throw new Error(`no log line matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * `podman stop` with a 10-second grace period: SIGTERM (the image's STOPSIGNAL), then SIGKILL
 * if the process is still running. Resolves with the time it took and the process's exit code
 * (137 when it had to be killed).
 */
export async function stopContainer(name) {
  const started = performance.now();
  await podmanOk(["stop", "--time", "10", name]);
  const ms = performance.now() - started;
  const exitCode = Number(await podmanOk(["inspect", "--format", "{{.State.ExitCode}}", name]));
  return { ms, exitCode };
}

/**
 * Runs a Node.js one-liner inside the running container, as its user; there is no shell in
 * the image. Resolves with what it printed.
 */
export const nodeIn = (name, script) => podmanOk(["exec", name, "node", "-e", script]);
