import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPath, connectorRoutes } from "@console/contracts";
import { ADMIN_GROUP } from "../src/platform/bootstrap.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { API, assignComponent, auditRows, caller, DB_PASSWORD, form, startWorker } from "./connectors-support.js";

const routes = Object.values(connectorRoutes);
/** Each connector route's path with a real name, and a body it accepts. */
const requestOf = (r: (typeof routes)[number], name = "orders-cdc") => ({
  method: r.method as "GET" | "POST" | "PUT" | "DELETE",
  url: buildPath(r.path, { name, status: "pause" }),
  body: r === connectorRoutes.revealSecret ? { key: "database.password" } : "body" in r ? form({ name }) : undefined,
});

describe.each(DB_KINDS)("connectors need the debezium component (%s)", (kind) => {
  let t: TestApp;
  let worker: Awaited<ReturnType<typeof startWorker>>;

  beforeAll(async () => {
    worker = await startWorker();
    t = await makeApp(kind, {}, { sandbox: { urls: { connect: worker.url } } });
    const db = t.testDb.db;
    // Both hold the components menu (and so home); only carla holds the component.
    for (const u of ["mona", "carla"]) {
      await seedUser(db, u);
      await assignMenus(db, u, ["components"]);
    }
    await assignComponent(db, "carla", "debezium");
    await t.services.bus.publish("access");
    const admin = caller(t.app, await adminToken(t.app));
    expect((await admin("POST", API, form())).status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await worker.stop();
  });

  it("refuses every connector route to a user with the menu but not the component, naming it", async () => {
    const mona = caller(t.app, await tokenFor(t.app, "mona", USER_PASSWORD));
    // What a refused call could change: the connectors, their configs and their target state
    // (the worker moves a new connector from UNASSIGNED to RUNNING on its own).
    const declared = () => JSON.stringify(worker.store.all().map((c) => [c.name, c.config, c.target]));
    const before = declared();
    const auditsBefore = (await auditRows(t.testDb.db)).length;
    expect(routes).toHaveLength(10);
    for (const r of routes) {
      const req = requestOf(r);
      const res = await mona(req.method, req.url, req.body);
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
      expect(res.body, `${r.method} ${r.path}`).toEqual({
        error: "You are not authorized to do this: it needs the debezium component.",
        error_description: "component debezium is required",
      });
    }
    expect((await mona("POST", API, form({ name: "sneaky" }))).status).toBe(403);
    expect(declared()).toBe(before);
    expect(await auditRows(t.testDb.db)).toHaveLength(auditsBefore);
    // The menu alone still opens the rest of the components screen.
    expect((await mona("GET", "/admin-api/api/v1/componentList")).status).toBe(200);
  });

  it("lets a user holding the component do everything, and audits the reveal under their name", async () => {
    const carla = caller(t.app, await tokenFor(t.app, "carla", USER_PASSWORD));
    expect((await carla("GET", API)).body).toMatchObject({ total: 1 });
    expect((await carla("GET", `${API}/orders-cdc`)).status).toBe(200);
    expect((await carla("GET", "/admin-api/api/v1/connector-plugins")).status).toBe(200);
    expect((await carla("POST", `${API}/carla-cdc/validate`, form({ name: "carla-cdc" }))).status).toBe(200);
    expect((await carla("POST", API, form({ name: "carla-cdc" }))).status).toBe(201);
    expect((await carla("PUT", `${API}/carla-cdc/pause`)).status).toBe(202);
    expect((await carla("PUT", `${API}/carla-cdc/resume`)).status).toBe(202);
    expect((await carla("POST", `${API}/carla-cdc/restart`)).status).toBe(202);
    expect(await carla("POST", `${API}/carla-cdc/secret`, { key: "database.password" })).toMatchObject({
      status: 200,
      body: { value: DB_PASSWORD },
    });
    expect((await carla("DELETE", `${API}/carla-cdc`)).status).toBe(204);
    const reveals = await auditRows(t.testDb.db, "Reveal Connector Secret");
    expect(reveals.map((r) => [r.username, r.subject_name, r.status, r.details])).toEqual([
      ["carla", "carla-cdc", "success", { key: "database.password" }],
    ]);
  });

  it("gives the administrator the component from the first start", async () => {
    expect(await t.services.access.componentsFor({ username: "admin", groups: [ADMIN_GROUP] })).toContain("debezium");
    const call = caller(t.app, await adminToken(t.app));
    expect((await call("GET", API)).status).toBe(200);
  });

  it("says in the API description that each connector route needs the component", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    for (const r of routes) {
      const path = r.path.replace(/:([A-Za-z_]+)/g, "{$1}");
      expect(doc.paths[path]?.[r.method.toLowerCase()]?.description, `${r.method} ${path}`).toBe(
        "Needs the `home` or `components` menu and the `debezium` component.",
      );
    }
  });

  it("takes the component away on the next request once it is withdrawn", async () => {
    await t.testDb.db.query(
      `DELETE FROM component_users WHERE user_id = (SELECT id FROM users WHERE username = 'carla')`,
    );
    await t.services.bus.publish("access");
    const carla = caller(t.app, await tokenFor(t.app, "carla", USER_PASSWORD));
    expect((await carla("GET", API)).status).toBe(403);
  });
});

/** A stand-in worker that records every request it gets and answers an empty list. */
async function recordingWorker() {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.setHeader("content-type", "application/json");
    res.end(req.url === "/connector-plugins" ? "[]" : "{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe.each(DB_KINDS)("connector names in paths (%s)", (kind) => {
  let t: TestApp;
  let worker: Awaited<ReturnType<typeof recordingWorker>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    worker = await recordingWorker();
    t = await makeApp(kind, {}, { sandbox: { urls: { connect: worker.url } } });
    call = caller(t.app, await adminToken(t.app));
  });
  afterAll(async () => {
    await t.close();
    await worker.close();
  });

  // Encoded for the path. Dot segments, plain or encoded, are resolved by the in-process
  // injector before the router sees them, so they are sent raw over HTTP below.
  const BAD: Array<[string, string]> = [
    ["a%2Fb", "must not contain /"],
    ["%2F", "must not contain /"],
    ["a%01b", "must not contain control characters"],
    ["a%7Fb", "must not contain control characters"],
  ];

  it("answers 400 naming the field on every route with a name, and the worker hears nothing", async () => {
    const named = Object.values(connectorRoutes).filter((r) => r.path.includes(":name"));
    expect(named).toHaveLength(6);
    for (const r of named)
      for (const [name, message] of BAD) {
        const url = r.path.replace(":name", name).replace(":status", "pause");
        const body = requestOf(r).body;
        const res = await call(r.method as "GET", url, body);
        expect(res.status, `${r.method} ${url}`).toBe(400);
        expect(res.body, `${r.method} ${url}`).toMatchObject({
          field: "params.name",
          error: `params.name: ${message}`,
        });
      }
    expect(worker.seen).toEqual([]);
  });

  it("answers 400 to a literal . or .. sent as is over HTTP", async () => {
    const url = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const token = await adminToken(t.app);
    const raw = (method: string, path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        // http.request sends the path unresolved, as `curl --path-as-is` would.
        const req = http.request(`${url}/`, { method, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on("error", reject);
        req.end();
      });
    for (const [method, path] of [
      ["GET", `${API}/..`],
      ["GET", `${API}/.`],
      ["GET", `${API}/%2e%2e`],
      ["GET", `${API}/%2E`],
      ["DELETE", `${API}/..`],
      ["DELETE", `${API}/%2e%2e`],
      ["PUT", `${API}/../pause`],
      ["PUT", `${API}/%2e%2e/resume`],
      ["POST", `${API}/../restart`],
      ["POST", `${API}/%2E%2E/secret`],
    ] as const) {
      const res = await raw(method, path);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(JSON.parse(res.body), `${method} ${path}`).toMatchObject({
        field: "params.name",
        error: "params.name: must not be . or ..",
      });
    }
    expect(worker.seen).toEqual([]);
  });

  it("still passes a sound name, spaces and dots inside it included, to the worker encoded", async () => {
    await call("GET", `${API}/legacy%20one.v2`);
    expect(worker.seen).toContain("GET /connectors/legacy%20one.v2");
  });
});
