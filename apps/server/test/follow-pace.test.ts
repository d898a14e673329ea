import { PassThrough } from "node:stream";
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { eventSink, FollowSlots, Pacer, SLICE_CHARS } from "../src/modules/cluster/follow-stream.js";

describe("Pacer (one user's follows share a pace)", () => {
  it("lets a burst through at once, then asks to wait as long as the rate needs", () => {
    let now = 0;
    const p = new Pacer(1000, 500, () => now);
    expect(p.take(300)).toBe(0);
    expect(p.take(200)).toBe(0);
    // 100 bytes over the bucket at 1,000 bytes a second: 100 ms.
    expect(p.take(100)).toBe(100);
    now += 100;
    // The debt is paid; the next 50 bytes are 50 ms more.
    expect(p.take(50)).toBe(50);
    // Unused time refills the bucket up to the burst, no further.
    now += 10_000;
    expect(p.take(500)).toBe(0);
    expect(p.take(1)).toBe(1);
  });

  it("gives one user's follows one pace while they hold a slot, and a new one after the last closes", () => {
    const slots = new FollowSlots(8, { bytesPerSecond: 1000, burstBytes: 100 });
    const a = slots.take("ann");
    const b = slots.take("ann");
    const pace = slots.pacer("ann");
    expect(slots.pacer("ann")).toBe(pace);
    expect(slots.pacer("bob")).not.toBe(pace);
    expect(pace.take(100)).toBe(0);
    // The second follow reads from the same bucket: it is empty.
    expect(slots.pacer("ann").take(100)).toBeGreaterThan(0);
    a();
    expect(slots.pacer("ann")).toBe(pace);
    b();
    const fresh = slots.pacer("ann");
    expect(fresh).not.toBe(pace);
    expect(fresh.take(100)).toBe(0);
  });
});

describe("eventSink with a pace", () => {
  it("writes each chunk's lines at once and takes the next chunk only when the pace allows", async () => {
    const out = new PassThrough();
    const written: string[] = [];
    out.on("data", (c: Buffer) => written.push(c.toString()));
    // A clock that stands still: each wait is the debt alone.
    const pacer = new Pacer(1000, 100, () => 0);
    const sink = eventSink(out as unknown as ServerResponse, null, pacer);
    const line = (i: number) => `2026-11-27T00:00:0${i}.000Z line ${i}\n`;
    const taken: number[] = [];
    // The first chunk spends more than the burst: the next write waits for the pace.
    const first = line(1).repeat(4);
    sink.write(first, () => taken.push(1));
    sink.write(line(2), () => taken.push(2));
    await new Promise((r) => setImmediate(r));
    expect(written.join("")).toContain('data: "line 1"');
    expect(taken).toEqual([]);
    // The wait is real time (setTimeout): the debt of the first chunk at 1,000 bytes a second.
    const waitMs = Math.ceil(((first.length - 100) * 1000) / 1000);
    await new Promise((r) => setTimeout(r, waitMs + 20));
    expect(taken[0]).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(written.join("")).toContain('data: "line 2"');
    expect(taken).toEqual([1, 2]);
  });
});

describe("eventSink takes a long chunk in slices", () => {
  /** A reply that takes everything at once and records each write. */
  const reply = () => {
    const writes: string[] = [];
    const res = { writableEnded: false, write: (s: string) => (writes.push(s), true), once: () => res };
    return { res, writes };
  };
  const lines = (n: number) =>
    Array.from({ length: n }, (_, i) => `2026-11-27T00:00:00.${String(i).padStart(3, "0")}Z line ${i}\n`).join("");
  const turn = () => new Promise((r) => setImmediate(r));
  const events = (writes: string[]) => writes.join("").split("\n\n").filter(Boolean);

  it("encodes one slice a turn of the event loop, every line in order, then takes the next chunk", async () => {
    const { res, writes } = reply();
    const sink = eventSink(res as unknown as ServerResponse, null);
    const chunk = lines(1000);
    expect(chunk.length).toBeGreaterThan(2 * SLICE_CHARS);
    let taken = 0;
    sink.write(chunk, () => taken++);
    // The first slice only, before anything else may run.
    const first = events(writes).length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(1000);
    expect(writes.join("").length).toBeLessThan(2 * SLICE_CHARS);
    for (let i = 0; i < 20 && taken === 0; i++) await turn();
    expect(taken).toBe(1);
    const all = events(writes);
    expect(all).toHaveLength(1000);
    expect(all[0]).toBe('id: 2026-11-27T00:00:00.000Z\ndata: "line 0"');
    expect(all[999]).toBe('id: 2026-11-27T00:00:00.999Z\ndata: "line 999"');
  });

  it("stops encoding a chunk once the follow was closed, and still takes the next", async () => {
    const { res, writes } = reply();
    const sink = eventSink(res as unknown as ServerResponse, null);
    let taken = 0;
    sink.write(lines(1000), () => taken++);
    const sent = events(writes).length;
    res.writableEnded = true;
    for (let i = 0; i < 5 && taken === 0; i++) await turn();
    expect(taken).toBe(1);
    expect(events(writes)).toHaveLength(sent);
  });
});
