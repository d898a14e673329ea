import http from "node:http";
import https from "node:https";
import type * as k8s from "@kubernetes/client-node";

/** One change of a watched resource, checked to be what the API server documents. */
export type WatchChange<T> = { type: "ADDED" | "MODIFIED" | "DELETED"; object: T; resourceVersion: string };

/**
 * How a watch ended, which decides what the cache does next:
 * - closed: the server ended the stream (its timeout); watch again from the last version;
 * - expired: the version is too old (410 Gone); list again;
 * - refused: the server will not watch (e.g. RBAC without `watch`); fall back to listing;
 * - malformed: the answer is not a watch stream (a list, an HTML page); fall back to listing;
 * - slow: the watch did not start answering in time; fall back to listing;
 * - failed: no answer, cut or stalled; list again after a pause.
 */
export type WatchEnd =
  | { kind: "closed"; events: number }
  | { kind: "expired" }
  | { kind: "refused" | "malformed" | "slow" | "failed"; reason: string };

export interface WatchOptions {
  /** Resume after this version (from the last list or event). */
  resourceVersion: string;
  /** How long the server may take to start answering. */
  connectMs: number;
  /** Asked of the server; the client gives up if nothing at all arrives for longer. */
  timeoutSeconds: number;
  /** A line longer than this is not an event (a whole list, a runaway page). */
  maxLineBytes?: number;
}

export interface WatchHandle {
  done: Promise<WatchEnd>;
  abort(): void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

type Parsed<T> =
  { ok: true; change: WatchChange<T> | null; resourceVersion: string | null } | { ok: false; end: WatchEnd };

/** Checks one line of a watch stream; anything but a documented event ends the watch. */
export function parseWatchLine<T extends k8s.KubernetesObject>(line: string): Parsed<T> {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    const start = line.trimStart().slice(0, 1);
    const what = start === "<" ? "an HTML page" : "something that is not JSON";
    return { ok: false, end: { kind: "malformed", reason: `the watch was answered with ${what}` } };
  }
  const malformed = (why: string): Parsed<T> => ({
    ok: false,
    end: { kind: "malformed", reason: `the watch was answered with ${why}` },
  });
  if (!isRecord(data)) return malformed("something that is not an event");
  if (!isRecord(data.object)) {
    return malformed(
      typeof data.kind === "string" ? `a ${data.kind}, not a stream of events` : "something that is not an event",
    );
  }
  const object = data.object;
  if (data.type === "ERROR") {
    if (object.code === 410) return { ok: false, end: { kind: "expired" } };
    const message = typeof object.message === "string" ? object.message : `code ${String(object.code)}`;
    return { ok: false, end: { kind: "failed", reason: `the watch reported an error (${message})` } };
  }
  const metadata = isRecord(object.metadata) ? object.metadata : null;
  const version = typeof metadata?.resourceVersion === "string" ? metadata.resourceVersion : null;
  if (data.type === "BOOKMARK") return { ok: true, change: null, resourceVersion: version };
  if (data.type !== "ADDED" && data.type !== "MODIFIED" && data.type !== "DELETED")
    return malformed(`an event of unknown type ${JSON.stringify(data.type)}`);
  if (!metadata || typeof metadata.name !== "string" || !metadata.name)
    return malformed("an event about an object without a name");
  if (metadata.namespace !== undefined && typeof metadata.namespace !== "string")
    return malformed("an event about an object with an invalid namespace");
  return {
    ok: true,
    change: { type: data.type, object: object as T, resourceVersion: version ?? "" },
    resourceVersion: version,
  };
}

/**
 * Opens a watch on `path` and hands each valid change to `onChange`. The console owns the
 * request (not the client's informer), so whatever the server or a proxy in the way sends,
 * the outcome is a WatchEnd and never an exception thrown out of a stream's event handler.
 */
export function openWatch<T extends k8s.KubernetesObject>(
  kc: k8s.KubeConfig,
  path: string,
  opts: WatchOptions,
  onChange: (change: WatchChange<T>) => void,
): WatchHandle {
  const controller = new AbortController();
  const maxLine = opts.maxLineBytes ?? 16 * 1024 * 1024;
  let settle: (end: WatchEnd) => void = () => undefined;
  const done = new Promise<WatchEnd>((resolve) => {
    let settled = false;
    settle = (end) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      controller.abort();
      resolve(end);
    };
  });
  let timer = setTimeout(
    () => settle({ kind: "slow", reason: `the watch did not answer within ${opts.connectMs} ms` }),
    opts.connectMs,
  );
  // Nothing at all for longer than the server's own timeout: the stream stalled.
  const idleMs = (opts.timeoutSeconds + 30) * 1000;
  const stillAlive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => settle({ kind: "failed", reason: "the watch stalled" }), idleMs);
  };

  void (async () => {
    const cluster = kc.getCurrentCluster();
    if (!cluster) throw new Error("The kubeconfig names no current cluster.");
    const url = new URL(cluster.server.replace(/\/+$/, "") + path);
    url.searchParams.set("watch", "true");
    url.searchParams.set("timeoutSeconds", String(opts.timeoutSeconds));
    url.searchParams.set("allowWatchBookmarks", "true");
    if (opts.resourceVersion) url.searchParams.set("resourceVersion", opts.resourceVersion);
    const options: https.RequestOptions = {};
    await kc.applyToHTTPSOptions(options);
    const request = (url.protocol === "https:" ? https : http).request(url, {
      agent: options.agent,
      auth: options.auth,
      headers: { ...options.headers, accept: "application/json" },
      method: "GET",
      signal: controller.signal,
    });
    request.on("error", (err) => settle({ kind: "failed", reason: `the watch failed (${describe(err)})` }));
    request.on("response", (res) => {
      res.on("error", (err) => settle({ kind: "failed", reason: `the watch was cut (${describe(err)})` }));
      const status = res.statusCode ?? 0;
      if (status !== 200) {
        res.resume();
        if (status === 410) settle({ kind: "expired" });
        else if (status === 401 || status === 403 || status === 405)
          settle({ kind: "refused", reason: `the watch was refused (HTTP ${status})` });
        else settle({ kind: "malformed", reason: `the watch was answered with HTTP ${status}` });
        return;
      }
      stillAlive();
      let buffered = "";
      let events = 0;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        stillAlive();
        buffered += chunk;
        let nl: number;
        while ((nl = buffered.indexOf("\n")) >= 0) {
          const line = buffered.slice(0, nl).trim();
          buffered = buffered.slice(nl + 1);
          if (!line) continue;
          const parsed = parseWatchLine<T>(line);
          if (!parsed.ok) return settle(parsed.end);
          events++;
          try {
            if (parsed.change) onChange(parsed.change);
          } catch (err) {
            return settle({ kind: "failed", reason: `an event could not be used (${describe(err)})` });
          }
        }
        if (buffered.length > maxLine)
          settle({ kind: "malformed", reason: `the watch sent a line longer than ${maxLine} bytes` });
      });
      res.on("end", () => {
        const last = buffered.trim();
        if (!last) return settle({ kind: "closed", events });
        // A last line without its newline: a page or a list is not a watch; anything else was cut.
        const parsed = parseWatchLine<T>(last);
        if (!parsed.ok && (last.startsWith("<") || isJson(last))) return settle(parsed.end);
        settle({ kind: "failed", reason: "the watch was cut in the middle of an event" });
      });
      res.on("close", () => settle({ kind: "failed", reason: "the watch was cut" }));
    });
    request.end();
  })().catch((err: unknown) => settle({ kind: "failed", reason: `the watch could not start (${describe(err)})` }));

  return { done, abort: () => settle({ kind: "closed", events: 0 }) };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function describe(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return e?.code ?? e?.message ?? String(err);
}
