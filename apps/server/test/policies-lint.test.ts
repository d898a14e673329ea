import { describe, expect, it } from "vitest";
import { PolicyInput } from "@console/contracts";
import type { CompilePolicy } from "../src/modules/policies/entries.js";
import { columnsOf } from "../src/modules/policies/expression.js";
import { compilePolicies } from "../src/modules/policies/compile.js";
import { lintKinds, lintShadowed } from "../src/modules/policies/lint.js";

describe("the columns an expression names", () => {
  it.each([
    ["vip = true AND lower(email) LIKE '%x'", "filter", ["vip", "email"]],
    [`"We""ird" > 1 AND c.Region = 'vip'`, "filter", ['we"ird', "region"]],
    ["n IN (SELECT id FROM other)", "filter", ["n"]],
    ["CURRENT_DATE > d", "filter", ["d"]],
    ["CASE WHEN grade < 5 THEN 0 ELSE salary END", "mask", ["grade", "salary"]],
    ["CAST(NULL AS varchar)", "mask", []],
  ] as const)("%s (%s)", (expr, kind, expected) => {
    expect(columnsOf(expr, kind)?.sort()).toEqual([...expected].sort());
  });

  it("says nothing of an expression that does not parse", () => {
    expect(columnsOf("a = (", "filter")).toBeNull();
  });
});

let nextId = 1;
function policy(priority: number, over: Record<string, unknown>): CompilePolicy {
  const v = PolicyInput.parse({
    policyName: `p${nextId}`,
    category: "tables",
    catalogName: "hive",
    schemaName: ["sales"],
    tables: ["customers"],
    tablePrivileges: ["SELECT"],
    ...over,
  });
  return { ...v, id: nextId++, priority };
}
const filter = (value: string) => ({
  rowFilters: [{ table: "customers", columnName: "country", columnDataType: "char(2)", filterCondition: "=", value }],
});
const mask = (m: string) => ({
  columnDetails: [{ table: "customers", name: "email", columnDataType: "varchar", type: "predefine", mask: m }],
});
const members = new Map([
  ["analysts", ["alice", "carol"]],
  ["gulf", ["alice"]],
]);

describe("Sync's lint: restrictions that never apply", () => {
  it("warns about a filter and a mask behind earlier ones that cover all the same users", () => {
    const first = policy(1, { assignToGroups: ["analysts"], ...filter("AE"), ...mask("hash") });
    const later = policy(2, { assignToGroups: ["gulf"], ...filter("SA"), ...mask("nullify") });
    expect(lintShadowed([later, first], members).map((w) => [w.policyName, w.message])).toEqual([
      [
        later.policyName,
        `its row filter on hive.sales.customers never applies: policy "${first.policyName}" filters it first for all of its users`,
      ],
      [
        later.policyName,
        `its mask of email on hive.sales.customers never applies: policy "${first.policyName}" masks that column first for all of its users`,
      ],
    ]);
  });

  it("says nothing when the later policy reaches someone the earlier one does not", () => {
    const first = policy(1, { assignToGroups: ["gulf"], ...filter("AE") });
    const later = policy(2, { assignToGroups: ["analysts"], ...filter("SA") });
    expect(lintShadowed([first, later], members)).toEqual([]);
  });

  it("an everyone-wide filter of the whole schema shadows a later filter for a group", () => {
    const first = policy(1, { assignToUsers: [".*"], tables: [".*"], customRowFilter: "id > 0" });
    const later = policy(2, { assignToGroups: ["analysts"], ...filter("SA") });
    expect(lintShadowed([first, later], members).map((w) => w.policyName)).toEqual([later.policyName]);
  });

  it("warns about a grant behind a deny, whatever the priorities", () => {
    const grant = policy(1, { assignToUsers: ["alice"] });
    const deny = policy(9, {
      category: "catalog",
      schemaName: [],
      tables: [],
      tablePrivileges: [],
      config: { allow: "none", owner: false },
      assignToGroups: ["gulf"],
    });
    expect(lintShadowed([grant, deny], members).map((w) => w.message)).toEqual([
      `its grant on hive.sales.customers never applies: policy "${deny.policyName}" denies it to all of its users`,
    ]);
  });
});

describe("Sync's lint: rules-file policies that never decide", () => {
  const kind = (priority: number, category: string, over: Record<string, unknown>) =>
    policy(priority, {
      category,
      catalogName: "",
      schemaName: [],
      tables: [],
      tablePrivileges: [],
      assignToUsers: ["superset"],
      ...over,
    });

  it("names the earlier policy that always decides first", () => {
    const deny = kind(1, "impersonation", { access: { targetUsers: [".*"], allow: false } });
    const later = kind(2, "impersonation", { access: { targetUsers: ["alice"] } });
    const all = [deny, later];
    expect(lintKinds(all, members, compilePolicies(all, members)).map((w) => [w.policyName, w.message])).toEqual([
      [
        later.policyName,
        `it never decides for any of its users: policy "${deny.policyName}" decides first (impersonation policies are checked in priority order)`,
      ],
    ]);
  });

  it("says nothing of a policy that decides for some of its questions", () => {
    const bob = kind(1, "impersonation", { access: { targetUsers: ["bob"], allow: false } });
    const alice = kind(2, "impersonation", { access: { targetUsers: ["alice"] } });
    const all = [bob, alice];
    expect(lintKinds(all, members, compilePolicies(all, members))).toEqual([]);
  });
});
