import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { KubeResources, startKubernetesApi, type KubernetesApi } from "@console/sandbox";
import { kubeClients, sandboxKubeConfig } from "../src/platform/kubernetes.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";
import { startStandIn, type StandIn } from "./support/stand-in.js";

/**
 * The cluster API behind a proxy that answers the console's watches badly, the way proxies
 * and restricted accounts do. Lists pass through to the sandbox's API server, so the
 * screens have real data to show; whatever the watch gets, the process stays up, the
 * screens keep answering from lists (saying the data may be stale when the watch cannot
 * be used), and once the watch works again the console uses it by itself.
 */
type WatchFault = "list" | "html" | "cut" | "forbidden" | "gone" | "slow" | null;

const NODES = "/k8s-proxy/api/v1/nodes";
const COMPONENTS = "/admin-api/api/v1/componentList";

describe("the cluster cache when the watch misbehaves", { timeout: 60_000 }, () => {
  let api: KubernetesApi;
  let proxy: StandIn;
  let t: TestApp;
  let admin: Record<string, string>;
  let fault: WatchFault = null;
  const openWatches = new Set<http.ServerResponse>();
  let node = 0;
  const eventually = (check: () => Promise<void>, timeout = 10_000) => vi.waitFor(check, { timeout, interval: 100 });

  /** Answers one watch request the way the current fault says, or passes it through. */
  function answerWatch(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const json = { "content-type": "application/json" };
    switch (fault) {
      case "list":
        // What a proxy that does not stream gives: the plain list, as if `watch` were not asked.
        forward(req.url!.replace(/([?&])watch=true&?/, "$1"), req, res);
        return true;
      case "html":
        res.writeHead(200, { "content-type": "text/html" }).end("<html><body>Please sign in</body></html>");
        return true;
      case "cut":
        res.writeHead(200, json);
        res.write('{"type":"ADDED","object":{"kind":"Node","metadata":{"name":"half-node","resourceVer');
        setTimeout(() => res.destroy(), 20);
        return true;
      case "forbidden":
        res.writeHead(403, json).end(
          JSON.stringify({
            kind: "Status",
            status: "Failure",
            reason: "Forbidden",
            code: 403,
            message: 'nodes is forbidden: User "console" cannot watch resource "nodes"',
          }),
        );
        return true;
      case "gone":
        res.writeHead(410, json).end(JSON.stringify({ kind: "Status", code: 410, reason: "Expired" }));
        return true;
      case "slow":
        openWatches.add(res);
        return true;
      default:
        return false;
    }
  }

  function forward(path: string, req: http.IncomingMessage, res: http.ServerResponse): void {
    const upstream = http.request(`${api.url}${path}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      // As the API server does for a watch: the headers go at once, before any event.
      res.flushHeaders();
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  }

  /** Sets the fault and ends the watches open now, so the next ones meet it. */
  function setFault(f: WatchFault): void {
    fault = f;
    for (const res of openWatches) res.destroy();
    openWatches.clear();
  }

  const watchRequests = () => proxy.requests.filter((u) => /\/api\/v1\/nodes\?.*watch=true/.test(u)).length;
  const listRequests = () => proxy.requests.filter((u) => /\/api\/v1\/nodes(\?(?!.*watch=true)|$)/.test(u)).length;
  const get = (url: string) => t.app.inject({ method: "GET", url, headers: admin });
  const nodeNames = async () => {
    const res = await get(NODES);
    expect(res.statusCode).toBe(200);
    return (res.json().items as Array<{ name: string }>).map((n) => n.name);
  };
  const stale = async () => (await get(COMPONENTS)).json().platformStale as string | null;

  /** A node that was not there before, added to the cluster behind the proxy. */
  function addNode(): string {
    const template = api.store.list(KubeResources.nodes)[0]!;
    const name = `added-node-${++node}`;
    api.store.put(KubeResources.nodes, { ...structuredClone(template), metadata: { ...template.metadata, name } });
    return name;
  }

  /** The console keeps answering: liveness, the user list and the screen of cluster data. */
  async function consoleAnswers(): Promise<void> {
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    expect((await get("/admin-api/api/v1/users")).statusCode).toBe(200);
    expect((await nodeNames()).length).toBeGreaterThan(0);
  }

  beforeAll(async () => {
    api = await startKubernetesApi({ dataDir: null, quiet: true });
    proxy = await startStandIn((req, res) => {
      if (/[?&]watch=true/.test(req.url ?? "") && answerWatch(req, res)) return;
      if (/[?&]watch=true/.test(req.url ?? "")) {
        openWatches.add(res);
        res.on("close", () => openWatches.delete(res));
      }
      forward(req.url ?? "/", req, res);
    });
    t = await makeApp(
      "pglite",
      { KUBERNETES_TIMEOUT_MS: "2000", KUBERNETES_LIST_SECONDS: "1" },
      { kube: kubeClients(sandboxKubeConfig(proxy.url), "cluster", 2000) },
    );
    admin = bearer(await adminToken(t.app));
    // Working first: the nodes are watched live.
    expect((await nodeNames()).length).toBeGreaterThan(0);
    const added = addNode();
    await eventually(async () => expect(await nodeNames()).toContain(added));
    await eventually(async () => expect(await stale()).toBeNull());
    // The sandbox, the console and a first watch: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await api?.stop();
  });

  /** After the fault: the watch works again by itself, changes arrive and the stale notice goes. */
  async function recovers(): Promise<void> {
    setFault(null);
    // The sandbox does not replay changes made between two watches (a real API server does
    // from the resource version), so the change is made once the watch is open again.
    await eventually(async () => expect(await stale()).toBeNull(), 20_000);
    const live = addNode();
    await eventually(async () => expect(await nodeNames()).toContain(live), 5_000);
    // Still watched live once the change arrived: no notice came back.
    expect(await stale()).toBeNull();
  }

  it.each([
    ["list", /the watch was answered with a NodeList, not a stream of events/],
    ["html", /the watch was answered with an HTML page/],
    ["forbidden", /the watch was refused \(HTTP 403\)/],
    ["slow", /the watch did not answer within 2000 ms/],
  ] as const)(
    "a watch answered with %s: the screens list instead, say the data may be stale, then recover",
    async (f, reason) => {
      const before = watchRequests();
      setFault(f);
      await eventually(async () => expect(watchRequests()).toBeGreaterThan(before));
      // The reason given for the nodes (other resources may meet other faults first).
      const forNodes = new RegExp(`watching [a-z ,]*\\bnodes\\b[a-z ,]* does not work \\(${reason.source}`);
      await eventually(async () => expect(await stale()).toMatch(forNodes));
      expect(await stale()).toMatch(/lists them every 1 s instead/);
      // Changes still reach the screens, through the periodic lists.
      const added = addNode();
      await eventually(async () => expect(await nodeNames()).toContain(added), 5_000);
      await consoleAnswers();
      await recovers();
    },
  );

  it("a watch cut in the middle of an event: the half event is not used, and the watch resumes", async () => {
    const before = watchRequests();
    setFault("cut");
    await eventually(async () => expect(watchRequests()).toBeGreaterThan(before + 1));
    expect(await nodeNames()).not.toContain("half-node");
    await consoleAnswers();
    await recovers();
    expect(await nodeNames()).not.toContain("half-node");
  });

  it("a watch answered 410 Gone: the console lists again and watches from there", async () => {
    const lists = listRequests();
    const before = watchRequests();
    setFault("gone");
    await eventually(async () => expect(watchRequests()).toBeGreaterThan(before));
    await eventually(async () => expect(listRequests()).toBeGreaterThan(lists));
    // Expiry is routine: the data is listed afresh, not stale.
    expect(await stale()).toBeNull();
    await consoleAnswers();
    await recovers();
  });
});
