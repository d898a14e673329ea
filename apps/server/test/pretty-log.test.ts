import { describe, expect, it } from "vitest";
import { prettyLine } from "../src/platform/pretty-log.js";

describe("terminal log lines", () => {
  it("writes a request record as one readable line", () => {
    const time = new Date(2026, 10, 24, 21, 41, 52).getTime();
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: "h",
      reqId: "r1",
      method: "GET",
      url: "/admin-api/api/v1/users",
      route: "/admin-api/api/v1/users",
      status: 200,
      ms: 3.1,
      user: "admin",
      msg: "request",
    });
    expect(prettyLine(line)).toBe(
      "21:41:52 INFO  request GET /admin-api/api/v1/users 200 3.1 ms route=/admin-api/api/v1/users user=admin\n",
    );
  });

  it("keeps other fields and passes a line that is not JSON through", () => {
    const time = new Date(2026, 10, 24, 8, 0, 1).getTime();
    expect(prettyLine(JSON.stringify({ level: 50, time, msg: "boom", err: { message: "x" } }))).toBe(
      '08:00:01 ERROR boom err={"message":"x"}\n',
    );
    expect(prettyLine("plain text")).toBe("plain text\n");
    // A duration outside a request record stays.
    expect(prettyLine(JSON.stringify({ level: 30, time, msg: "insights refreshed", ms: 812, days: 91 }))).toBe(
      "08:00:01 INFO  insights refreshed ms=812 days=91\n",
    );
  });
});
