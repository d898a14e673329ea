import http from "node:http";
import https from "node:https";
import { z } from "zod";
import { UpstreamError } from "../../platform/errors.js";
import { counted } from "../../platform/metrics.js";
import { maxAnswer } from "../../platform/upstream-body.js";

export const SYSTEM = "Kafka Connect";

export interface ConnectClientOptions {
  baseUrl: string;
  username?: string;
  password?: string;
  /** PEM certificates trusted for an https:// worker, besides the system's. */
  ca?: string;
  timeoutMs: number;
  /** Creating and validating connect to the database, which takes longer. */
  validateTimeoutMs: number;
  rebalanceRetries?: number;
  retryDelayMs?: number;
}

/** A 4xx answer of the worker; the service turns it into the console's own error. */
export class WorkerRefusal extends Error {
  constructor(
    readonly status: number,
    readonly workerMessage: string,
  ) {
    super(workerMessage);
  }
}

// What the worker answers, checked before use. States stay open strings: workers add new ones.
const State = z.string().min(1).max(64);
export const WorkerTaskStatus = z.object({
  id: z.number().int(),
  state: State,
  worker_id: z.string().nullish(),
  trace: z.string().nullish(),
});
export const WorkerStatus = z.object({
  name: z.string(),
  connector: z.object({ state: State, worker_id: z.string().nullish(), trace: z.string().nullish() }),
  tasks: z.array(WorkerTaskStatus).default([]),
  type: z.string().nullish(),
});
export const WorkerInfo = z.object({
  name: z.string(),
  config: z.record(z.string(), z.string()),
  type: z.string().nullish(),
});
const Expanded = z.record(z.string(), z.object({ status: WorkerStatus.optional(), info: WorkerInfo.optional() }));
const Plugins = z.array(z.object({ class: z.string(), type: z.string().nullish(), version: z.string().nullish() }));
export const WorkerValidation = z.object({
  error_count: z.number().int().nonnegative(),
  configs: z.array(z.object({ value: z.object({ name: z.string(), errors: z.array(z.string()).default([]) }) })),
});
const ErrorAnswer = z.object({ message: z.string() });

export type WorkerStatus = z.infer<typeof WorkerStatus>;
export type WorkerInfo = z.infer<typeof WorkerInfo>;
export type WorkerValidation = z.infer<typeof WorkerValidation>;
export interface WorkerConnector {
  name: string;
  status: WorkerStatus | null;
  info: WorkerInfo | null;
}

const LEGACY_CONCURRENCY = 8;

class Timeout extends Error {}
class TooLarge extends Error {}

/** The Kafka Connect REST API, with time-outs, basic auth, a CA and retries during rebalances. */
export class ConnectClient {
  private readonly base: string;
  private readonly agent: http.Agent;
  private readonly auth: string | null;
  private listing: Promise<WorkerConnector[]> | null = null;

  constructor(private readonly opts: ConnectClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, "");
    this.agent = this.base.startsWith("https:")
      ? new https.Agent({ keepAlive: true, maxSockets: 16, ...(opts.ca ? { ca: opts.ca } : {}) })
      : new http.Agent({ keepAlive: true, maxSockets: 16 });
    this.auth =
      opts.username !== undefined
        ? `Basic ${Buffer.from(`${opts.username}:${opts.password ?? ""}`).toString("base64")}`
        : null;
  }

  close(): void {
    this.agent.destroy();
  }

  /**
   * Every connector with status and config; older workers list names only, then each is asked.
   * Calls made while one is under way share its answer, so a busy console asks the worker once.
   */
  list(): Promise<WorkerConnector[]> {
    this.listing ??= this.fetchList().finally(() => (this.listing = null));
    return this.listing;
  }

  private async fetchList(): Promise<WorkerConnector[]> {
    const body = await this.json("GET", "/connectors?expand=status&expand=info", "the connector list");
    if (Array.isArray(body)) return this.listOneByOne(parse(z.array(z.string()), body, "the connector list"));
    const expanded = parse(Expanded, body, "the connector list");
    return Object.entries(expanded).map(([name, v]) => ({ name, status: v.status ?? null, info: v.info ?? null }));
  }

  async status(name: string): Promise<WorkerStatus> {
    return parse(WorkerStatus, await this.json("GET", `/connectors/${enc(name)}/status`, "a status"), "a status");
  }

  async info(name: string): Promise<WorkerInfo> {
    return parse(WorkerInfo, await this.json("GET", `/connectors/${enc(name)}`, "a connector"), "a connector");
  }

  async plugins(): Promise<z.infer<typeof Plugins>> {
    return parse(Plugins, await this.json("GET", "/connector-plugins", "the plugin list"), "the plugin list");
  }

  async validate(className: string, config: Record<string, string>): Promise<WorkerValidation> {
    const answer = await this.call("PUT", `/connector-plugins/${enc(className)}/config/validate`, config, true);
    return parse(WorkerValidation, decode(answer.text, "a validation"), "a validation");
  }

  async create(name: string, config: Record<string, string>): Promise<void> {
    await this.call("POST", "/connectors", { name, config }, true);
  }

  async pause(name: string): Promise<void> {
    await this.call("PUT", `/connectors/${enc(name)}/pause`);
  }

  async resume(name: string): Promise<void> {
    await this.call("PUT", `/connectors/${enc(name)}/resume`);
  }

  /** Restarts failed instances and tasks (200, 202 or, on workers before 3.0, 204). */
  async restartFailed(name: string): Promise<void> {
    await this.call("POST", `/connectors/${enc(name)}/restart?includeTasks=true&onlyFailed=true`);
  }

  async remove(name: string): Promise<void> {
    await this.call("DELETE", `/connectors/${enc(name)}`);
  }

  private async listOneByOne(names: string[]): Promise<WorkerConnector[]> {
    const out: WorkerConnector[] = [];
    for (let i = 0; i < names.length; i += LEGACY_CONCURRENCY) {
      const batch = await Promise.all(
        names.slice(i, i + LEGACY_CONCURRENCY).map(async (name) => {
          try {
            const [status, info] = await Promise.all([this.status(name), this.info(name)]);
            return { name, status, info };
          } catch (err) {
            // Deleted between the two calls: leave it out.
            if (err instanceof WorkerRefusal && err.status === 404) return null;
            throw err;
          }
        }),
      );
      for (const c of batch) if (c) out.push(c);
    }
    return out;
  }

  private async json(method: string, path: string, what: string): Promise<unknown> {
    return decode((await this.call(method, path)).text, what);
  }

  /** One call; a 409 other than "already exists" is a rebalance and is tried again a few times. */
  private call(method: string, path: string, body?: unknown, slow = false): Promise<{ status: number; text: string }> {
    // A refusal (4xx about the connector itself) is an answer, not a failure of the worker.
    return counted(
      "kafka-connect",
      () => this.callOnce(method, path, body, slow),
      (e) => e instanceof WorkerRefusal,
    );
  }

  private async callOnce(
    method: string,
    path: string,
    body: unknown,
    slow: boolean,
  ): Promise<{ status: number; text: string }> {
    const retries = this.opts.rebalanceRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      const answer = await this.send(method, path, body, slow ? this.opts.validateTimeoutMs : this.opts.timeoutMs);
      if (answer.status >= 200 && answer.status < 300) return answer;
      const message = workerMessage(answer.text, answer.status);
      if (answer.status === 409 && !/already exists/i.test(message)) {
        if (attempt < retries) {
          await new Promise((r) => setTimeout(r, (this.opts.retryDelayMs ?? 250) * 2 ** attempt));
          continue;
        }
        throw new UpstreamError(SYSTEM, "it is rebalancing its workers; try again in a moment", 503);
      }
      if (answer.status === 401 || answer.status === 403)
        throw new UpstreamError(SYSTEM, `it refused the console's credentials (HTTP ${answer.status})`);
      if (answer.status >= 500 || answer.status < 400)
        throw new UpstreamError(SYSTEM, `it answered HTTP ${answer.status}: ${message}`);
      throw new WorkerRefusal(answer.status, message);
    }
  }

  private async send(
    method: string,
    path: string,
    body: unknown,
    timeoutMs: number,
  ): Promise<{ status: number; text: string }> {
    try {
      return await this.sendOnce(method, path, body, timeoutMs);
    } catch (err) {
      if (err instanceof Timeout)
        throw new UpstreamError(SYSTEM, `it did not answer within ${Math.round(timeoutMs / 100) / 10} s`);
      if (err instanceof TooLarge) throw new UpstreamError(SYSTEM, `its answer was larger than ${maxAnswer().text}`);
      const code = (err as { code?: string }).code;
      throw new UpstreamError(SYSTEM, `it could not be reached (${code ?? (err as Error).message})`);
    }
  }

  private sendOnce(method: string, path: string, body: unknown, timeoutMs: number) {
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const headers: Record<string, string> = { accept: "application/json" };
      if (payload) headers["content-type"] = "application/json";
      if (this.auth) headers.authorization = this.auth;
      const lib = this.base.startsWith("https:") ? https : http;
      const req = lib.request(`${this.base}${path}`, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxAnswer().bytes) req.destroy(new TooLarge());
          else chunks.push(chunk);
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      });
      const timer = setTimeout(() => req.destroy(new Timeout()), timeoutMs);
      req.on("error", reject);
      req.on("close", () => clearTimeout(timer));
      req.end(payload);
    });
  }
}

/**
 * One path segment. "." and ".." survive encoding and a URL resolves them to another path of
 * the worker (its root document, say), so they never leave the console; the routes refuse
 * them first with a 400 naming the field.
 */
const enc = (s: string) => {
  if (s === "." || s === "..") throw new Error(`refused to send the path segment ${s} to Kafka Connect`);
  return encodeURIComponent(s);
};

function decode(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamError(SYSTEM, `its answer to ${what} was not JSON`);
  }
}

function parse<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new UpstreamError(
    SYSTEM,
    `its answer to ${what} was not understood (${issue.path.join(".") || "body"}: ${issue.message})`,
  );
}

/** The worker's `{error_code, message}`, or the start of whatever else it sent. */
function workerMessage(text: string, status: number): string {
  try {
    const parsed = ErrorAnswer.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.message;
  } catch {
    // not JSON
  }
  const plain = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return plain ? plain.slice(0, 300) : `HTTP ${status}`;
}
