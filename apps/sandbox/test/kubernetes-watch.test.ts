import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KubeResources as R, startKubernetesApi, type KubernetesApi } from "../src/kubernetes/index.js";

/** Watches as clients use them after a list: from the list's resource version. */
describe("the sandbox's watches", () => {
  let api: KubernetesApi;
  beforeAll(async () => {
    api = await startKubernetesApi({ dataDir: null, quiet: true, seed: 3 });
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** The first event line of a watch; the request is cut after it, or after five seconds. */
  const firstEvent = async (query: string, accept = "application/json") => {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 5000);
    try {
      const res = await fetch(`${api.url}/api/v1/namespaces/spark/pods?watch=true&${query}`, {
        headers: { accept },
        signal: abort.signal,
      });
      const reader = res.body!.getReader();
      let text = "";
      while (!text.includes("\n")) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      return JSON.parse(text.slice(0, text.indexOf("\n"))) as { type: string; object: Record<string, unknown> };
    } finally {
      clearTimeout(timer);
      abort.abort();
    }
  };
  const listVersion = async () =>
    (
      (await (await fetch(`${api.url}/api/v1/namespaces/spark/pods`)).json()) as {
        metadata: { resourceVersion: string };
      }
    ).metadata.resourceVersion;
  const addPod = (name: string) => {
    // A copy of the Spark operator's pod: running, one container, never restarted.
    const pod = structuredClone(
      api.store.list(R.pods, "spark").find((p) => p.metadata.name.startsWith("spark-operator-controller"))!,
    );
    pod.metadata.name = name;
    api.store.put(R.pods, pod);
  };

  it("sends first what changed between the list and the watch", async () => {
    const version = await listVersion();
    addPod("between-list-and-watch");
    const event = await firstEvent(`resourceVersion=${version}`);
    expect(event.type).toBe("ADDED");
    expect(event.object).toMatchObject({ kind: "Pod", metadata: { name: "between-list-and-watch" } });
  });

  it("sends each change in a Table of one row when kubectl asks for tables", async () => {
    const version = await listVersion();
    addPod("seen-as-a-row");
    const event = await firstEvent(
      `resourceVersion=${version}`,
      "application/json;as=Table;v=v1;g=meta.k8s.io,application/json",
    );
    expect(event).toMatchObject({
      type: "ADDED",
      object: {
        kind: "Table",
        rows: [
          {
            cells: [
              "seen-as-a-row",
              "1/1",
              "Running",
              "0",
              expect.stringMatching(/^\d+d$/),
              expect.any(String),
              expect.any(String),
            ],
          },
        ],
      },
    });
  });

  it("answers 410 Expired from a version whose changes it no longer keeps, so the client lists again", async () => {
    const version = await listVersion();
    const pod = api.store.list(R.pods, "spark")[0]!;
    for (let i = 0; i < 2100; i++) api.store.touch(R.pods, pod);
    const event = await firstEvent(`resourceVersion=${version}`);
    expect(event).toMatchObject({ type: "ERROR", object: { kind: "Status", code: 410, reason: "Expired" } });
    // From the current version it watches again.
    const fresh = await listVersion();
    addPod("after-expiry");
    expect((await firstEvent(`resourceVersion=${fresh}`)).object).toMatchObject({ metadata: { name: "after-expiry" } });
  });
});
