import type { Page } from "playwright-core";
import { signLicence, todayUtc } from "../../apps/server/src/modules/licences/format.js";

/** A licence file signed with `privateKeyPem`, expiring in `days` days. */
export function licenceFile(privateKeyPem: string, serial: string, days: number, components = ["trino"]): string {
  return signLicence(
    {
      serialNumber: serial,
      customer: "E2E Ltd",
      issueDate: todayUtc(),
      expiryDate: todayUtc(new Date(Date.now() + days * 86_400_000)),
      components,
    },
    privateKeyPem,
  );
}

/** Opens the upload drawer, chooses the file, types the description and saves. */
export async function uploadLicence(page: Page, file: { name: string; text: string }, description = "") {
  await page.getByRole("button", { name: "Upload license" }).click();
  const drawer = page.getByRole("dialog", { name: "Upload license" });
  await drawer.locator("input[type=file]").setInputFiles({
    name: file.name,
    mimeType: "application/octet-stream",
    buffer: Buffer.from(file.text),
  });
  if (description) await drawer.getByLabel("Description").fill(description);
  await drawer.getByRole("button", { name: "Save" }).click();
  return drawer;
}

export const licenceRow = (page: Page, serial: string) => page.getByRole("row").filter({ hasText: serial });
