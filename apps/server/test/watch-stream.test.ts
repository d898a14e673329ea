import { describe, expect, it } from "vitest";
import { parseWatchLine } from "../src/modules/cluster/watch-stream.js";

/** Every line of a watch is checked before use; anything but a documented event ends the watch. */
describe("a watch line", () => {
  const pod = { kind: "Pod", metadata: { name: "web-1", namespace: "shop", resourceVersion: "42" } };

  it("is used when it is an added, modified or deleted object with a name", () => {
    for (const type of ["ADDED", "MODIFIED", "DELETED"])
      expect(parseWatchLine(JSON.stringify({ type, object: pod }))).toEqual({
        ok: true,
        change: { type, object: pod, resourceVersion: "42" },
        resourceVersion: "42",
      });
  });

  it("moves the version on at a bookmark without changing anything", () => {
    const bookmark = { type: "BOOKMARK", object: { kind: "Pod", metadata: { resourceVersion: "99" } } };
    expect(parseWatchLine(JSON.stringify(bookmark))).toEqual({ ok: true, change: null, resourceVersion: "99" });
  });

  it("ends the watch as expired on a 410 error event, and as failed on another error", () => {
    const expired = { type: "ERROR", object: { kind: "Status", code: 410, message: "too old resource version" } };
    expect(parseWatchLine(JSON.stringify(expired))).toEqual({ ok: false, end: { kind: "expired" } });
    const other = { type: "ERROR", object: { kind: "Status", code: 500, message: "etcd is down" } };
    expect(parseWatchLine(JSON.stringify(other))).toEqual({
      ok: false,
      end: { kind: "failed", reason: "the watch reported an error (etcd is down)" },
    });
  });

  it.each([
    [JSON.stringify({ kind: "PodList", metadata: {}, items: [pod] }), "a PodList, not a stream of events"],
    ["<html><body>Bad gateway</body></html>", "an HTML page"],
    ['{"type":"ADDED","object":{"metadata":{"name":"cut', "something that is not JSON"],
    [JSON.stringify([pod]), "something that is not an event"],
    [JSON.stringify({ type: "RENAMED", object: pod }), 'an event of unknown type "RENAMED"'],
    [
      JSON.stringify({ type: "ADDED", object: { kind: "Pod", metadata: {} } }),
      "an event about an object without a name",
    ],
    [JSON.stringify({ type: "ADDED", object: { metadata: { name: "x", namespace: 7 } } }), "an invalid namespace"],
    [JSON.stringify({ type: "ADDED", object: null }), "something that is not an event"],
  ])("is refused when it is %s", (line, why) => {
    const parsed = parseWatchLine(line);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.end).toEqual({
      kind: "malformed",
      reason: expect.stringContaining(why) as string,
    });
  });
});
