import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { ADMIN_PASSWORD } from "./app.js";

const ROOT = path.resolve(import.meta.dirname, "../../../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Replica {
  name: string;
  url: string;
  pid: number;
  /** The replica's log, one parsed JSON line each. */
  logs: Array<Record<string, unknown>>;
  stop(): Promise<void>;
}

/**
 * One console server process (apps/server/src/main.ts run from source), as a replica behind
 * a load balancer: its own port and memory, the shared database and public address in `env`.
 */
export async function startReplica(name: string, env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ["--conditions=source", "--import", "tsx", path.join(ROOT, "apps/server/src/main.ts")],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: "127.0.0.1",
        ADMIN_PASSWORD,
        SANDBOX: "off",
        DATA_DIR: "/tmp/pc-test-unused",
        LOG_LEVEL: "debug",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const logs: Array<Record<string, unknown>> = [];
  let buffered = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    for (const line of lines)
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  };
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`replica ${name} exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // still starting
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`replica ${name} did not become ready: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { name, url, pid: child.pid!, logs, stop };
}
