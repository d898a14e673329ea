import { describe, expect, it } from "vitest";
import type { TrinoRules } from "@console/contracts";
import { AccessIndex } from "../src/modules/policies/access-index.js";
import { engineOf } from "../src/modules/policies/engines.js";
import { rng } from "./reviews-support.js";

const users = Array.from({ length: 40 }, (_, i) => `user${i}`);
const groups = ["eng", "fin", "hr", "ops"];
const tables = [
  ["hive", "sales", "orders"],
  ["hive", "sales", "customers"],
  ["hive", "hr", "employees"],
  ["iceberg", "fin", "ledger"],
] as const;

/** Rules as the console compiles them (exact user names), with some written by hand (patterns, groups). */
function rules(handWritten: boolean): TrinoRules {
  const own = users.slice(0, 12).flatMap((u, i) => [
    {
      user: u,
      catalog: tables[i % 4]![0],
      schema: tables[i % 4]![1],
      table: tables[i % 4]![2],
      privileges: i % 3 ? ["SELECT"] : [],
    },
  ]);
  const extra = handWritten
    ? [
        { group: "fin|hr", catalog: "hive", schema: "hr", privileges: ["SELECT"] },
        { user: "user1.*", catalog: "iceberg", privileges: ["SELECT", "INSERT"] },
      ]
    : [{ group: "eng", catalog: "hive", schema: "sales", table: "orders", privileges: ["SELECT"] }];
  return {
    catalogs: [
      { user: "user3", catalog: "hive", allow: "none" },
      { catalog: "hive", allow: "read-only" },
      { catalog: "iceberg", allow: "all" },
    ],
    schemas: [],
    tables: [...own, ...extra, { catalog: "hive", schema: "sales", privileges: ["SELECT"] }],
  } as unknown as TrinoRules;
}

describe("deciding many users at once (the reverse view's AccessIndex)", () => {
  for (const handWritten of [false, true])
    it(`answers as the rules engine does for every user and table (${handWritten ? "with user patterns and groups" : "console rules"})`, () => {
      const r = rules(handWritten);
      const index = new AccessIndex(r);
      const engine = engineOf(r);
      const g = rng(7);
      let readers = 0;
      for (const user of users) {
        const subject = { user, groups: g.some(groups, g.int(3)) };
        for (const [c, s, t] of tables) {
          const shared = index.tableAccess(subject, c, s, t);
          const own = engine.tableAccess(subject, c, s, t);
          expect({ ...shared, columns: [...shared.columns] }, `${user} ${c}.${s}.${t}`).toEqual({
            ...own,
            columns: [...own.columns],
          });
          if (own.privileges.includes("SELECT")) readers++;
        }
      }
      expect(readers).toBeGreaterThan(0);
      expect(readers).toBeLessThan(users.length * tables.length);
    });
});
