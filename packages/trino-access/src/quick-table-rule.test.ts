import { describe, expect, it } from "vitest";
import { quickTableRuleOk } from "./quick-table-rule.js";
import { TableRule } from "./schema.js";

const valid = {
  user: "ann|bob",
  group: "ops",
  catalog: "sales",
  schema: "crm_{user}",
  table: "customers",
  privileges: ["SELECT", "insert"],
  columns: [
    { name: "email", mask: "'***'", mask_environment: { user: "svc" } },
    { name: "ssn", allow: false },
  ],
  filter: "region = 'eu'",
  filter_environment: { user: "svc" },
};

/** Each a change to the valid rule; the quick check may refuse more than the schema, never less. */
const changes: Array<[string, (r: Record<string, unknown>) => void]> = [
  ["an unknown key", (r) => (r.colour = "red")],
  ["a misspelt filter", (r) => ((r.filters = r.filter), delete r.filter)],
  ["no privileges", (r) => delete r.privileges],
  ["null privileges", (r) => (r.privileges = null)],
  ["an unknown privilege", (r) => (r.privileges = ["READ"])],
  ["a privilege that is not a string", (r) => (r.privileges = [1])],
  ["privileges as a string", (r) => (r.privileges = "SELECT")],
  ["a bad user pattern", (r) => (r.user = "ann(")],
  ["a user pattern that is a number", (r) => (r.user = 3)],
  ["a bad table pattern", (r) => (r.table = "[")],
  ["a placeholder in the user pattern", (r) => (r.user = "{user}")],
  ["a filter that is a number", (r) => (r.filter = 1)],
  ["columns as an object", (r) => (r.columns = { name: "a" })],
  ["a column without a name", (r) => (r.columns = [{ mask: "1" }])],
  ["a column with a null name", (r) => (r.columns = [{ name: null }])],
  ["a repeated column", (r) => (r.columns = [{ name: "a" }, { name: "a" }])],
  [
    "a repeated column among many",
    (r) => (r.columns = [...Array.from({ length: 20 }, (_, i) => ({ name: `c${i}` })), { name: "c3" }]),
  ],
  ["many distinct columns", (r) => (r.columns = Array.from({ length: 20 }, (_, i) => ({ name: `c${i}` })))],
  ["a column's unknown key", (r) => (r.columns = [{ name: "a", masked: "1" }])],
  ["a column's allow as a string", (r) => (r.columns = [{ name: "a", allow: "false" }])],
  ["a column's mask as a number", (r) => (r.columns = [{ name: "a", mask: 1 }])],
  ["a mask environment with a role", (r) => (r.columns = [{ name: "a", mask_environment: { role: "x" } }])],
  ["a filter environment as a string", (r) => (r.filter_environment = "svc")],
  ["a filter environment's user as a number", (r) => (r.filter_environment = { user: 1 })],
  ["a rule that is a list", (r) => Object.setPrototypeOf(r, Array.prototype)],
  ["nulls, read as absent", (r) => ((r.user = null), (r.filter = null), (r.columns = [{ name: "a", mask: null }]))],
  ["only privileges", (r) => Object.keys(r).forEach((k) => k !== "privileges" && delete r[k])],
];

describe("quickTableRuleOk", () => {
  it("accepts a valid rule", () => {
    expect(TableRule.safeParse(valid).success).toBe(true);
    expect(quickTableRuleOk(valid)).toBe(true);
  });

  it.each(changes)("never accepts what the schema refuses: %s", (_what, change) => {
    const rule = structuredClone(valid) as Record<string, unknown>;
    change(rule);
    const schema = TableRule.safeParse(rule).success;
    if (quickTableRuleOk(rule)) expect(schema).toBe(true);
    // And the changes that stay valid are accepted quickly too (no needless slow path).
    else expect(schema).toBe(false);
  });

  it("reuses a verdict on a list that rules share, and only on that list", () => {
    const shared = new Map<unknown, boolean>();
    const badColumns = [{ name: "a", mask: 3 }];
    const goodColumns = [{ name: "a", mask: "NULL" }];
    const privileges = ["SELECT"];
    const rule = (columns: unknown) => ({ privileges, catalog: "hive", columns });
    expect(quickTableRuleOk(rule(goodColumns), shared)).toBe(true);
    expect(quickTableRuleOk(rule(badColumns), shared)).toBe(false);
    expect(quickTableRuleOk(rule(badColumns), shared)).toBe(false);
    expect(quickTableRuleOk(rule(goodColumns), shared)).toBe(true);
    // An equal list of its own is checked on its own.
    expect(quickTableRuleOk(rule([{ name: "a", mask: 3 }]), shared)).toBe(false);
    expect(quickTableRuleOk({ privileges: ["SELECT", "SHOUT"] }, shared)).toBe(false);
  });

  it("keeps a pattern's verdict apart for principals and for names", () => {
    // "{user}" is a placeholder in a table pattern and an illegal repetition in a user pattern:
    // the verdict kept for one must not answer for the other, in either order.
    expect(quickTableRuleOk({ privileges: [], table: "t_{user}" })).toBe(true);
    expect(quickTableRuleOk({ privileges: [], user: "t_{user}" })).toBe(false);
    expect(quickTableRuleOk({ privileges: [], group: "g_{user}" })).toBe(false);
    expect(quickTableRuleOk({ privileges: [], schema: "g_{user}" })).toBe(true);
  });

  it("refuses what is not an object", () => {
    for (const v of [null, 3, "rule", [], undefined]) expect(quickTableRuleOk(v)).toBe(false);
  });
});
