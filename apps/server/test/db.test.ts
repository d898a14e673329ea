import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DB_KINDS, openTestDb, type TestDb } from "./support/db.js";

const SQL = "SELECT n FROM generate_series(1, 20) n WHERE n % $1 = 0 ORDER BY n LIMIT $2";

describe.each(DB_KINDS)("queries run as prepared statements (%s)", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(() => t.drop());

  it("answer as the same text sent each time, whatever the values, past the generic-plan threshold", async () => {
    for (let run = 0; run < 8; run++) {
      const every = 2 + (run % 3);
      const plain = await t.db.query<{ n: number }>(SQL, [every, 4]);
      const prepared = await t.db.query<{ n: number }>(SQL, [every, 4], { prepare: true });
      expect(prepared.rows).toEqual(plain.rows);
      expect(prepared.rows.map((r) => r.n)).toEqual([1, 2, 3, 4].map((k) => k * every));
    }
  });

  it("keep a connection usable after a prepared statement fails", async () => {
    await expect(t.db.query(SQL, ["not a number", 4], { prepare: true })).rejects.toThrow();
    const again = await t.db.query<{ n: number }>(SQL, [5, 10], { prepare: true });
    expect(again.rows.map((r) => r.n)).toEqual([5, 10, 15, 20]);
  });
});

describe("prepared statements on PostgreSQL", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb("postgres");
  });
  afterAll(() => t.drop());

  it("are parsed once per connection and named after their text", async () => {
    const names = await t.db.tx(async (q) => {
      await q.query(SQL, [2, 3], { prepare: true });
      await q.query(SQL, [3, 3], { prepare: true });
      await q.query(SQL, [4, 3]);
      const { rows } = await q.query<{ name: string; statement: string }>(
        "SELECT name, statement FROM pg_prepared_statements",
      );
      return rows;
    });
    expect(names).toHaveLength(1);
    expect(names[0]!.name).toMatch(/^s_[\w-]{27}$/);
    expect(names[0]!.statement).toBe(SQL);
  });

  it("are planned for the values at hand each time, never with a generic plan", async () => {
    const mode = await t.db.query<{ plan_cache_mode: string }>("SHOW plan_cache_mode");
    expect(mode.rows[0]!.plan_cache_mode).toBe("force_custom_plan");
  });
});
