import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateVendorKeys } from "../../apps/server/src/modules/licences/format.js";
import { launchBrowser, newPage, screenshot } from "../support/browser.js";
import { startServer, type RunningServer } from "../support/server.js";
import { ADMIN_PASSWORD, confirmation, settled, signInAs } from "../support/session.js";
import { licenceFile, licenceRow, uploadLicence } from "./main.js";

const vendor = generateVendorKeys();

type Box = { x: number; y: number; width: number; height: number } | null;
/** Whether two drawn boxes share any pixel. */
function overlap(a: Box, b: Box): boolean {
  if (!a || !b) throw new Error("not drawn");
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
const otherVendor = generateVendorKeys();

describe("licences", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const alert = () => page.getByRole("alert").filter({ hasText: /License is/ });
  const uploadButton = () => page.getByRole("button", { name: "Upload license" });
  /** The components quick launch offers, by label. */
  const launchable = async () => {
    await page.getByRole("button", { name: "Quick launch" }).click();
    const search = page.getByRole("searchbox", { name: "Search components" });
    await search.waitFor();
    const items = page.getByRole("listitem").filter({ has: page.getByRole("button") });
    await items.first().or(page.getByText("No components to launch")).waitFor();
    const labels = (await items.allTextContents()).map((x) => x.trim());
    await page.keyboard.press("Escape");
    return labels;
  };

  beforeAll(async () => {
    // A console of its own: licensing is off on the suite's shared one.
    server = await startServer("licences", { LICENSING_ENABLED: "true", LICENSE_PUBLIC_KEY: vendor.publicKey });
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signInAs(page, server.url, "admin", ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the expired alert without a licence, and the expiring alert after uploading one", async () => {
    await alert().filter({ hasText: "License is expired. Please contact support to renew license." }).waitFor();
    // Unlicensed components leave quick launch.
    expect(await launchable()).not.toContain("Trino");
    await page.goto(`${server.url}/settings/licenses`);
    await page.getByRole("heading", { name: "Licenses" }).waitFor();
    await page.getByText("No data").waitFor();
    expect(await page.getByRole("navigation", { name: "Settings sections" }).getByText("Licenses").count()).toBe(1);

    const drawer = await uploadLicence(
      page,
      { name: "e2e.lic", text: licenceFile(vendor.privateKeyPem, "E2E-1", 10) },
      "Trial licence",
    );
    const installed = page.getByRole("status").filter({ hasText: /License E2E-1 for E2E Ltd is installed/ });
    await installed.waitFor();
    await drawer.waitFor({ state: "hidden" });
    // The message stays 5 s, beside the Upload license button, not over it.
    await settled(page);
    expect(overlap(await installed.boundingBox(), await uploadButton().boundingBox())).toBe(false);
    await alert()
      .filter({ hasText: "License is expiring in 10 days. Please contact support team to renew license." })
      .waitFor();
    const row = licenceRow(page, "E2E-1");
    await row.getByText("Active").waitFor();
    expect(await row.getByText("Trial licence").count()).toBe(1);
    await screenshot(page, "licences-history");
    // The licence names Trino only: Trino comes back to quick launch, Debezium stays out.
    const launch = await launchable();
    expect(launch).toContain("Trino");
    expect(launch).not.toContain("Debezium");
  });

  it("refuses a tampered file and a file signed by another vendor with a message at the file", async () => {
    await page.goto(`${server.url}/settings/licenses`);
    const tampered = licenceFile(vendor.privateKeyPem, "E2E-2", 300).replace("E2E Ltd", "Someone Else");
    let drawer = await uploadLicence(page, { name: "tampered.lic", text: tampered });
    await drawer
      .getByText("This licence file was altered after it was signed; ask the vendor for a fresh copy.")
      .waitFor();
    await screenshot(page, "licences-upload-refused");
    await drawer.getByRole("button", { name: "Cancel" }).click();

    drawer = await uploadLicence(page, {
      name: "foreign.license",
      text: licenceFile(otherVendor.privateKeyPem, "E2E-3", 300),
    });
    await drawer
      .getByText("This licence was signed by a different vendor key, so it is not valid for this console.")
      .waitFor();
    await drawer.getByRole("button", { name: "Cancel" }).click();
    expect(await licenceRow(page, "E2E-2").count()).toBe(0);
  });

  it("keeps Save disabled until a licence file is chosen, and refuses other file types", async () => {
    await page.goto(`${server.url}/settings/licenses`);
    await page.getByRole("button", { name: "Upload license" }).click();
    const drawer = page.getByRole("dialog", { name: "Upload license" });
    expect(await drawer.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await drawer.locator("input[type=file]").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await drawer.getByText("Choose a .lic or .license file.").waitFor();
    expect(await drawer.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await drawer.getByRole("button", { name: "Cancel" }).click();
  });

  it("replaces the licence with a longer one, and the alert goes away", async () => {
    await page.goto(`${server.url}/settings/licenses`);
    await uploadLicence(page, { name: "year.lic", text: licenceFile(vendor.privateKeyPem, "E2E-4", 365) });
    await licenceRow(page, "E2E-4").getByText("Active").waitFor();
    await licenceRow(page, "E2E-1").getByText("Inactive").waitFor();
    await alert().waitFor({ state: "detached" });
    expect(await alert().count()).toBe(0);
  });

  it("shows a licence's text in the view drawer", async () => {
    await page.goto(`${server.url}/settings/licenses`);
    await licenceRow(page, "E2E-4").getByRole("button", { name: "View license E2E-4" }).click();
    const drawer = page.getByRole("dialog", { name: "License E2E-4" });
    const text = drawer.getByLabel("Contents of year.lic");
    await text.waitFor();
    expect(await text.textContent()).toContain('"serialNumber": "E2E-4"');
    // Let the drawer finish sliding in before the picture.
    await page.waitForTimeout(400);
    await screenshot(page, "licences-view");
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
  });

  it("withdraws the licence in force after confirmation: its row stays, without actions, and the earlier one still valid returns", async () => {
    await page.goto(`${server.url}/settings/licenses`);
    await licenceRow(page, "E2E-4").getByRole("button", { name: "Delete license E2E-4" }).click();
    const confirm = await confirmation(page);
    await confirm.getByText(/License E2E-4 will be withdrawn/).waitFor();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    const deleted = page
      .getByRole("status")
      .filter({ hasText: /^License E2E-4 deleted\. License E2E-1 is in force again; it is valid until / });
    await deleted.waitFor();
    await settled(page);
    expect(overlap(await deleted.boundingBox(), await uploadButton().boundingBox())).toBe(false);
    const row = licenceRow(page, "E2E-4");
    await row.getByText("Deleted").waitFor();
    expect(await row.getByRole("button").count()).toBe(0);
    await licenceRow(page, "E2E-1").getByText("Active").waitFor();
    await alert().filter({ hasText: "License is expiring in 10 days." }).waitFor();
  });

  it("withdraws the last licence still valid: the alert says the licence is expired", async () => {
    await page.goto(`${server.url}/settings/licenses`);
    await licenceRow(page, "E2E-1").getByRole("button", { name: "Delete license E2E-1" }).click();
    const confirm = await confirmation(page);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /^License E2E-1 deleted\.$/ })
      .waitFor();
    await licenceRow(page, "E2E-1").getByText("Deleted").waitFor();
    await alert().filter({ hasText: "License is expired." }).waitFor();
  });
});
