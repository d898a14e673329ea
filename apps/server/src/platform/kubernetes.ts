import * as k8s from "@kubernetes/client-node";
import type { Config } from "../config.js";
import { HttpError, UpstreamError } from "./errors.js";
import { countExternalError } from "./metrics.js";

/** The Kubernetes API clients the console uses, all bound to one configured cluster. */
export interface KubeClients {
  /** "sandbox" when the API is the sandbox platform's simulator. */
  kind: "cluster" | "sandbox";
  /** The API server's address (shown to operators, never with credentials). */
  server: string;
  config: k8s.KubeConfig;
  core: k8s.CoreV1Api;
  apps: k8s.AppsV1Api;
  batch: k8s.BatchV1Api;
  discovery: k8s.DiscoveryV1Api;
  custom: k8s.CustomObjectsApi;
}

/**
 * Where the cluster is: a kubeconfig file (KUBECONFIG), the pod's service account
 * (KUBERNETES_IN_CLUSTER), or else the sandbox platform's API when it runs; null when
 * none of them is there.
 */
export function loadKubeConfig(
  config: Pick<Config, "KUBECONFIG" | "KUBERNETES_IN_CLUSTER" | "KUBERNETES_CONTEXT">,
  sandboxUrl: string | null,
): { kc: k8s.KubeConfig; kind: KubeClients["kind"] } | null {
  const kc = new k8s.KubeConfig();
  if (config.KUBERNETES_IN_CLUSTER) {
    kc.loadFromCluster();
    return { kc, kind: "cluster" };
  }
  if (config.KUBECONFIG) {
    kc.loadFromFile(config.KUBECONFIG);
    if (config.KUBERNETES_CONTEXT) kc.setCurrentContext(config.KUBERNETES_CONTEXT);
    if (!kc.getCurrentCluster()) throw new Error(`KUBECONFIG ${config.KUBECONFIG} names no current cluster`);
    return { kc, kind: "cluster" };
  }
  if (!sandboxUrl) return null;
  return { kc: sandboxKubeConfig(sandboxUrl), kind: "sandbox" };
}

/** A kubeconfig for the sandbox platform's API server (plain HTTP on loopback). */
export function sandboxKubeConfig(server: string, token = "sandbox"): k8s.KubeConfig {
  const kc = new k8s.KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: "sandbox", server, skipTLSVerify: true }],
    users: [{ name: "console", token }],
    contexts: [{ name: "sandbox", cluster: "sandbox", user: "console" }],
    currentContext: "sandbox",
  });
  return kc;
}

type ApiClass<T> = new (configuration: k8s.Configuration) => T;

function makeApi<T>(kc: k8s.KubeConfig, api: ApiClass<T>, timeoutMs: number): T {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error("The kubeconfig names no current cluster.");
  const configuration = k8s.createConfiguration({
    baseServer: new k8s.ServerConfiguration(cluster.server.replace(/\/+$/, ""), {}),
    authMethods: { default: kc },
    // Every call gives up after the timeout, so a hung API server never hangs a screen.
    promiseMiddleware: [
      {
        pre: async (ctx) => {
          ctx.setSignal(AbortSignal.timeout(timeoutMs));
          return ctx;
        },
        post: async (ctx) => ctx,
      },
    ],
  });
  return new api(configuration);
}

/** The clients for a cluster; reuse the result (it holds no connection of its own). */
export function kubeClients(kc: k8s.KubeConfig, kind: KubeClients["kind"], timeoutMs = 10_000): KubeClients {
  return {
    kind,
    server: kc.getCurrentCluster()!.server,
    config: kc,
    core: makeApi(kc, k8s.CoreV1Api, timeoutMs),
    apps: makeApi(kc, k8s.AppsV1Api, timeoutMs),
    batch: makeApi(kc, k8s.BatchV1Api, timeoutMs),
    discovery: makeApi(kc, k8s.DiscoveryV1Api, timeoutMs),
    custom: makeApi(kc, k8s.CustomObjectsApi, timeoutMs),
  };
}

/** The configured cluster's clients, or null when there is no cluster and no sandbox. */
export function configuredKubeClients(config: Config, sandboxUrl: string | null): KubeClients | null {
  const loaded = loadKubeConfig(config, sandboxUrl);
  return loaded ? kubeClients(loaded.kc, loaded.kind, config.KUBERNETES_TIMEOUT_MS) : null;
}

export const isApiException = (err: unknown): err is k8s.ApiException<unknown> => err instanceof k8s.ApiException;

/** HTTP status of a Kubernetes API answer, or null when the call got no answer. */
export function apiStatus(err: unknown): number | null {
  return isApiException(err) ? err.code : null;
}

/** The API server's own message for a failed call (its Status object), when it sent one. */
function apiMessage(err: k8s.ApiException<unknown>): string | null {
  const body = err.body;
  try {
    const parsed =
      typeof body === "string" ? (JSON.parse(body) as { message?: unknown }) : (body as { message?: unknown });
    return typeof parsed?.message === "string" ? parsed.message : null;
  } catch {
    return null;
  }
}

/**
 * Turns a failed Kubernetes call into the console's answer: 503 when the cluster cannot
 * be reached or refuses the console's credentials, 502 for other failures. HttpErrors
 * (already decided) pass through.
 */
export function clusterError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  countExternalError("kubernetes");
  if (isApiException(err)) {
    if (err.code === 401 || err.code === 403)
      return new UpstreamError(
        "The cluster",
        `it refused the console's credentials (HTTP ${err.code}${apiMessage(err) ? `: ${apiMessage(err)}` : ""}).`,
        503,
      );
    return new UpstreamError(
      "The cluster",
      `it answered HTTP ${err.code}${apiMessage(err) ? `: ${apiMessage(err)}` : ""}.`,
      502,
    );
  }
  const e = err as { name?: string; code?: string; type?: string; message?: string };
  if (e?.name === "AbortError" || e?.name === "TimeoutError" || e?.type === "aborted")
    return new UpstreamError("The cluster", "its API server did not answer in time.", 503);
  if (e?.code || e?.type === "system")
    return new UpstreamError(
      "The cluster",
      `its API server cannot be reached (${e.code ?? "connection failed"}).`,
      503,
    );
  return new UpstreamError("The cluster", `the call failed (${e?.message ?? "unknown error"}).`, 502);
}

/** Calls the cluster; any failure becomes the console's 502/503 answer. */
export async function inCluster<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw clusterError(err);
  }
}
