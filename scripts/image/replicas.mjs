// The image on the machine's PostgreSQL (DATABASE_URL), as two replicas of one Deployment:
// both start together on an empty database; a browser signs in through one; a session ended
// there is refused by the other within 5 s; each stops cleanly.
import { freePort, tempDatabase } from "../bench/lib.mjs";
import { launchBrowser, newPage, screenshot } from "../../e2e/support/browser.ts";
import { ADMIN_PASSWORD, RULES_TOKEN, api, checkConfinement, checkHealth, checkStop, sec } from "./checks.mjs";
import { startContainer } from "./podman.mjs";

/** How soon a session ended on one replica must be refused on the other. */
const WITHIN_MS = 5000;

export async function replicaChecks(report) {
  const db = await tempDatabase("pc_image");
  try {
    const [portA, portB] = [await freePort(), await freePort()];
    // Behind a load balancer both replicas have one public address; here it is replica A's,
    // which the browser uses. Tokens name it as their issuer and audience on both.
    const env = {
      DATABASE_URL: db.url,
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      ADMIN_PASSWORD,
      TRINO_RULES_TOKEN: RULES_TOKEN,
      SANDBOX: "off",
    };
    // Started together, as a Deployment's pods are: migrations and keys are made once.
    const starting = [
      startContainer({ what: "replica-a", port: portA, env }),
      startContainer({ what: "replica-b", port: portB, env }),
    ];
    const settled = await Promise.allSettled(starting);
    const [a, b] = settled.map((s) => (s.status === "fulfilled" ? s.value : null));
    await report.check("PostgreSQL: two replicas start together on an empty database and answer /readyz", () => {
      const failed = settled.filter((s) => s.status === "rejected").map((s) => s.reason.message);
      if (failed.length) throw new Error(failed.join("\n"));
      for (const r of [a, b])
        if (r.ready.database !== "postgres") throw new Error(`/readyz says ${JSON.stringify(r.ready)}`);
      report.figure("start to /readyz, PostgreSQL replica A (empty database)", sec(a.readyMs));
      report.figure("start to /readyz, PostgreSQL replica B (empty database)", sec(b.readyMs));
      return `A in ${sec(a.readyMs)}, B in ${sec(b.readyMs)}; /readyz {"status":"ready","database":"postgres"}`;
    });
    if (!a || !b) return;

    await report.check("PostgreSQL: not root, read-only root file system", () => checkConfinement(a.name));
    await report.check("PostgreSQL: the image's HEALTHCHECK", () => checkHealth(a.name));
    await browserChecks(report, a, b);
    await report.check("PostgreSQL: podman stop of replica A", () => checkStop(a.name, report, "PostgreSQL replica A"));
    await report.check("PostgreSQL: podman stop of replica B", () => checkStop(b.name, report, "PostgreSQL replica B"));
  } finally {
    await db.drop();
  }
}

/**
 * A person signs in through replica A's web app; the token it gets works on B; they log out on
 * A; B refuses that token within 5 s. The token is the one the web app sends with its API calls.
 */
async function browserChecks(report, a, b) {
  let browser = null;
  let page = null;
  let bearer = null;
  try {
    const signedIn = await report.check(
      "PostgreSQL: the web app is served and a browser signs in through it",
      async () => {
        const index = await fetch(`${a.url}/`);
        const html = await index.text();
        if (index.status !== 200 || !html.includes('<div id="root">'))
          throw new Error(`GET / answered ${index.status} ${html.slice(0, 200)}`);
        browser = await launchBrowser();
        ({ page } = await newPage(browser));
        page.on("request", (req) => {
          const auth = req.headers().authorization;
          if (auth?.startsWith("Bearer ") && new URL(req.url()).pathname.startsWith("/admin-api/")) bearer = auth;
        });
        // Not signed in: the console sends the person to its sign-in page.
        await page.goto(`${a.url}/`);
        await page.getByLabel("Username").fill("admin");
        await page.getByLabel("Password").fill(ADMIN_PASSWORD);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.getByRole("heading", { name: "Cluster overview" }).waitFor();
        await page
          .getByRole("menu", { name: "Main menu" })
          .getByRole("menuitem", { name: "User Management" })
          .waitFor();
        await screenshot(page, "image-home");
        const path = new URL(page.url()).pathname;
        if (path !== "/home") throw new Error(`landed on ${path}`);
        if (!bearer) throw new Error("the web app made no API call with a token");
        return `landed on /home ("Cluster overview", the main menu); screenshots/image-home.png`;
      },
    );
    if (!signedIn) return;

    await report.check("PostgreSQL replicas: a session ended on A (Logout) is refused on B within 5 s", async () => {
      const before = await api(b.url, bearer, "GET", "/me");
      if (before.status !== 200) throw new Error(`B answered ${before.status} to A's token before the logout`);
      // The session ends when A answers the sign-out page's confirmation.
      const ended = page
        .waitForResponse((r) => new URL(r.url()).pathname === "/oidc/session/end/confirm", { timeout: 30_000 })
        .then(() => performance.now());
      await page.getByRole("button", { name: "User menu" }).click();
      await page.getByRole("button", { name: "Logout" }).click();
      const endedAt = await ended;
      let status;
      do {
        status = (await api(b.url, bearer, "GET", "/me")).status;
        if (status === 401) break;
        await new Promise((r) => setTimeout(r, 20));
      } while (performance.now() - endedAt < WITHIN_MS);
      const ms = performance.now() - endedAt;
      report.figure("a logout on A refused on B after", `${ms.toFixed(0)} ms`);
      if (status !== 401) throw new Error(`B still answered ${status} ${sec(ms)} after the logout`);
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      const onA = (await api(a.url, bearer, "GET", "/me")).status;
      if (onA !== 401) throw new Error(`A answered ${onA} after its own logout`);
      return `B accepted the token before (200) and refused it ${ms.toFixed(0)} ms after A ended the session (401); A refuses it too; the browser is back on the sign-in page`;
    });
  } finally {
    await browser?.close();
  }
}
