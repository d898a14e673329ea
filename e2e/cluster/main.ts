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
