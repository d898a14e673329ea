import { z } from "zod";
import { UpstreamError } from "../../platform/errors.js";
import { counted } from "../../platform/metrics.js";
import { parseJson, readBody } from "../../platform/upstream-body.js";

export const TRINO = "Trino";

const Answer = z.object({
  id: z.string(),
  nextUri: z.string().optional(),
  columns: z.array(z.object({ name: z.string() })).optional(),
  data: z.array(z.array(z.unknown())).optional(),
  error: z.object({ message: z.string(), errorName: z.string().optional() }).optional(),
});

export interface TrinoClientOptions {
  baseUrl: string;
  user: string;
  password?: string;
  timeoutMs: number;
}

const MAX_PAGES = 10_000;

/** Trino's client protocol: POST /v1/statement, then follow nextUri until the results end. */
export class TrinoClient {
  private readonly base: string;
  private readonly headers: Record<string, string>;

  constructor(private readonly opts: TrinoClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, "");
    this.headers = {
      "x-trino-user": opts.user,
      "x-trino-source": "platform-console",
      ...(opts.password !== undefined
        ? { authorization: `Basic ${Buffer.from(`${opts.user}:${opts.password}`).toString("base64")}` }
        : {}),
    };
  }

  /** Runs one query and returns its rows as objects keyed by column name. */
  async query(sql: string): Promise<Array<Record<string, unknown>>> {
    const deadline = AbortSignal.timeout(this.opts.timeoutMs);
    let answer = await this.send(`${this.base}/v1/statement`, "POST", sql, deadline);
    let columns: string[] | null = null;
    const rows: Array<Record<string, unknown>> = [];
    for (let pages = 0; ; pages++) {
      if (answer.error) throw new UpstreamError(TRINO, `the query failed: ${answer.error.message}`);
      if (answer.columns) columns = answer.columns.map((c) => c.name);
      for (const r of answer.data ?? []) {
        if (!columns) throw new UpstreamError(TRINO, "it sent rows without columns");
        rows.push(Object.fromEntries(columns.map((c, i) => [c, r[i]])));
      }
      if (!answer.nextUri) return rows;
      // A nextUri that never ends is bounded by pages here and by the query's deadline in send.
      if (pages > MAX_PAGES) throw new UpstreamError(TRINO, `its results did not end after ${MAX_PAGES} pages`);
      const next = new URL(answer.nextUri, this.base);
      // Follow only the coordinator the console was configured with (never another host it names).
      const own = new URL(this.base);
      next.protocol = own.protocol;
      next.host = own.host;
      answer = await this.send(next.toString(), "GET", undefined, deadline).catch((err: unknown) => {
        if (!deadline.aborted) throw err;
        throw new UpstreamError(TRINO, `its results did not end within ${this.opts.timeoutMs} ms`, 504);
      });
    }
  }

  private send(url: string, method: string, body: string | undefined, signal: AbortSignal) {
    return counted("trino", () => this.sendOnce(url, method, body, signal));
  }

  private async sendOnce(url: string, method: string, body: string | undefined, signal: AbortSignal) {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { ...this.headers, ...(body !== undefined ? { "content-type": "text/plain" } : {}) },
        body,
        signal,
      });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      if (e.name === "TimeoutError" || e.name === "AbortError")
        throw new UpstreamError(TRINO, `it did not answer within ${this.opts.timeoutMs} ms`, 504);
      throw new UpstreamError(TRINO, `it cannot be reached (${e.cause?.code ?? e.message})`, 503);
    }
    const text = await readBody(TRINO, res, { timeoutMs: this.opts.timeoutMs });
    if (res.status === 401 || res.status === 403)
      throw new UpstreamError(TRINO, `it refused the console's credentials (HTTP ${res.status})`);
    if (res.status === 503) throw new UpstreamError(TRINO, "it is starting or overloaded (HTTP 503)", 503);
    if (res.status !== 200) throw new UpstreamError(TRINO, `it answered HTTP ${res.status}`);
    const parsed = Answer.safeParse(parseJson(TRINO, text));
    if (!parsed.success) throw new UpstreamError(TRINO, "its answer does not follow the client protocol");
    return parsed.data;
  }
}

/** A catalog name as a quoted identifier in a query. */
export const quoteName = (n: string) => `"${n.replaceAll('"', '""')}"`;
export const quoteText = (v: string) => `'${v.replaceAll("'", "''")}'`;

/** The console's Trino client: TRINO_URL, else the sandbox's Trino while it runs; null without either. */
export function trinoClientFor(s: {
  config: {
    TRINO_URL?: string | undefined;
    TRINO_USER: string;
    TRINO_PASSWORD?: string | undefined;
    TRINO_TIMEOUT_MS: number;
  };
  sandbox: { urls: Record<string, string> } | null;
}): TrinoClient | null {
  const c = s.config;
  const baseUrl = c.TRINO_URL ?? s.sandbox?.urls.trino;
  return baseUrl
    ? new TrinoClient({ baseUrl, user: c.TRINO_USER, password: c.TRINO_PASSWORD, timeoutMs: c.TRINO_TIMEOUT_MS })
    : null;
}
