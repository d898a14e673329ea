// What every started container is checked for (npm run test:image), and the check reporter.
import { nodeIn, podman, stopContainer } from "./podman.mjs";

export const ADMIN_PASSWORD = "Admin-Image-Pass-1";
/** The Trino rules URL needs a token; given, so that none is generated and printed at start. */
export const RULES_TOKEN = "image-rules-token-0123456789abcdef";
export const sec = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The reporter: runs each check, prints PASS or FAIL with what it found, and keeps the figures
 * the summary prints. A check that throws has failed; its message says why.
 */
export function reporter() {
  const results = [];
  const figures = [];
  return {
    results,
    figures,
    async check(name, fn) {
      try {
        const detail = await fn();
        results.push({ name, ok: true });
        console.log(`PASS  ${name}${detail ? `: ${detail}` : ""}`);
        return true;
      } catch (err) {
        results.push({ name, ok: false });
        console.log(`FAIL  ${name}: ${err instanceof Error ? err.message : String(err)}`);
        return false;
      }
    },
    figure(name, value) {
      figures.push([name, value]);
    },
  };
}

/**
 * The process runs as a user other than root, the root file system refuses writes (EROFS, not
 * merely a permission error) and /data takes them.
 */
export async function checkConfinement(name) {
  const found = JSON.parse(
    await nodeIn(
      name,
      `const fs = require("node:fs");
       const write = (f) => { try { fs.writeFileSync(f, "x"); fs.rmSync(f); return "written"; } catch (e) { return e.code; } };
       console.log(JSON.stringify({ uid: process.getuid(), gid: process.getgid(),
         app: write("/app/probe"), etc: write("/etc/probe"), data: write("/data/probe") }));`,
    ),
  );
  if (found.uid === 0 || found.gid === 0) throw new Error(`runs as uid ${found.uid}, gid ${found.gid}`);
  if (found.app !== "EROFS" || found.etc !== "EROFS")
    throw new Error(`writing /app gave ${found.app}, /etc gave ${found.etc} (expected EROFS)`);
  if (found.data !== "written") throw new Error(`writing /data gave ${found.data}`);
  return `uid ${found.uid}, gid ${found.gid}; /app and /etc refuse writes (EROFS), /data takes them`;
}

/** The image's own HEALTHCHECK (GET /healthz from inside the container) reports healthy. */
export async function checkHealth(name) {
  const r = await podman(["healthcheck", "run", name]);
  if (r.code !== 0) throw new Error(`podman healthcheck run answered ${r.code}: ${r.stdout || r.stderr}`);
  return r.stdout || "healthy";
}

/** `podman stop`: SIGTERM ends the process with exit code 0 within the 10-second grace period. */
export async function checkStop(name, report, label) {
  const { ms, exitCode } = await stopContainer(name);
  report.figure(`stop, ${label}`, sec(ms));
  if (exitCode !== 0) throw new Error(`exit code ${exitCode} after ${sec(ms)} (137: killed after the grace period)`);
  if (ms >= 10_000) throw new Error(`took ${sec(ms)}`);
  return `exit code 0 in ${sec(ms)}`;
}

/** Calls the console's API with a bearer token; resolves with the status and parsed body. */
export async function api(baseUrl, token, method, path, body) {
  const res = await fetch(`${baseUrl}/admin-api/api/v1${path}`, {
    method,
    headers: {
      authorization: token.startsWith("Bearer ") ? token : `Bearer ${token}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
