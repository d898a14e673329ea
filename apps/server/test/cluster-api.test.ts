import { describe, expect, it } from "vitest";
import { KubeResources, startKubernetesApi, type KubernetesApi } from "@console/sandbox";
import { kubeClients, sandboxKubeConfig } from "../src/platform/kubernetes.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer, tokenFor } from "./support/auth.js";
import { consoleOnSandboxCluster } from "./support/cluster.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { freePort } from "../../../e2e/support/server.js";

const K8S = "/k8s-proxy/api/v1";

describe.each(DB_KINDS)("cluster proxy calls against the sandbox platform (%s)", (kind) => {
  let api: KubernetesApi;
  let t: TestApp;
  let admin: Record<string, string>;
  consoleOnSandboxCluster(kind, { seed: 11, nodes: 6, pods: 120 }, (c) => ({ api, t, admin } = c));
  const get = (url: string, headers = admin) => t.app.inject({ method: "GET", url: `${K8S}${url}`, headers });

  it("lists the hosts of both roles with capacity, requests and usage from the metrics API", async () => {
    const res = await get("/nodes");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.metricsAvailable).toBe(true);
    expect(body.items).toHaveLength(6);
    expect(body.items.filter((n: { type: string }) => n.type === "master")).toHaveLength(3);
    const worker = body.items.find((n: { type: string }) => n.type === "worker");
    expect(worker).toMatchObject({ status: "Ready", disk: { usage: null } });
    expect(worker.memory.capacity).toMatch(/^\d+(\.\d)?Gi$/);
    expect(worker.cpu.usage).toBeGreaterThan(0);
    expect(worker.cpu.usage).toBeLessThan(100);
    expect(worker.pods).toBeGreaterThan(0);
    const pods = body.items.reduce((n: number, x: { pods: number }) => n + x.pods, 0);
    const live = api.store
      .list(KubeResources.pods)
      .filter((p) => p.spec.nodeName && !["Succeeded", "Failed"].includes(p.status.phase)).length;
    expect(pods).toBe(live);
  });

  it("counts the workloads by state", async () => {
    const body = (await get("/workloads")).json();
    expect(body.pods.total).toBe(120);
    expect(body.pods.running + body.pods.succeeded + body.pods.failure).toBeLessThanOrEqual(120);
    expect(body.deployments.total).toBe(api.store.list(KubeResources.deployments).length);
    expect(body.statefulsets.running).toBeGreaterThan(0);
    for (const k of ["replicasets", "jobs", "cronjobs"]) expect(body[k]).toHaveProperty("total");
  });

  it("describes a host and its pods, and answers 404 for an unknown one and 400 for a bad name", async () => {
    const host = (await get("/nodes/master-01")).json();
    expect(host).toMatchObject({
      name: "master-01",
      type: "master",
      os: "linux",
      architecture: "amd64",
      kubeletVersion: "v1.31.4",
      metricsAvailable: true,
    });
    const pods = (await get("/nodes/master-01/pods")).json();
    expect(pods.items.map((p: { name: string }) => p.name)).toContain("etcd-master-01");
    expect(pods.items[0].cpu.usage).toBeGreaterThan(0);
    expect((await get("/nodes/worker-999")).statusCode).toBe(404);
    const bad = await get("/nodes/Bad_Name");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("params.host");
  });

  it("gives a component's statistics, pods and services with endpoints", async () => {
    const stats = (await get("/components/trino")).json();
    expect(stats).toMatchObject({
      name: "trino",
      info: { status: "active", launchUrl: "https://trino.platform.local" },
      values: { running: 4, failure: 0, total: 4 },
      isError: false,
    });
    expect(stats.values.cpu).toBeGreaterThan(0);
    const pods = (await get("/components/trino/pods")).json();
    expect(pods.items).toHaveLength(4);
    expect(pods.items.every((p: { status: string; ready: boolean }) => p.status === "Running" && p.ready)).toBe(true);
    const details = (await get("/components/trino/details")).json();
    const trino = details.services.find((s: { name: string }) => s.name === "trino");
    expect(trino).toMatchObject({ type: "LoadBalancer", connection: { ports: [{ port: 8443, targetPort: "8080" }] } });
    expect(trino.endPoints.address).toHaveLength(1);
    expect((await get("/components/superset")).statusCode).toBe(404);
    expect((await get("/components/nothing-here")).statusCode).toBe(404);
  });

  it("reads the events newest first and the issues that need attention", async () => {
    const events = (await get("/events")).json().items;
    expect(events.length).toBeGreaterThan(0);
    const times = events.map((e: { lastTimestamp: string }) => e.lastTimestamp);
    expect([...times].sort().reverse()).toEqual(times);
    const issues = (await get("/issues")).json().items;
    for (const i of issues) expect(["warning", "error"]).toContain(i.type);
    const failing = api.store
      .list(KubeResources.pods)
      .filter(
        (p) =>
          p.status.phase === "Failed" || p.status.containerStatuses[0].state.waiting?.reason === "CrashLoopBackOff",
      );
    for (const p of failing) expect(issues.some((i: { name: string }) => i.name === p.metadata.name)).toBe(true);
  });

  it("reads the tail of a pod's log: 200 lines by default, fewer when asked", async () => {
    const pod = api.store.list(KubeResources.pods, "kafka")[0]!;
    const res = await get(`/pods/${pod.metadata.name}/logs?namespace=kafka`);
    expect(res.statusCode).toBe(200);
    expect(res.json().lines).toHaveLength(200);
    expect(res.json().container).toBe("connect");
    const five = (await get(`/pods/${pod.metadata.name}/logs?namespace=kafka&tailLines=5&container=connect`)).json();
    expect(five.lines).toHaveLength(5);
    expect(five.lines[4]).toMatch(/^\d{4}-\d\d-\d\dT/);
    const wrong = await get(`/pods/${pod.metadata.name}/logs?namespace=kafka&container=nope`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe("query.container");
    expect((await get(`/pods/gone-pod/logs?namespace=kafka`)).statusCode).toBe(404);
    expect((await get(`/pods/${pod.metadata.name}/logs`)).json().field).toBe("query.namespace");
    expect((await get(`/pods/${pod.metadata.name}/logs?namespace=kafka&tailLines=0`)).statusCode).toBe(400);
  });

  it("reads a restarted container's previous log, and says when there is none", async () => {
    const restarted = api.store
      .list(KubeResources.pods)
      .find((p) => p.status.containerStatuses[0]?.lastState?.terminated?.finishedAt)!;
    expect(restarted).toBeDefined();
    const ns = restarted.metadata.namespace;
    const container = restarted.status.containerStatuses[0].name as string;
    const url = `/pods/${restarted.metadata.name}/logs?namespace=${ns}&container=${container}`;
    const previous = (await get(`${url}&previous=true&tailLines=20`)).json();
    const current = (await get(`${url}&tailLines=20`)).json();
    expect(previous.lines.length).toBeGreaterThan(0);
    expect(previous.lines.at(-1)).toMatch(/container stopped: \w+/);
    expect(previous.lines).not.toEqual(current.lines);

    const fresh = api.store
      .list(KubeResources.pods)
      .find(
        (p) =>
          p.status.phase === "Running" &&
          p.status.containerStatuses.every((c: { restartCount: number }) => c.restartCount === 0),
      )!;
    const none = await get(
      `/pods/${fresh.metadata.name}/logs?namespace=${fresh.metadata.namespace}&container=${fresh.status.containerStatuses[0].name}&previous=true`,
    );
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: "query.previous", error: expect.stringMatching(/no previous run/) });
    expect((await get(`${url}&previous=maybe`)).json().field).toBe("query.previous");
  });

  it("keeps the cluster calls to users with the home menu, and components to those with components", async () => {
    await seedUser(t.testDb.db, "kim");
    await assignMenus(t.testDb.db, "kim", ["audits"]);
    await seedUser(t.testDb.db, "noah");
    await t.services.bus.publish("access");
    // Any menu brings home with it (spec section 6); no menu at all, no home.
    const kim = bearer(await tokenFor(t.app, "kim", USER_PASSWORD));
    const noah = bearer(await tokenFor(t.app, "noah", USER_PASSWORD));
    expect((await get("/nodes", kim)).statusCode).toBe(200);
    expect((await get("/nodes", noah)).statusCode).toBe(403);
    expect((await get("/components/trino", kim)).statusCode).toBe(403);
    expect((await get("/pods/x/logs?namespace=kafka", noah)).statusCode).toBe(403);
  });
});

describe("following a pod's log", () => {
  let api: KubernetesApi;
  let base: string;
  let admin: Record<string, string>;
  consoleOnSandboxCluster("pglite", { seed: 3 }, (c) => ({ api, admin, base } = c), { listen: true });

  /** Reads server-sent events until `count` data lines came. */
  async function follow(url: string, count: number, headers: Record<string, string> = {}) {
    const ctrl = new AbortController();
    const res = await fetch(`${base}${K8S}${url}`, { headers: { ...admin, ...headers }, signal: ctrl.signal });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const events: Array<{ id: string; data: string }> = [];
    let buffer = "";
    while (events.length < count) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += new TextDecoder().decode(value);
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (id !== undefined && data !== undefined) events.push({ id, data: JSON.parse(data) as string });
      }
    }
    ctrl.abort();
    return events;
  }

  it("sends the tail, then the lines the container writes, and resumes after the last one seen", async () => {
    const pod = api.store.list(KubeResources.pods, "minio")[0]!;
    const url = `/pods/${pod.metadata.name}/logs/follow?namespace=minio&tailLines=3`;
    const first = await follow(url, 4);
    expect(first).toHaveLength(4);
    // The fourth line did not exist when the stream began: it was written while following.
    const started = Date.now();
    expect(Date.parse(first[3]!.id)).toBeGreaterThan(Date.parse(first[2]!.id));
    expect(first[3]!.data).toContain(first[3]!.id.slice(0, 19));
    const resumed = await follow(url, 1, { "last-event-id": first[3]!.id });
    expect(Date.parse(resumed[0]!.id)).toBeGreaterThan(Date.parse(first[3]!.id));
    expect(started).toBeGreaterThan(0);
  });

  it("answers 404 for a pod that is gone", async () => {
    const res = await fetch(`${base}${K8S}/pods/no-such-pod/logs/follow?namespace=minio`, { headers: admin });
    expect(res.status).toBe(404);
  });
});

// Each test starts its own console; on a loaded machine that takes a while.
describe("an unreachable or refusing cluster", { timeout: 120_000 }, () => {
  it("answers 503 naming the reason, never an empty picture", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const t = await makeApp(
      "pglite",
      { KUBERNETES_TIMEOUT_MS: "2000" },
      {
        kube: kubeClients(sandboxKubeConfig(closed), "cluster"),
      },
    );
    try {
      const admin = bearer(await adminToken(t.app));
      for (const url of ["/nodes", "/workloads", "/events", "/components/trino"]) {
        const res = await t.app.inject({ method: "GET", url: `${K8S}${url}`, headers: admin });
        expect(res.statusCode, url).toBe(503);
        expect(res.json().error, url).toMatch(/^The cluster is unavailable: its API server cannot be reached/);
      }
    } finally {
      await t.close();
    }
  });

  it("answers 503 when the cluster refuses the console's credentials", async () => {
    const api = await startKubernetesApi({ dataDir: null, quiet: true, token: "expected-token" });
    const t = await makeApp("pglite", {}, { kube: kubeClients(sandboxKubeConfig(api.url, "other-token"), "cluster") });
    try {
      const res = await t.app.inject({ method: "GET", url: `${K8S}/nodes`, headers: bearer(await adminToken(t.app)) });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/refused the console's credentials/);
    } finally {
      await t.close();
      await api.stop();
    }
  });

  it("says metrics are unavailable when the metrics API is absent", async () => {
    const api = await startKubernetesApi({ dataDir: null, quiet: true, metrics: false });
    const t = await makeApp("pglite", {}, { sandbox: { urls: { kubernetes: api.url } } });
    try {
      const body = (
        await t.app.inject({ method: "GET", url: `${K8S}/nodes`, headers: bearer(await adminToken(t.app)) })
      ).json();
      expect(body.metricsAvailable).toBe(false);
      expect(body.items[0].cpu.usage).toBeNull();
      expect(body.items[0].cpu.requests).toBeGreaterThan(0);
    } finally {
      await t.close();
      await api.stop();
    }
  });

  it("answers 503 when no cluster is configured", async () => {
    const t = await makeApp("pglite");
    try {
      const res = await t.app.inject({ method: "GET", url: `${K8S}/nodes`, headers: bearer(await adminToken(t.app)) });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/no cluster is configured/);
    } finally {
      await t.close();
    }
  });
});
