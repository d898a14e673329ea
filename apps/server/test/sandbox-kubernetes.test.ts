import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubernetesApi, type KubernetesApi } from "@console/sandbox";
import { apiStatus, kubeClients, sandboxKubeConfig, type KubeClients } from "../src/platform/kubernetes.js";

/** The sandbox's Kubernetes API as the console's client sees it. */
describe("the sandbox's Kubernetes API through the real client", () => {
  let dir: string;
  let api: KubernetesApi;
  let k: KubeClients;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-sandbox-k8s-"));
    api = await startKubernetesApi({ dataDir: dir, quiet: true, seed: 9 });
    k = kubeClients(sandboxKubeConfig(api.url), "sandbox");
  });
  afterAll(async () => {
    await api.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const status = (p: Promise<unknown>) => p.then(() => 200, apiStatus);

  it("builds the same cluster from the same seed, of the size asked", async () => {
    const other = await startKubernetesApi({ dataDir: null, quiet: true, seed: 9, nodes: 6, pods: 120 });
    try {
      const mine = (await k.core.listPodForAllNamespaces()).items.map((p) => p.metadata?.name).sort();
      const theirs = (await kubeClients(sandboxKubeConfig(other.url), "sandbox").core.listPodForAllNamespaces()).items
        .map((p) => p.metadata?.name)
        .sort();
      expect(mine).toHaveLength(120);
      expect(theirs).toEqual(mine);
    } finally {
      await other.stop();
    }
  });

  it("filters by label selector (equality and set-based) and field selector, and refuses a bad selector", async () => {
    const trino = await k.core.listNamespacedPod({ namespace: "trino", labelSelector: "app.kubernetes.io/name=trino" });
    expect(trino.items).toHaveLength(4);
    const workers = await k.core.listNamespacedPod({
      namespace: "trino",
      labelSelector: "app.kubernetes.io/component in (worker),app.kubernetes.io/name",
    });
    expect(workers.items).toHaveLength(3);
    const onMaster = await k.core.listPodForAllNamespaces({ fieldSelector: "spec.nodeName=master-01" });
    expect(onMaster.items.every((p) => p.spec?.nodeName === "master-01")).toBe(true);
    expect(await status(k.core.listPodForAllNamespaces({ labelSelector: "a in (b" }))).toBe(400);
  });

  it("creates, reads, replaces and deletes secrets, kept across a restart", async () => {
    const created = await k.core.createNamespacedSecret({
      namespace: "console",
      body: { metadata: { name: "warehouse-password" }, stringData: { value: "s3cret" } },
    });
    expect(Buffer.from(created.data!.value!, "base64").toString()).toBe("s3cret");
    expect(
      await status(
        k.core.createNamespacedSecret({ namespace: "console", body: { metadata: { name: "warehouse-password" } } }),
      ),
    ).toBe(409);
    expect(
      await status(k.core.createNamespacedSecret({ namespace: "console", body: { metadata: { name: "Bad_Name" } } })),
    ).toBe(422);
    await k.core.replaceNamespacedSecret({
      namespace: "console",
      name: "warehouse-password",
      body: { metadata: { name: "warehouse-password" }, stringData: { value: "n3w" } },
    });
    // A restart from the same data folder still has it.
    const again = await startKubernetesApi({ dataDir: dir, quiet: true, seed: 9 });
    try {
      const read = await kubeClients(sandboxKubeConfig(again.url), "sandbox").core.readNamespacedSecret({
        namespace: "console",
        name: "warehouse-password",
      });
      expect(Buffer.from(read.data!.value!, "base64").toString()).toBe("n3w");
    } finally {
      await again.stop();
    }
    await k.core.deleteNamespacedSecret({ namespace: "console", name: "warehouse-password" });
    expect(await status(k.core.readNamespacedSecret({ namespace: "console", name: "warehouse-password" }))).toBe(404);
    expect(await status(k.core.deleteNamespacedSecret({ namespace: "console", name: "warehouse-password" }))).toBe(404);
  });
});
