import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { startAuditFeeds, trinoCompletedEvent } from "@console/sandbox";
import { classifyTrinoEvent } from "../src/modules/audits/ingest-trino.js";
import { parseDenial } from "../src/modules/policies/denial-message.js";

const DAY = 86_400_000;

describe("the sandbox's Trino event feed", () => {
  const now = Date.now();
  const events = Array.from({ length: 3000 }, (_, n) => trinoCompletedEvent(new Date(now - n * 60_000), n));

  it("posts access denials in Trino's forms, with no inputs, that the console reads", () => {
    const denials = events.filter((e) => e.failureInfo?.errorCode.name === "PERMISSION_DENIED");
    expect(denials.length).toBeGreaterThan(100);
    const forms = new Set<string>();
    for (const e of denials) {
      expect(classifyTrinoEvent(e).kind).toBe("completed");
      expect(e.ioMetadata.inputs).toEqual([]);
      expect(e.failureInfo!.failureMessage).toMatch(/^Access Denied: /);
      const d = parseDenial(e.failureInfo!.failureMessage);
      expect(d, e.failureInfo!.failureMessage).not.toBeNull();
      forms.add(d!.action);
    }
    expect([...forms].sort()).toEqual(["access catalog", "select from columns", "select from table", "show tables"]);
  });

  it("posts multi-table queries with the columns each input read", () => {
    const joins = events.filter((e) => e.ioMetadata.inputs.length > 1);
    expect(joins.length).toBeGreaterThan(100);
    const pairs = new Set(joins.map((e) => e.ioMetadata.inputs.map((i) => i.table).join("+")));
    expect(pairs).toContain("orders+customers");
    for (const i of joins[0]!.ioMetadata.inputs) expect(i.columns.length).toBeGreaterThan(0);
  });

  it("sends 90 days of query history at first start, with fewer users active long ago", async () => {
    type Sent = { createTime: string; context: { user: string } };
    const times: number[] = [];
    const batches: number[] = [];
    const users = new Map<number, Set<string>>();
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        if (req.url?.endsWith("/ingest/trino")) {
          // History comes in arrays, live events one by one.
          const parsed = JSON.parse(body) as Sent | Sent[];
          if (Array.isArray(parsed)) batches.push(parsed.length);
          for (const e of [parsed].flat()) {
            const at = Date.parse(e.createTime);
            times.push(at);
            const week = Math.floor((Date.now() - at) / (7 * DAY));
            (users.get(week) ?? users.set(week, new Set()).get(week)!).add(e.context.user);
          }
        }
        res.end("{}");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const feeds = startAuditFeeds({ consoleUrl: url, tokens: { trino: "t" }, tickMs: 60_000 });
    try {
      // Oldest first, then the last day up to now.
      await expect
        .poll(() => (times.length ? Math.max(...times) : 0), { timeout: 120_000, interval: 500 })
        .toBeGreaterThan(Date.now() - 3_600_000);
    } finally {
      await feeds.stop();
      server.close();
    }
    expect(Math.min(...times)).toBeGreaterThan(Date.now() - 91 * DAY);
    expect(Math.min(...times)).toBeLessThan(Date.now() - 89 * DAY);
    // Sent in time order, so the insights' roll-up (from its last day on) sees every day.
    expect(times.slice(0, 100)).toEqual([...times.slice(0, 100)].sort((a, b) => a - b));
    expect(users.get(12)!.size).toBeLessThan(users.get(0)!.size);
    // Months of history in a few hundred requests, not one per query.
    expect(batches.length).toBeLessThan(times.length / 100);
  }, 180_000);
});
