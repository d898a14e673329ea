import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggerOptions } from "../src/app.js";
import { trinoCompleted } from "./audit-payloads.js";
import { makeApp, type TestApp } from "./support/app.js";

const TOKEN = "request-log-ingest-token-4e7a1c";

describe("request log lines", () => {
  let t: TestApp;
  let webDir: string;
  const lines: Array<{ level: number; msg: string; url?: string; status?: number }> = [];
  beforeAll(async () => {
    // A built web app of two files: the page and one hashed asset.
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-log-web-"));
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Console</title>");
    fs.mkdirSync(path.join(webDir, "assets"));
    fs.writeFileSync(path.join(webDir, "assets", "index-3f2a.js"), "console.log(1);");
    t = await makeApp(
      "postgres",
      { TRINO_INGEST_TOKEN: TOKEN },
      {
        webDir,
        logger: { ...loggerOptions("debug"), stream: { write: (l: string) => void lines.push(JSON.parse(l)) } },
      },
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });
  const requestLine = (url: string) => lines.find((l) => l.msg === "request" && l.url === url);

  it("logs the web app's files and the health checks at debug, an API call at info on one line", async () => {
    const calls = [
      ["/assets/index-3f2a.js", 200],
      ["/home", 200],
      ["/healthz", 200],
      ["/readyz", 200],
      ["/admin-api/api/v1/menu/permissions", 401],
    ] as const;
    for (const [url, status] of calls) expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(status);
    expect(requestLine("/assets/index-3f2a.js")?.level).toBe(20);
    expect(requestLine("/home")?.level).toBe(20);
    expect(requestLine("/healthz")?.level).toBe(20);
    expect(requestLine("/readyz")?.level).toBe(20);
    const api = lines.filter((l) => l.url === "/admin-api/api/v1/menu/permissions");
    expect(api).toHaveLength(1);
    expect(api[0]).toMatchObject({ level: 30, msg: "request", status: 401 });
  });

  it("logs the audit feeds' ingest calls at debug, other calls at info", async () => {
    const ingest = await t.app.inject({
      method: "POST",
      url: "/admin-api/api/v1/ingest/trino",
      headers: { "content-type": "application/json", "X-Trino-Ingest-Token": TOKEN },
      payload: JSON.stringify(trinoCompleted("20260302_101530_00009_loglv")),
    });
    expect(ingest.statusCode).toBe(200);
    await t.app.inject({ method: "GET", url: "/admin-api/api/v1/users" });
    expect(requestLine("/admin-api/api/v1/ingest/trino")?.level).toBe(20);
    expect(requestLine("/admin-api/api/v1/users")).toMatchObject({ level: 30, status: 401 });
  });

  it("logs Trino's polling of the rules at debug while nothing is published, a refused poll at info", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/trino/rules.json?token=wrong-token" });
    expect(anonymous.statusCode).toBe(401);
    expect(lines.find((l) => l.msg === "request" && l.url === "/trino/rules.json" && l.status === 401)?.level).toBe(30);
    const token = t.generatedTrinoRulesToken;
    expect(token).toBeTruthy();
    const none = await t.app.inject({ method: "GET", url: `/trino/rules.json?token=${token}` });
    expect(none.statusCode).toBe(404);
    expect(lines.find((l) => l.msg === "request" && l.url === "/trino/rules.json" && l.status === 404)?.level).toBe(20);
  });
});
