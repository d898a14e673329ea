import { describe, expect, it } from "vitest";
import { containsPattern, prefixPattern } from "../src/platform/db/like.js";
import { DB_KINDS, openTestDb } from "./support/db.js";

describe("LIKE patterns from what a person typed", () => {
  it("lower-case the text and escape LIKE's own wildcards and escape character", () => {
    expect(containsPattern("Sales_2024%")).toBe("%sales\\_2024\\%%");
    expect(prefixPattern("a\\b")).toBe("a\\\\b%");
  });

  it.each(DB_KINDS)(
    "match the typed characters literally in the database (%s)",
    async (kind) => {
      const t = await openTestDb(kind);
      try {
        const match = async (value: string, pattern: string) =>
          (await t.db.query<{ m: boolean }>("SELECT $1::text LIKE $2 AS m", [value, pattern])).rows[0]!.m;
        expect(await match("sales_2024%q1", containsPattern("S_2024%"))).toBe(true);
        expect(await match("salesx2024xq1", containsPattern("s_2024%"))).toBe(false);
        expect(await match("fin_ops", prefixPattern("fin_"))).toBe(true);
        expect(await match("finxops", prefixPattern("fin_"))).toBe(false);
        expect(await match("other fin_ops", prefixPattern("fin_"))).toBe(false);
      } finally {
        await t.drop();
      }
      // Opening a fresh database runs every migration, which takes longer than a plain test.
    },
    120_000,
  );
});
