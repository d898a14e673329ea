import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  KubeResources as R,
  startKubernetesApi,
  writeSandboxKubeconfig,
  type KubernetesApi,
} from "../src/kubernetes/index.js";
import { kubectl, parseTable, requireKubectl, type Kubectl } from "./kubectl-helpers.js";

/**
 * What the real kubectl is told it may do against the sandbox: `auth can-i` and `auth whoami`
 * answer from what the sandbox serves, and a write, exec or port-forward on an object that
 * exists is refused with a Status that says the sandbox is read-only.
 */
describe("kubectl's access questions and refused writes against the sandbox", () => {
  let dir: string;
  let api: KubernetesApi;
  let k: Kubectl;
  beforeAll(async () => {
    requireKubectl();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-kubectl-access-"));
    api = await startKubernetesApi({ dataDir: null, quiet: true, seed: 3 });
    k = kubectl(writeSandboxKubeconfig(path.join(dir, "sandbox.kubeconfig"), api.url), path.join(dir, "cache"));
  });
  afterAll(async () => {
    await api?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** kubectl's output and exit: a refusal exits non-zero, and what it printed is the point. */
  const attempt = (...args: string[]) =>
    k.run(...args).then(
      (out) => ({ ok: true, out }),
      (err: Error) => ({ ok: false, out: err.message }),
    );
  const pod = () => api.store.list(R.pods, "trino").find((p) => p.status.phase === "Running")!;

  it("tells who the caller is", async () => {
    const rows = parseTable(await k.run("auth", "whoami"));
    expect(Object.fromEntries(rows.map((r) => [r.ATTRIBUTE, r.VALUE]))).toEqual({
      Username: "system:anonymous",
      Groups: "[system:unauthenticated]",
    });
  });

  it("answers yes to the reads it serves and no, with the reason, to writes it does not", async () => {
    expect((await k.run("auth", "can-i", "get", "pods", "-n", "trino")).trim()).toBe("yes");
    expect((await k.run("auth", "can-i", "list", "sparkapplications.sparkoperator.k8s.io")).trim()).toBe("yes");
    expect((await k.run("auth", "can-i", "get", "pods", "--subresource=log")).trim()).toBe("yes");
    // The console manages secrets through the sandbox, so it takes their writes.
    expect((await k.run("auth", "can-i", "create", "secrets", "-n", "trino")).trim()).toBe("yes");
    const del = await attempt("auth", "can-i", "delete", "pods", "-n", "trino");
    expect(del.ok).toBe(false);
    expect(del.out).toContain(
      "no - the sandbox is read-only: delete on pods is not served (it serves get, list, watch)",
    );
    const exec = await attempt("auth", "can-i", "create", "pods", "--subresource=exec");
    expect(exec.ok).toBe(false);
    expect(exec.out).toContain("no - the sandbox does not serve pods/exec");
  });

  it("lists what the caller may do, as discovery lists the verbs", async () => {
    const rows = parseTable(await k.run("auth", "can-i", "--list"));
    const verbs = new Map(rows.map((r) => [r.Resources, r.Verbs]));
    expect(verbs.get("pods")).toBe("[get list watch]");
    expect(verbs.get("deployments.apps")).toBe("[get list watch]");
    expect(verbs.get("secrets")).toBe("[get list watch create update delete]");
    expect(verbs.get("sparkapplications.sparkoperator.k8s.io")).toBe("[get list watch delete]");
    expect(rows.some((r) => r["Non-Resource URLs"] === "[/version]" && r.Verbs === "[get]")).toBe(true);
  });

  it("refuses a write on an object that exists with MethodNotAllowed, saying the sandbox is read-only", async () => {
    const name = pod().metadata.name;
    const cases: Array<[string[], string]> = [
      [["delete", "pod", "-n", "trino", name], "delete on pods"],
      [["label", "pod", "-n", "trino", name, "team=data"], "patch on pods"],
      [["scale", "deployment", "-n", "trino", "--all", "--replicas=3"], "patch on deployments.apps/scale"],
      [["create", "namespace", "scratch"], "create on namespaces"],
    ];
    for (const [args, what] of cases) {
      const r = await attempt(...args);
      expect(r.ok).toBe(false);
      expect(r.out).toContain(`Error from server (MethodNotAllowed): the sandbox is read-only: ${what} is not served`);
    }
    expect(api.store.get(R.pods, "trino", name)?.metadata.labels?.team).toBeUndefined();
  });

  it("refuses exec and port-forward into a running pod, saying it runs no containers", async () => {
    const name = pod().metadata.name;
    const exec = await attempt("exec", "-n", "trino", name, "--", "ls");
    expect(exec.ok).toBe(false);
    expect(exec.out).toContain(
      "Error from server (Forbidden): the sandbox is read-only: exec into pods is not served (it runs no containers)",
    );
    const forward = await attempt("port-forward", "-n", "trino", name, "0:8080");
    expect(forward.ok).toBe(false);
    expect(forward.out).toContain(
      "the sandbox is read-only: port-forward into pods is not served (it runs no containers)",
    );
  });
});
