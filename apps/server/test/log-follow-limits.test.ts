import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOLLOW_BURST_BYTES, FOLLOW_BYTES_PER_SECOND } from "../src/modules/cluster/follow-stream.js";
import { kubeClients, sandboxKubeConfig } from "../src/platform/kubernetes.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";

const K8S = "/k8s-proxy/api/v1";

/**
 * A stand-in Kubernetes API whose pods' logs never end. `fast` pods write as fast as
 * the console takes the bytes (respecting back-pressure, as the API server does); the others
 * write a line every 200 ms. It counts the bytes it got rid of and the streams open.
 */
async function fakeCluster() {
  const state = { written: 0, open: 0, tails: [] as string[] };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const m = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)(\/log)?$/.exec(url.pathname);
    res.setHeader("content-type", "application/json");
    if (!m) {
      res.statusCode = 404;
      return res.end(JSON.stringify({ kind: "Status", code: 404, message: "not here" }));
    }
    const [, namespace, name, log] = m;
    if (!log)
      return res.end(JSON.stringify({ metadata: { name, namespace }, spec: { containers: [{ name: "main" }] } }));
    state.open++;
    state.tails.push(url.searchParams.get("tailLines") ?? "");
    res.setHeader("content-type", "text/plain");
    let stopped = false;
    res.on("close", () => {
      stopped = true;
      state.open--;
    });
    const line = () => `${new Date().toISOString()} ${"x".repeat(200)}\n`;
    if (name!.startsWith("fast")) {
      // "fast-unbroken" writes one line that never ends, as a progress bar or binary output would.
      const piece = name === "fast-unbroken" ? "y".repeat(10_000) : line().repeat(50);
      const pump = () => {
        while (!stopped) {
          const chunk = piece;
          state.written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
      };
      pump();
    } else {
      const timer = setInterval(() => res.write(line()), 200);
      res.on("close", () => clearInterval(timer));
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe.each(DB_KINDS)("following logs: limits and back-pressure (%s)", { timeout: 60_000 }, (kind) => {
  let t: TestApp;
  let cluster: Awaited<ReturnType<typeof fakeCluster>>;
  let base: string;
  let admin: Record<string, string>;

  beforeAll(async () => {
    cluster = await fakeCluster();
    t = await makeApp(kind, {}, { kube: kubeClients(sandboxKubeConfig(cluster.url), "cluster") });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = bearer(await adminToken(t.app));
  }, 120_000);
  afterAll(async () => {
    // Streams a failed test left open would hold the close.
    t.app.server.closeAllConnections();
    await t.close();
    await cluster.close();
  });

  const followUrl = (pod: string, query = "") => `${base}${K8S}/pods/${pod}/logs/follow?namespace=ns${query}`;
  /** Opens a follow and keeps it open until the returned abort is called. */
  async function open(pod: string, headers = admin) {
    const ctrl = new AbortController();
    const res = await fetch(followUrl(pod), { headers, signal: ctrl.signal });
    if (res.ok) void res.body!.pipeTo(new WritableStream()).catch(() => undefined);
    return { res, close: () => ctrl.abort() };
  }

  it("lets one user follow 8 logs at once, answers 429 naming the limit beyond, and a closed one frees a slot", async () => {
    const follows = [];
    for (let i = 0; i < 8; i++) follows.push(await open(`slow-${i}`));
    expect(follows.map((f) => f.res.status)).toEqual(Array(8).fill(200));
    const ninth = await open("slow-8");
    expect(ninth.res.status).toBe(429);
    expect(ninth.res.headers.get("retry-after")).toBe("5");
    expect(await ninth.res.json()).toEqual({
      error: "You are already following 8 logs, the most one person may follow at once. Close one to follow another.",
      error_description: "too_many_follows",
    });
    // Someone else is not held back by this user's follows.
    await seedUser(t.testDb.db, "fiona");
    await assignMenus(t.testDb.db, "fiona", ["components"]);
    await t.services.bus.publish("access");
    const fiona = await open("slow-9", bearer(await tokenFor(t.app, "fiona", USER_PASSWORD)));
    expect(fiona.res.status).toBe(200);
    fiona.close();

    follows.pop()!.close();
    const deadline = Date.now() + 5000;
    let again = await open("slow-8");
    while (again.res.status === 429 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      again = await open("slow-8");
    }
    expect(again.res.status).toBe(200);
    follows.push(again);
    expect((await open("slow-10")).res.status).toBe(429);
    for (const f of follows) f.close();
    // Every slot comes back once the streams are closed, and the pod's logs are no longer read.
    const until = Date.now() + 5000;
    while (cluster.state.open > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(cluster.state.open).toBe(0);
    const last = await open("slow-11");
    expect(last.res.status).toBe(200);
    last.close();
  });

  it("refuses a tail above 5000 lines with a 400 naming the field, and passes 5000 on", async () => {
    for (const url of [
      followUrl("slow-0", "&tailLines=5001"),
      `${base}${K8S}/pods/slow-0/logs?namespace=ns&tailLines=100000`,
    ]) {
      const res = await fetch(url, { headers: admin });
      expect(res.status, url).toBe(400);
      expect(await res.json(), url).toMatchObject({
        field: "query.tailLines",
        error: "query.tailLines: must be at most 5000 lines",
      });
    }
    cluster.state.tails.length = 0;
    const f = await open("slow-0");
    f.close();
    const ok = await fetch(followUrl("slow-0", "&tailLines=5000"), { headers: admin });
    expect(ok.status).toBe(200);
    // The console asks the cluster for the log once the stream has begun.
    const until = Date.now() + 5000;
    while (cluster.state.tails.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await ok.body!.cancel();
    expect(cluster.state.tails).toEqual(["200", "5000"]);
  });

  /** Follows a pod with a reader that takes nothing, until the pod's log stops being read (or 10 s). */
  async function stalled(pod: string): Promise<{ settled: boolean; bytes: number }> {
    const { hostname, port } = new URL(base);
    const start = cluster.state.written;
    return new Promise((resolve, reject) => {
      const req = http.get(
        { hostname, port, path: `${K8S}/pods/${pod}/logs/follow?namespace=ns`, headers: admin },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
          res.pause();
          let last = -1;
          let still = 0;
          const began = Date.now();
          const timer = setInterval(() => {
            const now = cluster.state.written - start;
            still = now === last ? still + 1 : 0;
            last = now;
            // Unchanged for a second: the console stopped taking the pod's log.
            const settled = still >= 10;
            if (settled || Date.now() - began > 10_000) {
              clearInterval(timer);
              req.destroy();
              resolve({ settled, bytes: now });
            }
          }, 100);
        },
      );
      req.on("error", () => undefined);
    });
  }

  it("stops reading the pod's log while the browser reads nothing", async () => {
    const r = await stalled("fast-lines");
    expect(r.settled).toBe(true);
    // It did follow: the tail and the first lines went through before the reader stopped.
    expect(r.bytes).toBeGreaterThan(64 * 1024);
    // What the two connections' socket buffers hold, far below what 10 s of this log would be.
    expect(r.bytes).toBeLessThan(32 * 1024 * 1024);
  });

  it("reads one user's follows of logs that never pause at one shared pace, not as fast as the cluster writes", async () => {
    const start = cluster.state.written;
    const began = Date.now();
    const follows = [await open("fast-a"), await open("fast-b")];
    expect(follows.map((f) => f.res.status)).toEqual([200, 200]);
    await new Promise((r) => setTimeout(r, 2000));
    const bytes = cluster.state.written - start;
    const seconds = (Date.now() - began) / 1000;
    for (const f of follows) f.close();
    // Both together: the burst, the rate for the time, and what the sockets between hold
    // (a few MiB on the loopback). Unpaced, this machine moves hundreds of MiB in 2 s.
    const pace = FOLLOW_BURST_BYTES + FOLLOW_BYTES_PER_SECOND * seconds;
    expect(bytes).toBeGreaterThan(FOLLOW_BURST_BYTES);
    expect(bytes).toBeLessThan(pace + 16 * 1024 * 1024);
  });

  it("holds a line that never ends to a bounded size, and stops reading there too", async () => {
    const r = await stalled("fast-unbroken");
    expect(r.settled).toBe(true);
    expect(r.bytes).toBeGreaterThan(64 * 1024);
    expect(r.bytes).toBeLessThan(32 * 1024 * 1024);
  });
});
