import { execFile, execFileSync, spawn } from "node:child_process";

/** How long one kubectl call may take on a busy machine before the test fails. */
const CALL_MS = 30_000;

/** Fails with a clear message when kubectl is missing: these tests exist to run it. */
export function requireKubectl(): void {
  try {
    execFileSync("kubectl", ["version", "--client"], { stdio: "pipe", timeout: CALL_MS });
  } catch (err) {
    throw new Error(
      `kubectl is needed by these tests and could not be run (${(err as Error).message}); ` +
        "install it, e.g. apt-get install kubernetes-client",
    );
  }
}

export interface Kubectl {
  /** Runs kubectl to its end and returns what it printed; fails on a non-zero exit. */
  run(...args: string[]): Promise<string>;
  /**
   * Starts a kubectl that does not end by itself (`-w`, `logs -f`), feeds its output to
   * `until` as it comes, and kills it once `until` holds; fails after `ms`.
   */
  stream(args: string[], until: (out: string) => boolean, ms?: number): Promise<string>;
}

export function kubectl(kubeconfig: string, cacheDir: string): Kubectl {
  // Its own discovery cache, so that no cache from another run or port is read.
  const base = ["--kubeconfig", kubeconfig, "--cache-dir", cacheDir];
  return {
    run: (...args) =>
      new Promise((resolve, reject) => {
        execFile("kubectl", [...base, ...args], { timeout: CALL_MS, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
          // What it printed on both streams: `auth can-i` answers "no - why" on stdout and exits 1.
          if (err) reject(new Error(`kubectl ${args.join(" ")} failed: ${err.message}\n${stdout}${stderr}`));
          else resolve(stdout);
        });
      }),
    stream: (args, until, ms = CALL_MS) =>
      new Promise((resolve, reject) => {
        const child = spawn("kubectl", [...base, ...args], { stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        let err = "";
        let done = false;
        const finish = (error?: Error) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          child.kill();
          if (error) reject(error);
          else resolve(out);
        };
        const timer = setTimeout(
          () => finish(new Error(`kubectl ${args.join(" ")}: not seen within ${ms} ms; it printed:\n${out}${err}`)),
          ms,
        );
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (until(out)) finish();
        });
        child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
        child.on("exit", (code) =>
          finish(new Error(`kubectl ${args.join(" ")} ended (${code}) too early; it printed:\n${out}${err}`)),
        );
      }),
  };
}

export type Row = Record<string, string>;

/**
 * Reads kubectl's table output into rows keyed by header. Columns are aligned, so each
 * cell starts where its header starts (headers such as "LAST SEEN" hold a space).
 */
export function parseTable(text: string): Row[] {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const header = lines[0] ?? "";
  const names = header.trim().split(/\s{2,}/);
  const starts: number[] = [];
  let from = 0;
  for (const n of names) {
    const at = header.indexOf(n, from);
    starts.push(at);
    from = at + n.length;
  }
  return lines
    .slice(1)
    .map((line) =>
      Object.fromEntries(names.map((n, i) => [n, line.slice(starts[i], starts[i + 1] ?? line.length).trim()])),
    );
}

/** Splits `kubectl get a,b,c` output into one table per resource (blank-line separated). */
export function sections(text: string): Row[][] {
  return text
    .split(/\n\s*\n/)
    .filter((s) => s.trim() !== "")
    .map(parseTable);
}
