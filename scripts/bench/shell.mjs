// Issue 2 benchmark: authenticated GET /admin-api/api/v1/menu against a bare unauthenticated
// route of the same server on PostgreSQL, at 50 connections; and the first screen's JavaScript.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { chromium } from "playwright-core";
import { ADMIN_PASSWORD, ensureBuilt, fmt, ROOT, signIn, startConsole, tempDatabase } from "./lib.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function load(url, headers) {
  await autocannon({ url, connections: 10, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections: 50, duration: DURATION, headers });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function firstScreenJs(baseUrl) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const gz = (urlPath) =>
    zlib.gzipSync(fs.readFileSync(path.join(ROOT, "apps/web/dist", urlPath)), { level: 9 }).length;
  const measure = async (page, go) => {
    const scripts = new Set();
    const onResponse = (res) => {
      const u = new URL(res.url());
      if (u.origin === baseUrl && u.pathname.endsWith(".js")) scripts.add(u.pathname);
    };
    page.on("response", onResponse);
    await go();
    await page.waitForLoadState("networkidle");
    page.off("response", onResponse);
    const sizes = [...scripts].map((p) => ({ file: path.basename(p), kb: gz(p) / 1024 })).sort((a, b) => b.kb - a.kb);
    return {
      files: scripts.size,
      gzipKb: sizes.reduce((s, f) => s + f.kb, 0),
      heaviest: sizes.slice(0, process.env.BENCH_LIST_FILES ? 200 : 5),
    };
  };
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  // A visitor's first screen: the console's entry, which then hands over to the sign-in page.
  const login = await measure(page, () => page.goto(`${baseUrl}/login`));
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/home`);
  // A signed-in user's first screen: home, loaded cold in a new tab of the same session.
  const fresh = await context.newPage();
  await fresh.route("**/*", (route) =>
    route.continue({ headers: { ...route.request().headers(), "cache-control": "no-cache" } }),
  );
  const home = await measure(fresh, async () => {
    await fresh.goto(`${baseUrl}/home`);
    // Home as a user sees it: with its cluster figures and charts drawn.
    await fresh.getByRole("heading", { name: "Cluster overview" }).waitFor();
  });
  await browser.close();
  return { login, home };
}

ensureBuilt();
const db = await tempDatabase();
const server = await startConsole({ DATABASE_URL: db.url, SANDBOX: "off" });
try {
  const token = await signIn(server.url);
  const bare = await load(`${server.url}/healthz`, {});
  const menu = await load(`${server.url}/admin-api/api/v1/menu`, { authorization: `Bearer ${token}` });
  // The first screens are measured on a console with the sandbox platform, so home draws its charts.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-bench-shell-"));
  const withPlatform = await startConsole({ DATABASE_URL: db.url, DATA_DIR: dataDir });
  let js;
  try {
    js = await firstScreenJs(withPlatform.url);
  } finally {
    await withPlatform.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log("shell benchmark (PostgreSQL, 50 connections, %ds each)", DURATION);
  console.log(
    `  GET /healthz (bare, unauthenticated): ${fmt(bare.rps, 0)} req/s, p99 ${bare.p99} ms, errors ${bare.errors}`,
  );
  console.log(
    `  GET /admin-api/api/v1/menu (bearer): ${fmt(menu.rps, 0)} req/s, p99 ${menu.p99} ms, errors ${menu.errors}`,
  );
  console.log(`  ratio menu/bare: ${fmt(menu.rps / bare.rps, 2)} (goal >= 0.5); menu p99 goal <= 20 ms`);
  console.log(
    `  first screen JS, /login entry: ${fmt(js.login.gzipKb)} KB gzip in ${js.login.files} files (goal <= 300)`,
  );
  console.log(
    `  first screen JS, /home signed in: ${fmt(js.home.gzipKb)} KB gzip in ${js.home.files} files (goal < 400)`,
  );
  console.log(`    heaviest: ${js.home.heaviest.map((f) => `${f.file} ${fmt(f.kb)} KB`).join(", ")}`);
} finally {
  await server.stop();
  await db.drop();
}
