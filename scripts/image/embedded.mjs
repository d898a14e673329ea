// The image on its embedded PGlite database with a volume for /data: a user is created, a
// second creation is in flight when `podman stop` sends SIGTERM and still completes, the
// process exits 0, and a new container on the same volume finds both users.
import http from "node:http";
import { freePort, signIn } from "../bench/lib.mjs";
import { ADMIN_PASSWORD, RULES_TOKEN, api, checkConfinement, checkHealth, checkStop, sec } from "./checks.mjs";
import { createVolume, startContainer, stopContainer, waitForLog } from "./podman.mjs";

const TEMPORARY_PASSWORD = "Image-Temporary-Pass-7";
const newUser = (username) => ({ username, firstName: "Image", lastName: username, password: TEMPORARY_PASSWORD });

export async function embeddedChecks(report) {
  const volume = await createVolume("data");
  const port = await freePort();
  // No DATABASE_URL: PGlite in /data. The sandbox platform starts too (SANDBOX=auto, the
  // default), as for anyone trying the image out.
  const env = { PUBLIC_URL: `http://127.0.0.1:${port}`, ADMIN_PASSWORD, TRINO_RULES_TOKEN: RULES_TOKEN };
  let first = null;
  await report.check("PGlite: starts on an empty volume for /data and answers /readyz", async () => {
    first = await startContainer({ what: "pglite", port, env, volume });
    if (first.ready.database !== "pglite") throw new Error(`/readyz says ${JSON.stringify(first.ready)}`);
    report.figure("start to /readyz, PGlite (first start, empty volume)", sec(first.readyMs));
    return `in ${sec(first.readyMs)}; /readyz {"status":"ready","database":"pglite"}`;
  });
  if (!first) return;
  await report.check("PGlite: not root, read-only root file system", () => checkConfinement(first.name));
  await report.check("PGlite: the image's HEALTHCHECK", () => checkHealth(first.name));

  let token = null;
  await report.check("PGlite: a user is created", async () => {
    token = await signIn(first.url, "admin", ADMIN_PASSWORD);
    const created = await api(first.url, token, "POST", "/users", newUser("image-before-stop"));
    if (created.status !== 201)
      throw new Error(`POST /users answered ${created.status} ${JSON.stringify(created.body)}`);
    return "image-before-stop (201)";
  });

  await report.check("PGlite: podman stop (SIGTERM) drains a request in flight and exits 0 within 10 s", async () => {
    if (!token) throw new Error("no administrator token: signing in failed above");
    const inFlight = slowPost(`${first.url}/admin-api/api/v1/users`, token, newUser("image-in-flight"));
    // Half the request is on the wire. A call on another connection answered after that
    // means the server's event loop has read what was waiting, the half request with it.
    await inFlight.halfSent;
    if ((await fetch(`${first.url}/healthz`)).status !== 200) throw new Error("/healthz did not answer 200");
    const stopping = stopContainer(first.name);
    stopping.catch(() => {});
    await waitForLog(first.name, /"msg":"shutting down"/, 10_000);
    inFlight.finish();
    const answer = await inFlight.response;
    const { ms, exitCode } = await stopping.finally(inFlight.close);
    report.figure("stop, PGlite with a request in flight", sec(ms));
    if (answer.status !== 201)
      throw new Error(`the request in flight answered ${answer.status} ${answer.body.slice(0, 300)}`);
    if (exitCode !== 0) throw new Error(`exit code ${exitCode} after ${sec(ms)}`);
    if (ms >= 10_000) throw new Error(`took ${sec(ms)}`);
    return `the creation sent before SIGTERM and finished after it answered 201; exit code 0 in ${sec(ms)}`;
  });

  let second = null;
  await report.check("PGlite: started again on the same volume, nothing is lost", async () => {
    second = await startContainer({ what: "pglite-again", port, env, volume });
    report.figure("start to /readyz, PGlite (again, same volume)", sec(second.readyMs));
    const again = await signIn(second.url, "admin", ADMIN_PASSWORD);
    const found = await api(second.url, again, "GET", "/users?page=0&size=10&searchQuery=image-");
    const names = (found.body?.items ?? []).map((u) => u.username).sort();
    const expected = ["image-before-stop", "image-in-flight"];
    if (JSON.stringify(names) !== JSON.stringify(expected))
      throw new Error(`users found: ${JSON.stringify(names)} (${found.status}), expected ${JSON.stringify(expected)}`);
    return `ready in ${sec(second.readyMs)}; users ${expected.join(" and ")} are there`;
  });
  if (second) await report.check("PGlite: podman stop", () => checkStop(second.name, report, "PGlite"));
}

/**
 * A POST whose headers go at once and whose body waits for finish(): a request the server has
 * begun to receive and has not answered.
 */
function slowPost(url, token, body) {
  const payload = Buffer.from(JSON.stringify(body));
  // Its connection is kept open after the answer, as a browser keeps it, until the server ends it.
  const agent = new http.Agent({ keepAlive: true });
  const req = http.request(url, {
    method: "POST",
    agent,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "content-length": payload.length,
    },
  });
  const response = new Promise((resolve, reject) => {
    req.on("error", reject);
    req.on("response", (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode, body: text }));
      res.on("error", reject);
    });
  });
  response.catch(() => {});
  const half = Math.floor(payload.length / 2);
  const halfSent = new Promise((resolve, reject) => {
    req.on("error", reject);
    req.write(payload.subarray(0, half), () => resolve());
  });
  return { halfSent, response, finish: () => req.end(payload.subarray(half)), close: () => agent.destroy() };
}
