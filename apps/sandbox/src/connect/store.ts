import fs from "node:fs";
import path from "node:path";
import { traceFor } from "./traces.js";

export interface SimTask {
  id: number;
  state: string;
  trace?: string;
}

export interface SimConnector {
  name: string;
  config: Record<string, string>;
  /** The connector instance's state: UNASSIGNED, RUNNING, PAUSED, FAILED, RESTARTING. */
  state: string;
  /** Where an asynchronous change is heading (pause and resume answer before it lands). */
  target: "RUNNING" | "PAUSED";
  tasks: SimTask[];
  trace?: string;
  /** When it last started running, for the grace period before random failures. */
  since: number;
}

export interface StoreOptions {
  /** Folder of the state file; null keeps the state in memory only. */
  dataDir: string | null;
  /** How long an asynchronous state change takes. */
  transitionMs: number;
}

/**
 * The worker's connectors: changes land after a short delay like on a real worker, and the
 * whole state is written to a file after each change so it survives a restart.
 */
export class ConnectorStore {
  private readonly connectors = new Map<string, SimConnector>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly file: string | null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly opts: StoreOptions) {
    this.file = opts.dataDir ? path.join(opts.dataDir, "connectors.json") : null;
  }

  /** Loads saved state; a change that was under way when the worker stopped is finished. */
  load(): boolean {
    if (!this.file || !fs.existsSync(this.file)) return false;
    let saved: SimConnector[];
    try {
      saved = JSON.parse(fs.readFileSync(this.file, "utf8")) as SimConnector[];
    } catch {
      // Unreadable state: keep it aside for a person to look at and start empty.
      fs.renameSync(this.file, `${this.file}.unreadable`);
      return false;
    }
    for (const c of saved) {
      // Like a worker reading its config topic: each connector comes back in its target state.
      if (c.state !== c.target && c.state !== "FAILED") this.settle(c);
      this.connectors.set(c.name, c);
    }
    return true;
  }

  all(): SimConnector[] {
    return [...this.connectors.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): SimConnector | undefined {
    return this.connectors.get(name);
  }

  create(name: string, config: Record<string, string>): SimConnector {
    const c: SimConnector = { name, config, state: "UNASSIGNED", target: "RUNNING", tasks: [], since: Date.now() };
    this.connectors.set(name, c);
    this.later(name, (x) => this.settle(x));
    this.save();
    return c;
  }

  /** Adds a connector in a given state at once (the sandbox's examples). */
  put(c: SimConnector): void {
    this.connectors.set(c.name, c);
    this.save();
  }

  setTarget(name: string, target: "RUNNING" | "PAUSED"): void {
    const c = this.connectors.get(name);
    if (!c) return;
    c.target = target;
    this.save();
    this.later(name, (x) => {
      if (x.target !== target) return;
      x.state = x.state === "FAILED" && target === "RUNNING" ? "FAILED" : target;
      // A resume does not restart failed tasks; a pause pauses the ones that run.
      for (const t of x.tasks) if (t.state !== "FAILED") t.state = target;
      if (target === "RUNNING") x.since = Date.now();
    });
  }

  /** Marks failed parts RESTARTING, then running; returns the connector as the answer shows it. */
  restartFailed(name: string): SimConnector | undefined {
    const c = this.connectors.get(name);
    if (!c) return undefined;
    if (c.state === "FAILED") c.state = "RESTARTING";
    for (const t of c.tasks) if (t.state === "FAILED") t.state = "RESTARTING";
    const snapshot = structuredClone(c);
    this.save();
    this.later(name, (x) => {
      if (x.state === "RESTARTING") x.state = x.target;
      delete x.trace;
      for (const t of x.tasks)
        if (t.state === "RESTARTING") {
          t.state = x.target;
          delete t.trace;
        }
      x.since = Date.now();
    });
    return snapshot;
  }

  remove(name: string): boolean {
    const had = this.connectors.delete(name);
    if (had) this.save();
    return had;
  }

  /** Fails one task (or the connector itself) with a trace. */
  fail(name: string, opts: { connector?: boolean; trace?: string } = {}): void {
    const c = this.connectors.get(name);
    if (!c) return;
    const trace = opts.trace ?? traceFor(Math.random() * 1000);
    if (opts.connector) {
      c.state = "FAILED";
      c.trace = trace;
    } else {
      const task = c.tasks[0] ?? { id: 0, state: "RUNNING" };
      if (c.tasks.length === 0) c.tasks.push(task);
      task.state = "FAILED";
      task.trace = trace;
    }
    this.save();
  }

  stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    return this.writing;
  }

  private settle(c: SimConnector): void {
    c.state = c.target;
    if (c.tasks.length === 0) c.tasks = [{ id: 0, state: c.target }];
    for (const t of c.tasks) if (t.state !== "FAILED") t.state = c.target;
    c.since = Date.now();
  }

  private later(name: string, fn: (c: SimConnector) => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const c = this.connectors.get(name);
      if (!c) return;
      fn(c);
      this.save();
    }, this.opts.transitionMs);
    this.timers.add(timer);
  }

  /** Writes the state file (atomically: a whole file or the previous one, never half of one). */
  private save(): void {
    if (!this.file) return;
    const file = this.file;
    const data = JSON.stringify(this.all(), null, 1);
    this.writing = this.writing.then(async () => {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(tmp, data);
      await fs.promises.rename(tmp, file);
    });
    this.writing = this.writing.catch(() => undefined);
  }
}
