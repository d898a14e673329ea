import { describe, expect, it } from "vitest";
import { labelMatcher, Ring } from "../src/modules/cluster/history.js";

describe("usage history pieces", () => {
  it("keeps only the newest samples, oldest first", () => {
    const ring = new Ring(3);
    for (let at = 1; at <= 5; at++) ring.push({ at, cpu: at, memory: null });
    expect(ring.values().map((s) => s.at)).toEqual([3, 4, 5]);
    const short = new Ring(3);
    short.push({ at: 1, cpu: 1, memory: 1 });
    expect(short.values().map((s) => s.at)).toEqual([1]);
  });

  it("matches label selectors as the API server does", () => {
    const labels = { app: "trino", tier: "worker", "app.kubernetes.io/name": "trino" };
    expect(labelMatcher("app.kubernetes.io/name=trino")(labels)).toBe(true);
    expect(labelMatcher("app=trino,tier!=worker")(labels)).toBe(false);
    expect(labelMatcher("app==trino,tier in (worker, coordinator)")(labels)).toBe(true);
    expect(labelMatcher("tier notin (worker)")(labels)).toBe(false);
    expect(labelMatcher("app,!release")(labels)).toBe(true);
    expect(labelMatcher("release")(labels)).toBe(false);
  });
});
