import { describe, expect, it } from "vitest";
import { MinioAuditEntry, minioRow, parseMinioEntry } from "../src/modules/audits/ingest-minio.js";
import { classifyTrinoEvent, TrinoCompletedEvent, trinoRow } from "../src/modules/audits/ingest-trino.js";
import { minioEntry, trinoCompleted } from "./audit-payloads.js";

/** Values a field is set to in turn: each kind a JSON value can be, and the edges of the limits. */
const REPLACEMENTS: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  2 ** 53,
  "",
  "x",
  "12.5",
  "1.5ms",
  "PT1M2.5S",
  "13309747ns",
  "2026-03-02T10:15:30Z",
  "2026-02-30T10:15:30Z",
  "2026-03-02T10:15:30+01:00",
  "2026-03-02 10:15:30",
  "a".repeat(17),
  "a".repeat(65),
  "a".repeat(129),
  "a".repeat(256),
  "a".repeat(1001),
  "a".repeat(2049),
  true,
  [],
  [1],
  {},
  { column: "a" },
];

/** Every path to a value in `v` (objects only; an array's items are left as they are). */
function paths(v: unknown, at: string[] = []): string[][] {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return at.length ? [at] : [];
  const out: string[][] = at.length ? [at] : [];
  for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

/** A copy of `v` with the value at `path` replaced (undefined: the key removed). */
function withValue(v: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(v) as Record<string, unknown>;
  let o = copy;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string, unknown>;
  if (value === undefined) delete o[path.at(-1)!];
  else o[path.at(-1)!] = value;
  return copy;
}

/** The entries tried: the sample itself and each of its fields set to each replacement. */
function variants(sample: unknown): unknown[] {
  const out: unknown[] = [sample];
  for (const p of paths(sample)) for (const r of REPLACEMENTS) out.push(withValue(sample, p, r));
  return out;
}

describe("the ingest's hand-written entry checks", () => {
  it("accept a Trino event exactly when its schema does, and store the same row", () => {
    const samples = [
      trinoCompleted("q1"),
      trinoCompleted("q2", { failed: true }),
      { ...trinoCompleted("q3"), statistics: { cpuTime: "1.5s", wallTime: "PT2S", queuedTime: null } },
      { ...trinoCompleted("q4"), createTime: 1772446530.5, endTime: 1772446532, executionStartTime: null },
    ];
    let accepted = 0;
    let refused = 0;
    for (const e of samples.flatMap(variants)) {
      const schema = TrinoCompletedEvent.safeParse(e);
      const got = classifyTrinoEvent(e);
      const what = JSON.stringify(e).slice(0, 300);
      if (got.kind === "ignored") continue; // statistics or metadata removed: not a completed event
      if (schema.success) {
        accepted++;
        expect(got.kind, what).toBe("completed");
        if (got.kind === "completed") expect(trinoRow(got.event), what).toEqual(trinoRow(schema.data));
      } else {
        refused++;
        expect(got.kind, what).toBe("invalid");
      }
    }
    // Both ways were tried many times.
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(500);
  });

  it("accept a MinIO entry exactly when its schema does, and store the same row", () => {
    const samples = [
      minioEntry("17A0000000000001"),
      { ...minioEntry("17A0000000000002"), time: "2026-03-02T10:20:00+02:00", parentUser: "carol" },
      { ...minioEntry("17A0000000000003"), api: { name: "GetObject", timeToResponseInNS: 1200 } },
    ];
    let accepted = 0;
    let refused = 0;
    for (const e of samples.flatMap(variants)) {
      const schema = MinioAuditEntry.safeParse(e);
      const got = parseMinioEntry(e);
      const what = JSON.stringify(e).slice(0, 300);
      if (schema.success) {
        accepted++;
        expect(got.ok, what).toBe(true);
        if (got.ok) expect(minioRow(got.entry), what).toEqual(minioRow(schema.data));
      } else {
        refused++;
        expect(got.ok, what).toBe(false);
      }
    }
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(300);
  });
});
