import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggerOptions } from "../src/app.js";
import { trinoCompleted } from "./audit-payloads.js";
import { makeApp, type TestApp } from "./support/app.js";

const TOKEN = "request-log-ingest-token-4e7a1c";

describe("request log lines", () => {
  let t: TestApp;
  const lines: Array<{ level: number; msg: string; url?: string; status?: number }> = [];
  beforeAll(async () => {
    t = await makeApp(
      "postgres",
      { TRINO_INGEST_TOKEN: TOKEN },
      { logger: { ...loggerOptions("debug"), stream: { write: (l: string) => void lines.push(JSON.parse(l)) } } },
    );
  });
  afterAll(() => t.close());

  it("logs the audit feeds' ingest calls at debug, other calls at info", async () => {
    const ingest = await t.app.inject({
      method: "POST",
      url: "/admin-api/api/v1/ingest/trino",
      headers: { "content-type": "application/json", "X-Trino-Ingest-Token": TOKEN },
      payload: JSON.stringify(trinoCompleted("20260302_101530_00009_loglv")),
    });
    expect(ingest.statusCode).toBe(200);
    await t.app.inject({ method: "GET", url: "/admin-api/api/v1/users" });
    const request = (url: string) => lines.find((l) => l.msg === "request" && l.url === url);
    expect(request("/admin-api/api/v1/ingest/trino")?.level).toBe(20);
    expect(request("/admin-api/api/v1/users")).toMatchObject({ level: 30, status: 401 });
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
