import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { freePort, TMP } from "../support/server.js";

/** The number the log viewer's line counter shows ("214 lines"). */
export async function lineCount(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ lines?$/).textContent();
  return Number((text ?? "0").split(" ")[0]);
}

/** A kubeconfig naming an API server that nobody listens on. */
export async function unreachableKubeconfig(): Promise<string> {
  const file = path.join(TMP, "unreachable-kubeconfig.yaml");
  fs.mkdirSync(TMP, { recursive: true });
  const port = await freePort();
  fs.writeFileSync(
    file,
    [
      "apiVersion: v1",
      "kind: Config",
      "clusters:",
      `  - name: gone\n    cluster:\n      server: http://127.0.0.1:${port}\n      insecure-skip-tls-verify: true`,
      "users:",
      "  - name: console\n    user:\n      token: unused",
      "contexts:",
      "  - name: gone\n    context:\n      cluster: gone\n      user: console",
      "current-context: gone",
      "",
    ].join("\n"),
  );
  return file;
}

/** A Flink deployment with a running pod, found through the console's own API. */
export async function runningFlinkJob(baseUrl: string, token: string): Promise<{ name: string; pod: string }> {
  const res = await fetch(`${baseUrl}/k8s-proxy/api/v1/flink-jobs`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`flink-jobs answered ${res.status}`);
  const { items } = (await res.json()) as {
    items: Array<{ name: string; pods: Array<{ name: string; status: string }> }>;
  };
  for (const j of items) {
    const pod = j.pods.find((p) => p.status === "Running");
    if (pod) return { name: j.name, pod: pod.name };
  }
  throw new Error("no Flink deployment has a running pod");
}

/** Deletes one job through the console's API; fails on an error answer. */
export async function deleteJob(baseUrl: string, token: string, kind: string, name: string): Promise<void> {
  const res = await fetch(`${baseUrl}/k8s-proxy/api/v1/${kind}/${name}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`deleting ${name} answered ${res.status}`);
}
