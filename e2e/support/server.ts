import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const TMP = path.join(ROOT, ".tmp", "e2e");
export const ADMIN_PASSWORD = "Admin-E2e-Pass-1";
/** The token the console's Trino rules URL requires (the tests read the rules as Trino does). */
export const RULES_TOKEN = "e2e-rules-token-0123456789abcdef";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  logFile: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the built console (npm run build first) and waits until it is ready. */
export async function startServer(name: string, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(TMP, { recursive: true });
  const dataDir = path.join(TMP, `${name}-data`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const logFile = path.join(TMP, `${name}.log`);
  const log = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, [path.join(ROOT, "apps/server/dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      TRINO_RULES_TOKEN: RULES_TOKEN,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", log, log],
  });
  const deadline = Date.now() + 200_000; // a first embedded start migrates PGlite: slow on a busy machine
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server ${name} exited: ${fs.readFileSync(logFile, "utf8").slice(-2000)}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL"); // a server left starting would hold its port and data after the test
      throw new Error(`server ${name} did not become ready: ${fs.readFileSync(logFile, "utf8").slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    logFile,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
