import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";

describe("closing (SIGTERM) with a request in flight", () => {
  let t: TestApp;
  let base: string;
  let token: string;
  // A client that keeps its connections open, as a browser does, until the server ends them.
  const agent = new http.Agent({ keepAlive: true });
  beforeAll(async () => {
    t = await makeApp("postgres");
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    token = await adminToken(t.app);
  });
  afterAll(async () => {
    agent.destroy();
    // Closed by the test already, unless it failed before.
    await t.close();
  });

  it("answers it, ends its connection and finishes closing", async () => {
    const payload = Buffer.from(
      JSON.stringify({ username: "in-flight", firstName: "In", password: "Drain-Temp-Pass-4x" }),
    );
    const req = http.request(`${base}/admin-api/api/v1/users`, {
      method: "POST",
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "content-length": payload.length,
      },
    });
    const socketClosed = new Promise<void>((resolve) => req.on("socket", (s) => s.on("close", () => resolve())));
    const answer = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      req.on("error", reject);
      req.on("response", (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      });
    });
    // Half the body is sent; a call on another connection answered after it means the
    // server has read that half: the request is in flight.
    await new Promise<void>((resolve) => req.write(payload.subarray(0, 10), () => resolve()));
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    const closed = t.app.close();
    req.end(payload.subarray(10));
    const res = await answer;
    expect(res.status, res.body).toBe(201);
    expect(res.connection).toBe("close");
    // The server ended the connection the client would have kept, so closing completes.
    await socketClosed;
    await closed;
    const { rows } = await t.testDb.db.query<{ username: string }>("SELECT username FROM users WHERE username = $1", [
      "in-flight",
    ]);
    expect(rows).toEqual([{ username: "in-flight" }]);
  });
});
