import fs from "node:fs";
import path from "node:path";

/**
 * A kubeconfig for the sandbox's API server, so that kubectl (or any client) reads the
 * same simulated cluster as the console. The sandbox takes any caller, so the user has no
 * credentials; the context's namespace is kubectl's default one.
 */
export function sandboxKubeconfig(url: string): string {
  return [
    "# The sandbox platform's simulated Kubernetes API, rewritten at each start of the console.",
    "apiVersion: v1",
    "kind: Config",
    "clusters:",
    "  - name: sandbox",
    `    cluster: { server: ${JSON.stringify(url)} }`,
    "users:",
    "  - name: sandbox",
    "    user: {}",
    "contexts:",
    "  - name: sandbox",
    "    context: { cluster: sandbox, user: sandbox }",
    "current-context: sandbox",
    "",
  ].join("\n");
}

/** Writes the kubeconfig (owner-only, as kubectl expects of credentials files) and returns its path. */
export function writeSandboxKubeconfig(file: string, url: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, sandboxKubeconfig(url), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}
