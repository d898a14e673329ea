// Helpers shared by the benchmark scripts: start the built console, sign in over HTTP.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const ADMIN_PASSWORD = "Admin-Bench-Pass-1";
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function ensureBuilt() {
  if (
    !fs.existsSync(path.join(ROOT, "apps/server/dist/main.js")) ||
    !fs.existsSync(path.join(ROOT, "apps/web/dist/index.html"))
  )
    throw new Error("run `npm run build` first");
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A fresh database on the local PostgreSQL, dropped by the returned function. */
export async function tempDatabase(prefix = "pc_bench") {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Starts apps/server/dist/main.js and waits for /readyz. */
export async function startConsole(env = {}, nodeArgs = []) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, "apps/server/dist/main.js")], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ADMIN_PASSWORD, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("console exited");
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error("console did not become ready");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

/** Authorization Code + PKCE through the embedded provider, over HTTP; returns the access token. */
/**
 * Authorization Code + PKCE against `baseUrl`. `publicUrl` is the address the sign-in service
 * builds its redirects on (a load balancer's, when replicas sit behind one); every request still
 * goes to `baseUrl`.
 */
export async function signIn(baseUrl, username = "admin", password = ADMIN_PASSWORD, publicUrl = baseUrl) {
  const jar = new Map();
  const take = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const on = (location) => {
    const u = new URL(location, publicUrl);
    return `${baseUrl}${u.pathname}${u.search}`;
  };
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const redirectUri = `${publicUrl}/login/callback`;
  const q = new URLSearchParams({
    client_id: "platform-console",
    response_type: "code",
    redirect_uri: redirectUri,
    scope: "openid profile email",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "b",
  });
  let res = await fetch(`${baseUrl}/oidc/auth?${q}`, { redirect: "manual" });
  take(res);
  res = await fetch(on(`${res.headers.get("location")}/login`), {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }),
  });
  take(res);
  if (res.status !== 303) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  res = await fetch(on(res.headers.get("location")), { redirect: "manual", headers: { cookie: cookie() } });
  take(res);
  const code = new URL(res.headers.get("location"), publicUrl).searchParams.get("code");
  res = await fetch(`${baseUrl}/oidc/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: "platform-console",
      code_verifier: verifier,
    }),
  });
  if (!res.ok) throw new Error(`token exchange failed: ${res.status}`);
  return (await res.json()).access_token;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs fn n times and reports p50/p95/p99 in ms. */
export async function timeIt(n, fn) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await fn(i);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

export const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "n/a");
