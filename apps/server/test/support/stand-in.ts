import http from "node:http";
import net, { type AddressInfo } from "node:net";

/** A local HTTP server standing in for another system, answering whatever the test says. */
export interface StandIn {
  url: string;
  /** The path and query of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startStandIn(handler: http.RequestListener): Promise<StandIn> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    res.on("error", () => undefined);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The ways a system, or a proxy in front of it, answers badly. */
export type Misbehaviour = "html-502" | "truncated" | "wrong-shape" | "hang" | "huge";
export const MISBEHAVIOURS: Misbehaviour[] = ["html-502", "truncated", "wrong-shape", "hang", "huge"];

/** The answer limit fault tests give the console (EXTERNAL_ANSWER_MAX_MB), and more than it. */
export const ANSWER_LIMIT_MB = "1";
export const HUGE_BYTES = 4 * 1024 * 1024;

/**
 * Answers `res` misbehaving in the given way instead of with `good` (the JSON body a
 * working system would send): a proxy's HTML error page, the JSON cut in half, a body
 * of another shape, no answer at all, or an endless body.
 */
export function misbehave(res: http.ServerResponse, how: Misbehaviour, good: unknown): void {
  const json = { "content-type": "application/json" };
  switch (how) {
    case "html-502":
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>\n");
      return;
    case "truncated": {
      const text = JSON.stringify(good);
      res.writeHead(200, json).end(text.slice(0, Math.max(1, Math.floor(text.length / 2))));
      return;
    }
    case "wrong-shape":
      res.writeHead(200, json).end(JSON.stringify(Array.isArray(good) ? { items: 7 } : [{ unexpected: true }]));
      return;
    case "hang":
      return;
    case "huge":
      res.writeHead(200, json);
      streamPadding(res, HUGE_BYTES);
      return;
  }
}

/** Writes a JSON string of `bytes` bytes as fast as the reader takes it (or until it goes). */
function streamPadding(res: http.ServerResponse, bytes: number): void {
  const chunk = "x".repeat(64 * 1024);
  let left = bytes;
  res.write('{"padding":"');
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      left -= chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    if (!res.destroyed) res.end('"}');
  };
  pump();
}

/** A TCP proxy in front of `port` that can cut every connection after some bytes from the server. */
export interface CuttingProxy {
  url: (scheme: string) => string;
  /** Cut each connection once the server has sent this many bytes to it; null passes all. */
  cutAfter: number | null;
  /** How many connections were cut. */
  cuts: number;
  close(): Promise<void>;
}

export async function startCuttingProxy(port: number): Promise<CuttingProxy> {
  const sockets = new Set<net.Socket>();
  const proxy: CuttingProxy = {
    url: (scheme) => `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cutAfter: null,
    cuts: 0,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(port, "127.0.0.1");
    let sent = 0;
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => undefined);
      s.on("close", () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.on("data", (chunk: Buffer) => {
      const limit = proxy.cutAfter;
      if (limit !== null && sent + chunk.length > limit) {
        client.write(chunk.subarray(0, Math.max(0, limit - sent)));
        proxy.cuts++;
        client.destroy();
        return;
      }
      sent += chunk.length;
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return proxy;
}
