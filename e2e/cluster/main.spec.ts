import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "../support/browser.js";
import { startServer } from "../support/server.js";
import { ADMIN_PASSWORD, adminPagePerTest, signInAs } from "../support/session.js";
import { lineCount, unreachableKubeconfig } from "./main.js";

const baseUrl = inject("baseUrl");

describe("platform observability on the sandbox platform", () => {
  let page: Page;
  adminPagePerTest(baseUrl, (p) => (page = p));

  it("shows the sandbox's hosts and workloads on home, with the sandbox badge", async () => {
    await page.goto(`${baseUrl}/home`);
    await page.getByRole("heading", { name: "Cluster overview" }).waitFor();
    // The badge comes with the platform status, a request of its own.
    await page.getByText("Sandbox", { exact: true }).waitFor();
    const hosts = page.locator(".ant-card").filter({ has: page.getByText("Hosts", { exact: true }) });
    await hosts.getByRole("row", { name: /master-01/ }).waitFor();
    expect(await hosts.getByRole("row", { name: /worker-001/ }).count()).toBe(1);
    // Workload cards with their counts.
    const deployments = page.getByLabel("Deployments", { exact: true });
    await deployments.getByText("Running").waitFor();
    expect(Number(await deployments.locator("dd").last().textContent())).toBeGreaterThan(0);
    // The Masters tab keeps the control plane only.
    await page.getByRole("tab", { name: "Masters" }).click();
    await hosts.getByRole("row", { name: /worker-001/ }).waitFor({ state: "detached" });
    expect(await hosts.getByRole("row", { name: /master-01/ }).count()).toBe(1);
    await page.getByRole("button", { name: "View more" }).click();
    const events = page.locator(".ant-card").filter({ has: page.getByText("Events", { exact: true }) });
    await events
      .getByRole("row", { name: /Warning|Normal/ })
      .first()
      .waitFor();
    await screenshot(page, "home-overview");
  });

  it("opens a host from home, then a pod's logs from the host's pods", async () => {
    await page.goto(`${baseUrl}/home`);
    await page.getByRole("row", { name: /master-01/ }).click();
    await page.waitForURL(/\/hosts\/master-01$/);
    await page.getByRole("heading", { name: "master-01" }).waitFor();
    await page.getByText("Host details").waitFor();
    await page.getByText("Debian GNU/Linux 12 (bookworm)").waitFor();
    await screenshot(page, "host-details");
    await page.getByRole("link", { name: "etcd-master-01" }).click();
    await page.waitForURL(/\/hosts\/podlogs\/master-01\/etcd-master-01$/);
    const log = page.getByRole("log", { name: "Log lines" });
    await log
      .getByText(/\d{4}-\d\d-\d\dT/)
      .first()
      .waitFor();
    expect(await lineCount(page)).toBeGreaterThanOrEqual(200);
    await screenshot(page, "pod-logs");
  });

  it("follows the log: lines written after opening appear", async () => {
    await page.goto(`${baseUrl}/hosts/podlogs/master-01/kube-apiserver-master-01`);
    await page.getByText("Following").waitFor();
    await page.getByText(/^\d+ lines?$/).waitFor();
    const first = await lineCount(page);
    await page.waitForFunction(
      (n) => {
        const el = Array.from(document.querySelectorAll("span")).find((s) => /^\d+ lines?$/.test(s.textContent ?? ""));
        return Number(el?.textContent?.split(" ")[0]) > n;
      },
      first,
      { timeout: 15_000 },
    );
    expect(await lineCount(page)).toBeGreaterThan(first);
  });

  it("shows a component's pods, health and service, and opens a pod's logs", async () => {
    await page.goto(`${baseUrl}/components?component=trino`);
    await page.getByRole("heading", { name: "Trino" }).waitFor();
    await page.getByText("Healthy", { exact: true }).waitFor();
    const coordinator = page.getByRole("link", { name: /^trino-coordinator-/ });
    await coordinator.waitFor();
    expect(await page.getByRole("link", { name: /^trino-worker-/ }).count()).toBe(3);
    await page.getByText("LoadBalancer").waitFor();
    await page.getByRole("button", { name: "Copy token" }).waitFor();
    // The filter keeps the inactive cards only: the undeployed add-on is not among them, every deployed one is active.
    await page.getByRole("combobox", { name: "Show components" }).click();
    // Ant Design draws the visible options apart from its hidden accessible list.
    await page.locator('.ant-select-item-option[title="Inactive"]').click();
    await page.getByText("No component matches this filter.").waitFor();
    await screenshot(page, "components-trino");
    await coordinator.click();
    await page.waitForURL(/\/components\/podlogs\/trino\/trino-coordinator-/);
    await page
      .getByRole("log", { name: "Log lines" })
      .getByText(/\d{4}-\d\d-\d\dT/)
      .first()
      .waitFor();
    expect(await page.getByRole("link", { name: "Trino" }).count()).toBe(1);
  });

  it("deletes a selected Spark job and says so in a toast", async () => {
    await page.goto(`${baseUrl}/components?component=spark-jobs`);
    await page.getByRole("heading", { name: "Spark Jobs" }).waitFor();
    const row = page.getByRole("row", { name: /orders-compaction/ });
    await row.waitFor();
    // Search narrows the list to the job; the header checkbox would select the whole page.
    await page.getByRole("textbox", { name: "Search jobs by name" }).fill("ORDERS");
    await page.getByRole("row", { name: /daily-sales-etl/ }).waitFor({ state: "detached" });
    await page.getByRole("checkbox", { name: "Select orders-compaction" }).check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    await page.getByRole("dialog").getByText("These jobs will be deleted: orders-compaction").waitFor();
    await screenshot(page, "spark-jobs-delete");
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Jobs deleted: orders-compaction").waitFor();
    await row.waitFor({ state: "detached" });
    expect(await page.getByRole("button", { name: "Delete all" }).isDisabled()).toBe(true);
  });

  it("highlights the searched word in the log, whatever its case", async () => {
    await page.goto(`${baseUrl}/hosts/podlogs/master-01/etcd-master-01`);
    const log = page.getByRole("log", { name: "Log lines" });
    await log.getByText(/INFO/).first().waitFor();
    await page.getByRole("textbox", { name: "Search the log" }).fill("info");
    const marks = log.locator("mark");
    await marks.first().waitFor();
    expect(await marks.first().textContent()).toBe("INFO");
    await screenshot(page, "pod-logs-search");
  });
});

describe("a cluster that cannot be reached", () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer("cluster-down", {
      KUBECONFIG: await unreachableKubeconfig(),
      KUBERNETES_TIMEOUT_MS: "2000",
    });
  });
  afterAll(async () => {
    await browser.close();
    await server.stop();
  });

  it("shows the cluster's error on home instead of an empty picture", async () => {
    const { page } = await newPage(browser);
    await signInAs(page, server.url, "admin", ADMIN_PASSWORD);
    await page.goto(`${server.url}/home`);
    const alert = page.getByRole("alert").filter({ hasText: "The cluster cannot be read" });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/its API server cannot be reached/);
    expect(await page.getByText("Sandbox", { exact: true }).count()).toBe(0);
    await screenshot(page, "home-cluster-unreachable");
    await page.context().close();
  });
});
