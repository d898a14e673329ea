import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KubeResources, startKubernetesApi, type KubernetesApi } from "@console/sandbox";
import { KubernetesStatus } from "../src/platform/cluster-status.js";
import { kubeClients, sandboxKubeConfig } from "../src/platform/kubernetes.js";
import { loadComponentsFile } from "../src/modules/shell/components-file.js";
import { loadConfig } from "../src/config.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { freePort } from "../../../e2e/support/server.js";

const components = loadComponentsFile(loadConfig({}).componentsFile);
const observed = components.filter((c) => !c.marketplace).map((c) => c.key);

describe("component health from the cluster's pods", () => {
  let api: KubernetesApi;
  beforeAll(async () => {
    api = await startKubernetesApi({ dataDir: null, quiet: true, seed: 7 });
  });
  afterAll(() => api.stop());

  const statusOf = (ttl = 0) => new KubernetesStatus(kubeClients(sandboxKubeConfig(api.url), "sandbox"), ttl);

  it("reports every deployed component active and healthy, and the undeployed one inactive", async () => {
    const source = statusOf();
    expect(source.kind).toBe("sandbox");
    const status = await source.status(components);
    expect(status).toMatchObject({ reachable: true, error: null });
    for (const key of observed) expect(status.states.get(key), key).toEqual({ active: true, unhealthy: false });
    expect(status.states.get("superset")).toEqual({ active: false, unhealthy: false });
  });

  it("marks a component unhealthy when one of its pods is not ready, and inactive when none is", async () => {
    const pods = api.store
      .list(KubeResources.pods, "kafka")
      .filter((p) => p.metadata.labels?.["app.kubernetes.io/name"] === "kafka-connect");
    expect(pods.length).toBeGreaterThan(1);
    const setReady = (ready: boolean) => (p: (typeof pods)[number]) => {
      for (const c of p.status.conditions) if (c.type === "Ready") c.status = ready ? "True" : "False";
      api.store.touch(KubeResources.pods, p);
    };
    setReady(false)(pods[0]!);
    expect((await statusOf().status(components)).states.get("debezium")).toEqual({ active: true, unhealthy: true });
    pods.forEach(setReady(false));
    expect((await statusOf().status(components)).states.get("debezium")).toEqual({ active: false, unhealthy: false });
    pods.forEach(setReady(true));
    expect((await statusOf().status(components)).states.get("debezium")).toEqual({ active: true, unhealthy: false });
  });

  it("keeps the answer briefly so that screens asking together cost one round", async () => {
    const source = statusOf(60_000);
    const first = await source.status(components);
    const pod = api.store.list(KubeResources.pods, "trino")[0]!;
    pod.status.phase = "Failed";
    try {
      expect(await source.status(components)).toBe(first);
      expect((await statusOf().status(components)).states.get("trino")?.unhealthy).toBe(true);
    } finally {
      pod.status.phase = "Running";
    }
  });

  it("says the cluster is unreachable instead of reporting nothing active", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const status = await new KubernetesStatus(kubeClients(sandboxKubeConfig(closed), "cluster"), 0).status(components);
    expect(status.reachable).toBe(false);
    expect(status.error).toMatch(/^The cluster is unavailable: its API server cannot be reached \(ECONNREFUSED\)/);
    expect(status.states.size).toBe(0);
  });

  it("says the cluster refused the console's credentials", async () => {
    const guarded = await startKubernetesApi({ dataDir: null, quiet: true, token: "the-right-token" });
    try {
      const wrong = kubeClients(sandboxKubeConfig(guarded.url, "a-wrong-token"), "cluster");
      const status = await new KubernetesStatus(wrong, 0).status(components);
      expect(status.reachable).toBe(false);
      expect(status.error).toMatch(/refused the console's credentials \(HTTP 401/);
      const right = kubeClients(sandboxKubeConfig(guarded.url, "the-right-token"), "cluster");
      expect((await new KubernetesStatus(right, 0).status(components)).reachable).toBe(true);
    } finally {
      await guarded.stop();
    }
  });
});

describe.each(DB_KINDS)("the console on the sandbox platform (%s)", (kind) => {
  let api: KubernetesApi;
  let t: TestApp;
  beforeAll(async () => {
    api = await startKubernetesApi({ dataDir: null, quiet: true });
    t = await makeApp(kind, {}, { sandbox: { urls: { kubernetes: api.url } } });
  });
  afterAll(async () => {
    await t.close();
    await api.stop();
  });

  it("lists the components active from the sandbox's pods, debezium included", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/admin-api/api/v1/componentList",
      headers: bearer(await adminToken(t.app)),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.platformReachable).toBe(true);
    expect(body.platformError).toBeNull();
    expect(body.activeComponents).toEqual(observed);
    expect(body.unhealthyComponents).toEqual([]);
  });

  it("tells the web app that the sandbox is in use", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(res.json().sandbox).toBe(true);
  });
});
