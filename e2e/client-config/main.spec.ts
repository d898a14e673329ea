import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { CLIENT_TOOLS } from "@console/contracts";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest } from "../support/session.js";

const baseUrl = inject("baseUrl");

describe("client configuration guides", () => {
  let page: Page;
  adminPagePerTest(
    baseUrl,
    (p) => (page = p),
    async (p) => {
      await p.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
      await p.goto(`${baseUrl}/client-configuration`);
      await p.getByRole("heading", { name: "Client Configuration", level: 1 }).waitFor();
    },
  );

  const contents = () => page.getByRole("navigation", { name: "Guide contents" });
  const steps = () => page.getByTestId("guide-steps");

  it("opens on Python and lists every tool's introduction steps in its contents", async () => {
    expect(await page.getByRole("tab", { name: "Python" }).getAttribute("aria-selected")).toBe("true");
    for (const tool of CLIENT_TOOLS) {
      await page.getByRole("tab", { name: tool.label }).click();
      const title = "bannerTitle" in tool ? tool.bannerTitle : tool.label;
      await page.getByRole("heading", { name: title, level: 2 }).waitFor();
      expect(await steps().getByRole("heading", { level: 3 }).count()).toBe(tool.introSteps);
      expect(
        await contents()
          .getByRole("link", { name: /^\d+\. / })
          .count(),
      ).toBe(tool.introSteps);
      // Every tool but dbt ends with its configuration parameters.
      expect(await contents().getByRole("link", { name: "Configuration Parameters" }).count()).toBe(
        tool.key === "dbt" ? 0 : 1,
      );
      await screenshot(page, `client-config-${tool.key}`);
    }
  });

  it("masks the token until revealed and copies the real one", async () => {
    const tokenRow = page.getByRole("row").filter({ hasText: "Token" });
    expect(await tokenRow.innerText()).toContain("**********");
    await page.getByRole("button", { name: "Copy Token" }).click();
    await page.getByRole("button", { name: "Copy Token" }).getByText("Copied").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await tokenRow.innerText()).not.toContain(copied);

    await page.getByRole("button", { name: "Show token" }).click();
    expect(await tokenRow.innerText()).toContain(copied);
    await page.getByRole("button", { name: "Hide token" }).click();
    expect(await tokenRow.innerText()).not.toContain(copied);
    expect(await page.getByRole("row").filter({ hasText: "User" }).first().innerText()).toContain("admin");
  });

  it("shows the Python example in a drawer with the token masked, and copies it filled in", async () => {
    await page.getByRole("button", { name: "View code" }).click();
    const drawer = page.getByRole("dialog", { name: "Python example" });
    await drawer.waitFor();
    const code = await drawer.locator("code").innerText();
    expect(code).toContain('JWTAuthentication("**********")');
    expect(code).toContain('host="trino.trino.svc.cluster.local"');
    await drawer.getByRole("button", { name: "Copy code" }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/JWTAuthentication\("[\w-]+\.[\w-]+\.[\w-]+"\)/);
    await screenshot(page, "client-config-python-drawer");
  });

  it("switches between the internal and external query server", async () => {
    const hostRow = page.getByRole("row").filter({ hasText: "Host" });
    expect(await hostRow.innerText()).toContain("trino.trino.svc.cluster.local");
    await page.getByRole("radiogroup", { name: "Configuration" }).getByText("External").click();
    expect(await hostRow.innerText()).toContain("trino.example.com");
    expect(await page.getByRole("row").filter({ hasText: "URL" }).innerText()).toContain(
      "https://trino.example.com:443",
    );

    // Arrow: fixed port 8443 and its Flight SQL address.
    await page.getByRole("tab", { name: "Arrow" }).click();
    await page.getByRole("heading", { name: "Apache Arrow", level: 2 }).waitFor();
    expect(await page.getByRole("row").filter({ hasText: "Port" }).innerText()).toContain("8443");
    expect(await page.getByRole("row").filter({ hasText: "URL" }).innerText()).toContain(
      "grpc+tls://trino.trino.svc.cluster.local:8443",
    );
  });

  it("scrolls to a section from the contents and back to the top on another tool", async () => {
    await page.getByRole("tab", { name: "Superset" }).click();
    const params = steps().getByRole("heading", { name: "Configuration Parameters" });
    const inView = () =>
      params.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const area = el.closest("[data-testid=guide-steps]")!.getBoundingClientRect();
        return box.top >= area.top && box.bottom <= area.bottom;
      });
    expect(await inView()).toBe(false);
    await contents().getByRole("link", { name: "Configuration Parameters" }).click();
    await expect.poll(inView).toBe(true);
    expect(await steps().evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

    await page.getByRole("tab", { name: "Tableau" }).click();
    await page.getByRole("heading", { name: "Tableau", level: 2 }).waitFor();
    expect(await steps().evaluate((el) => el.scrollTop)).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/client-configuration");
    expect(new URL(page.url()).hash).toBe("");
  });
});
