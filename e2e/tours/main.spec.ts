import type { Page } from "playwright-core";
import { describe, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { adminPagePerTest } from "../support/session.js";

const baseUrl = inject("baseUrl");

/** Each screen with a tour, the heading that says it is there, and its steps' first words. */
const SCREENS: Array<{ path: string; heading: RegExp; steps: string[] }> = [
  {
    path: "/home",
    heading: /./,
    steps: [
      "CPU, memory, pods",
      "Node health and every kind",
      "The cluster's nodes",
      "The platform components",
      "Show the issues",
    ],
  },
  {
    path: "/components",
    heading: /./,
    steps: ["Every platform component", "The chosen component's pods"],
  },
  {
    path: "/audits",
    heading: /Audits/,
    steps: ["Choose the part of the platform", "Each kind of event", "Whether the console's own audit trail"],
  },
  {
    path: "/policy-management",
    heading: /Polic/,
    steps: ["Create a policy", "Narrow the list", "Each policy with its priority"],
  },
];

describe("guided tours", () => {
  let page: Page;
  adminPagePerTest(baseUrl, (p) => (page = p));

  async function runTour(steps: string[], name: string) {
    await page.getByRole("button", { name: "Take a tour" }).click();
    for (const [i, words] of steps.entries()) {
      await page.getByText(words).first().waitFor();
      if (i === 0) await screenshot(page, `tour-${name}`);
      // The tour's own Next (a screen may have others, such as a carousel's): the last one on the page.
      if (i < steps.length - 1) await page.getByRole("button", { name: "Next" }).last().click();
    }
    await page.getByRole("button", { name: "Finish" }).click();
    await page.getByText(steps.at(-1)!).first().waitFor({ state: "hidden" });
  }

  for (const screen of SCREENS)
    it(`walks through the tour of ${screen.path}`, async () => {
      await page.goto(`${baseUrl}${screen.path}`);
      await page.getByRole("heading", { level: 1, name: screen.heading }).waitFor();
      await runTour(screen.steps, screen.path.slice(1));
    });

  it("walks through the tour of a host, reached from the home page's hosts", async () => {
    await page.goto(`${baseUrl}/home`);
    await page.getByRole("row", { name: /master-01/ }).click();
    await page.waitForURL(/\/hosts\/master-01$/);
    await page.getByRole("heading", { name: "master-01" }).waitFor();
    await runTour(["CPU and memory of this host", "What the host is", "The pods running here"], "host");
  });
});
