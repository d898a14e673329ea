import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest, apiToken } from "../support/session.js";

const baseUrl = inject("baseUrl");

describe("the merged log of a component's pods", () => {
  let page: Page;
  let pods: string[] = [];
  beforeAll(async () => {
    const token = await apiToken(baseUrl);
    const res = await fetch(`${baseUrl}/k8s-proxy/api/v1/components/trino/pods`, {
      headers: { authorization: `Bearer ${token}` },
    });
    pods = ((await res.json()) as { items: Array<{ name: string; status: string }> }).items
      .filter((p) => p.status === "Running")
      .map((p) => p.name);
    expect(pods.length).toBeGreaterThan(1);
  });
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("shows every pod's lines in one view, each labelled with its pod, in time order", async () => {
    await page.goto(`${baseUrl}/components/podlogs/trino/${pods[0]}`);
    const log = page.getByRole("log", { name: "Log lines" });
    await log
      .getByText(/\d{4}-\d\d-\d\dT/)
      .first()
      .waitFor();
    await page.getByRole("switch", { name: "All pods, merged" }).click();
    await log.getByText(`[${pods[1]}]`).first().waitFor();
    const rows = await log.locator("[style*='translateY']").allInnerTexts();
    const labelled = rows.map((r) => /^\[([^\]]+)\] (\S+)/.exec(r));
    expect(labelled.every((m) => m && pods.includes(m[1]!))).toBe(true);
    expect(new Set(labelled.map((m) => m![1])).size).toBeGreaterThan(1);
    const times = labelled.map((m) => m![2]!);
    expect([...times].sort()).toEqual(times);
    await screenshot(page, "pod-logs-merged");
  });
});
