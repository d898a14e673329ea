import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { LINES_PER_WRITE, writeLines } from "../src/kubernetes/logs.js";

/** A reply that records what is written and what else ran on the event loop between two writes. */
function recordingReply(acceptsMore: (writes: number) => boolean) {
  const res = new EventEmitter() as EventEmitter & { write: (chunk: string) => boolean };
  const log: string[] = [];
  let writes = 0;
  res.write = (chunk: string) => {
    writes++;
    log.push(`write ${chunk.split("\n").length - 1}`);
    // Something else waiting on the event loop, queued while this piece is written.
    setImmediate(() => log.push("other work"));
    return acceptsMore(writes);
  };
  return { res: res as unknown as ServerResponse & EventEmitter, log };
}

describe("a pod log's tail", () => {
  const line = (n: number) => `line ${n}\n`;

  it("is written in pieces, the event loop serving other work between two", async () => {
    const { res, log } = recordingReply(() => true);
    await writeLines(res, 0, 5000, line, () => false);
    const pieces = log.filter((l) => l.startsWith("write"));
    expect(pieces).toHaveLength(Math.ceil(5000 / LINES_PER_WRITE));
    expect(pieces.every((p) => p === `write ${LINES_PER_WRITE}`)).toBe(true);
    // Each piece's queued work ran before the next piece was built.
    for (let i = 0; i < log.length - 1; i += 2) expect(log.slice(i, i + 2)).toEqual([pieces[i / 2], "other work"]);
  });

  it("waits for the reply to drain before the next piece, and stops when the caller leaves", async () => {
    const { res, log } = recordingReply(() => false);
    let left = false;
    const done = writeLines(res, 0, 5000, line, () => left);
    await new Promise((r) => setImmediate(r));
    expect(log.filter((l) => l.startsWith("write"))).toHaveLength(1);
    res.emit("drain");
    await new Promise((r) => setImmediate(r));
    expect(log.filter((l) => l.startsWith("write"))).toHaveLength(2);
    left = true;
    res.emit("close");
    await done;
    expect(log.filter((l) => l.startsWith("write"))).toHaveLength(2);
  });
});
