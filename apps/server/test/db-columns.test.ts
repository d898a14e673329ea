import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColumnParam } from "../src/platform/db/index.js";
import { binaryArray } from "../src/platform/db/binary-array.js";
import { DB_KINDS, openTestDb, type TestDb } from "./support/db.js";

const COLUMNS = {
  text: ["plain", "", null, 'quote " and \\ backslash, {braces}, comma', "üñíçødé ✓ 𝄞", "NULL"],
  jsonb: ['{"a": [1, "x"]}', "[]", null, '"text"', '{"k": "é ✓", "n": null}', "1.5"],
  boolean: [true, false, null, true, false, true],
  float8: [0, -1.5, null, 1e-9, 0.1, 1.7976931348623157e308],
  int: [0, -2147483648, null, 2147483647, 200, 404],
  bigint: [0, -9007199254740991, null, 9007199254740991, 13309747, 1],
} as const;

const SQL = `SELECT t, j, b, f, i, n FROM unnest($1::text[], $2::jsonb[], $3::boolean[], $4::float8[], $5::int[], $6::bigint[])
               AS u(t, j, b, f, i, n)`;

describe.each(DB_KINDS)("a batch's columns as parameters (%s)", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(() => t.drop());

  it("arrive as the same values as plain arrays do, NULLs and quoting included", async () => {
    const plain = Object.values(COLUMNS).map((v) => [...v]);
    const columns = Object.entries(COLUMNS).map(([type, v]) => new ColumnParam(type, v));
    for (const prepare of [false, true]) {
      const a = await t.db.query(SQL, plain, { prepare });
      const b = await t.db.query(SQL, columns, { prepare });
      expect(b.rows).toEqual(a.rows);
      expect(b.rows).toHaveLength(6);
      expect(b.rows[4]).toMatchObject({ t: "üñíçødé ✓ 𝄞", j: { k: "é ✓", n: null }, i: 200 });
      expect(b.rows[2]).toEqual({ t: null, j: null, b: null, f: null, i: null, n: null });
    }
  });

  it("refuse a value out of its type's range as PostgreSQL does", async () => {
    const columns = (int: number) =>
      Object.entries(COLUMNS).map(([type, v]) => new ColumnParam(type, type === "int" ? [...v.slice(0, 5), int] : v));
    await expect(t.db.query(SQL, columns(2 ** 31))).rejects.toThrow(/out of range/);
  });
});

describe("a column in binary form", () => {
  it("is left to the text form where it has none: timestamps, fractions for integers, unknown types", () => {
    expect(binaryArray("timestamptz", ["2026-03-02T10:15:30.123456Z"])).toBeNull();
    expect(binaryArray("int", [1.5])).toBeNull();
    expect(binaryArray("bigint", [2 ** 60])).toBeNull();
    expect(binaryArray("text", [1])).toBeNull();
    expect(binaryArray("uuid", ["0d5a6c1e-8a35-4b0b-9e83-5c0f0c3f6a11"])).toBeNull();
    expect(binaryArray("text", ["a"])).toEqual(
      Buffer.from([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 25, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 97]),
    );
  });
});
