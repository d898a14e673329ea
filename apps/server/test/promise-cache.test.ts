import { afterEach, describe, expect, it, vi } from "vitest";
import { PromiseCache } from "../src/platform/promise-cache.js";

describe("PromiseCache", () => {
  afterEach(() => vi.useRealTimers());

  it("shares one read among the calls that ask while it is under way, and keeps it for its time", async () => {
    vi.useFakeTimers();
    const cache = new PromiseCache<number>(1000);
    let reads = 0;
    const load = async () => ++reads;
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.getOrLoad("k", load)));
    expect(answers).toEqual(Array(10).fill(1));
    vi.advanceTimersByTime(999);
    expect(await cache.getOrLoad("k", load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.getOrLoad("k", load)).toBe(2);
  });

  it("forgets a read that failed, so the next call reads again", async () => {
    const cache = new PromiseCache<string>(60_000);
    await expect(cache.getOrLoad("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    // The rejection handler that forgets it runs before the next call can look.
    await Promise.resolve();
    expect(cache.get("k")).toBeUndefined();
    expect(await cache.getOrLoad("k", async () => "up")).toBe("up");
  });

  it("does not let a failed read forget the newer answer kept after a clear", async () => {
    const cache = new PromiseCache<string>(60_000);
    let fail!: (e: Error) => void;
    const old = cache.set("k", new Promise<string>((_, reject) => (fail = reject)));
    cache.clear();
    const fresh = cache.set("k", Promise.resolve("new"));
    fail(new Error("late"));
    await expect(old).rejects.toThrow("late");
    expect(cache.get("k")).toBe(fresh);
  });

  it("starts again empty past its bound", async () => {
    const cache = new PromiseCache<number>(60_000, 2);
    cache.set("a", Promise.resolve(1));
    cache.set("b", Promise.resolve(2));
    cache.set("c", Promise.resolve(3));
    expect(cache.get("a")).toBeUndefined();
    expect(await cache.get("c")).toBe(3);
  });
});
