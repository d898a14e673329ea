import { afterAll, beforeAll } from "vitest";
import { startKubernetesApi, type KubernetesApi, type KubernetesApiOptions } from "@console/sandbox";
import { freePort } from "../../../../e2e/support/server.js";
import { makeApp, type TestApp } from "./app.js";
import { adminToken, bearer } from "./auth.js";
import type { DbKind } from "./db.js";

export interface ClusterConsole {
  api: KubernetesApi;
  t: TestApp;
  /** The administrator's authorization header. */
  admin: Record<string, string>;
  /** The console's address, when `listen` asked for a real port (streamed responses). */
  base: string;
}

/**
 * For a describe block: the sandbox's Kubernetes API and the console on it, started before
 * the block's tests and stopped after. `use` receives them once they run.
 */
export function consoleOnSandboxCluster(
  kind: DbKind,
  cluster: Omit<KubernetesApiOptions, "dataDir" | "quiet">,
  use: (c: ClusterConsole) => void,
  opts: { listen?: boolean } = {},
): void {
  let api: KubernetesApi | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    api = await startKubernetesApi({ dataDir: null, quiet: true, ...cluster });
    t = await makeApp(kind, {}, { sandbox: { urls: { kubernetes: api.url } } });
    const base = opts.listen ? await t.app.listen({ port: await freePort(), host: "127.0.0.1" }) : "";
    use({ api, t, admin: bearer(await adminToken(t.app)), base });
  });
  afterAll(async () => {
    await t?.close();
    await api?.stop();
  });
}
