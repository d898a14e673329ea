import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest, apiToken } from "../support/session.js";

const baseUrl = inject("baseUrl");

type Pod = { name: string; namespace: string; containers: string[]; restarts: number };

describe("a restarted pod's previous log", () => {
  let page: Page;
  let host = "";
  let pod: Pod | undefined;
  beforeAll(async () => {
    const token = await apiToken(baseUrl);
    const get = async <T>(path: string) => {
      const res = await fetch(`${baseUrl}/k8s-proxy/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, body: (await res.json()) as T };
    };
    // A pod of the sandbox that restarted and whose previous run Kubernetes kept.
    for (const node of (await get<{ items: Array<{ name: string }> }>("/nodes")).body.items) {
      for (const p of (await get<{ items: Pod[] }>(`/nodes/${node.name}/pods`)).body.items.filter(
        (x) => x.restarts > 0,
      )) {
        const q = `namespace=${p.namespace}&container=${p.containers[0]}&previous=true`;
        if ((await get(`/pods/${p.name}/logs?${q}`)).status === 200) {
          [host, pod] = [node.name, p];
          break;
        }
      }
      if (pod) break;
    }
    if (!pod) throw new Error("the sandbox has no restarted pod with a previous log");
  });
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("switches to the previous run's log, which ends with why it stopped", async () => {
    await page.goto(`${baseUrl}/hosts/podlogs/${host}/${pod!.name}`);
    const log = page.getByRole("log", { name: "Log lines" });
    await log
      .getByText(/INFO|WARN|ERROR|DEBUG/)
      .first()
      .waitFor();
    await page.getByRole("switch", { name: "Previous run" }).click();
    await log.getByText(/container stopped: \w+/).waitFor();
    await screenshot(page, "pod-logs-previous-run");
    await page.getByRole("switch", { name: "Previous run" }).click();
    await expect.poll(() => log.getByText(/container stopped:/).count()).toBe(0);
  });
});
