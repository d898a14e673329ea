import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage } from "../support/browser.js";
import { startServer, type RunningServer } from "../support/server.js";
import { ADMIN_PASSWORD, signInAs } from "../support/session.js";

describe("the console on its embedded defaults", () => {
  let server: RunningServer;
  beforeAll(async () => {
    // No DATABASE_URL, no OIDC_ISSUER: embedded PostgreSQL and sign-in service.
    server = await startServer("embedded", {});
  });
  afterAll(() => server.stop());

  // A second embedded start migrates a new PGlite: slow on a busy machine, within startServer's own limit.
  it("stops cleanly on SIGTERM", { timeout: 250_000 }, async () => {
    const other = await startServer("embedded-stop", {});
    await other.stop();
    expect(other.process.exitCode).toBe(0);
  });

  it("starts on PGlite and signs the admin in", async () => {
    const ready = await (await fetch(`${server.url}/readyz`)).json();
    expect(ready).toEqual({ status: "ready", database: "pglite" });
    const browser = await launchBrowser();
    const { page } = await newPage(browser);
    await signInAs(page, server.url, "admin", ADMIN_PASSWORD);
    await page.getByRole("heading", { name: "Cluster overview" }).waitFor();
    // A new console holds only its defaults for Trino's other sections, coming after every policy.
    await page.goto(`${server.url}/policy-management`);
    const defaults = page.getByRole("row").filter({ hasText: "Everyone runs queries" });
    await defaults.getByRole("cell", { name: "Last", exact: true }).waitFor();
    await page.getByText("7 in total").waitFor();
    expect(await page.getByText("No policies match.").count()).toBe(0);
    await browser.close();
  });
});
