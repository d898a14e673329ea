import { describe, expect, it } from "vitest";
import { PolicyInput } from "@console/contracts";
import { compilePolicies, type CompilePolicy } from "../src/modules/policies/compile.js";
import { evaluate } from "../src/modules/policies/evaluate.js";

/*
 * How grants, masks and row filters combine (docs/policies.md, "How restrictions combine"),
 * pinned down case by case: each case compiles its policies and asks, with Trino's first-match
 * semantics, what one user gets on hive.sales.customers.
 */

const EMAIL_HASH = 'to_hex(sha256(to_utf8("email")))';
const EMAIL_NULL = "CAST(NULL AS varchar)";
const AE = `("country" = 'AE')`;
const SA = `("country" = 'SA')`;

const members = new Map([
  ["analysts", ["alice", "carol"]],
  ["gulf", ["alice", "dave"]],
]);
const groupsOf = (user: string) => [...members].filter(([, m]) => m.includes(user)).map(([g]) => g);

type Over = Record<string, unknown>;
let nextId = 1;
function policy(priority: number, over: Over): CompilePolicy {
  const v = PolicyInput.parse({ policyName: `p${nextId}`, catalogName: "hive", ...over });
  return { ...v, id: nextId++, priority };
}
const customers = (priority: number, over: Over) =>
  policy(priority, {
    category: "tables",
    schemaName: ["sales"],
    tables: ["customers"],
    tablePrivileges: ["SELECT"],
    ...over,
  });
const filterCountry = (value: string) => [
  { table: "customers", columnName: "country", columnDataType: "char(2)", filterCondition: "=", value },
];
const maskEmail = (mask: string) => [
  { table: "customers", name: "email", columnDataType: "varchar", type: "predefine", mask },
];
const catalogGrant = (priority: number, over: Over) =>
  policy(priority, { category: "catalog", config: { allow: "all", owner: false }, ...over });

interface Case {
  name: string;
  user: string;
  policies: () => CompilePolicy[];
  privileges: string[];
  filter: string | null;
  email: string | null;
}

const cases: Case[] = [
  {
    name: "a catalog-wide grant keeps the group's row filter and mask; its writes, set with no filter, are left out",
    user: "alice",
    policies: () => [
      customers(1, { assignToGroups: ["analysts"], rowFilters: filterCountry("AE"), columnDetails: maskEmail("hash") }),
      catalogGrant(2, { assignToUsers: ["alice"] }),
    ],
    privileges: ["SELECT"],
    filter: AE,
    email: EMAIL_HASH,
  },
  {
    name: "a grant of higher priority than the restriction does not lift it either",
    user: "alice",
    policies: () => [
      catalogGrant(1, { assignToUsers: ["alice"] }),
      customers(2, { assignToGroups: ["analysts"], rowFilters: filterCountry("AE"), columnDetails: maskEmail("hash") }),
    ],
    privileges: ["SELECT"],
    filter: AE,
    email: EMAIL_HASH,
  },
  {
    name: "two groups with different filters: the policy of higher priority decides the rows",
    user: "alice",
    policies: () => [
      customers(3, { assignToGroups: ["gulf"], rowFilters: filterCountry("SA") }),
      customers(2, { assignToGroups: ["analysts"], rowFilters: filterCountry("AE") }),
    ],
    privileges: ["SELECT"],
    filter: AE,
    email: null,
  },
  {
    name: "two groups with different filters: a member of one group gets that group's",
    user: "dave",
    policies: () => [
      customers(3, { assignToGroups: ["gulf"], rowFilters: filterCountry("SA") }),
      customers(2, { assignToGroups: ["analysts"], rowFilters: filterCountry("AE") }),
    ],
    privileges: ["SELECT"],
    filter: SA,
    email: null,
  },
  {
    name: "a personal grant on the same table is no escape from the group's restriction, and its INSERT is left out",
    user: "carol",
    policies: () => [
      customers(1, { assignToUsers: ["carol"], tablePrivileges: ["SELECT", "INSERT"] }),
      customers(5, { assignToGroups: ["analysts"], rowFilters: filterCountry("AE"), columnDetails: maskEmail("hash") }),
    ],
    privileges: ["SELECT"],
    filter: AE,
    email: EMAIL_HASH,
  },
  {
    name: "everyone's restriction holds for a user with a personal grant of the whole schema",
    user: "bob",
    policies: () => [
      customers(4, { assignToUsers: [".*"], rowFilters: filterCountry("AE"), columnDetails: maskEmail("nullify") }),
      policy(1, { category: "schema", schemaName: ["sales"], config: { allow: "all" }, assignToUsers: ["bob"] }),
    ],
    privileges: ["SELECT"],
    filter: AE,
    email: EMAIL_NULL,
  },
  {
    name: "priority order: the first policy to mask a column and the first to filter decide, whatever the order written",
    user: "alice",
    policies: () => [
      customers(7, { assignToGroups: ["gulf"], rowFilters: filterCountry("SA"), columnDetails: maskEmail("nullify") }),
      customers(6, { assignToGroups: ["analysts"], rowFilters: filterCountry("AE"), columnDetails: maskEmail("hash") }),
    ],
    privileges: ["SELECT"],
    filter: AE,
    email: EMAIL_HASH,
  },
  // Writes: Trino filters the rows DELETE and UPDATE reach as it filters reads, so a write goes
  // only with the filter of a policy that grants it (docs/policies.md, "How restrictions combine").
  {
    name: "writes: a read policy's filter decides the rows, so another policy's DELETE and UPDATE are left out",
    user: "alice",
    policies: () => [
      customers(1, { assignToGroups: ["analysts"], rowFilters: filterCountry("AE") }),
      customers(2, {
        assignToGroups: ["gulf"],
        tablePrivileges: ["SELECT", "DELETE", "UPDATE"],
        rowFilters: filterCountry("SA"),
      }),
    ],
    privileges: ["SELECT"],
    filter: AE,
    email: null,
  },
  {
    name: "writes: when the write policy comes first its filter decides, and its writes stay with it",
    user: "alice",
    policies: () => [
      customers(2, { assignToGroups: ["analysts"], rowFilters: filterCountry("AE") }),
      customers(1, {
        assignToGroups: ["gulf"],
        tablePrivileges: ["SELECT", "DELETE", "UPDATE"],
        rowFilters: filterCountry("SA"),
      }),
    ],
    privileges: ["SELECT", "DELETE", "UPDATE"],
    filter: SA,
    email: null,
  },
  {
    name: "writes: a read policy and a write policy with the same filter keep both",
    user: "alice",
    policies: () => [
      customers(1, { assignToGroups: ["analysts"], rowFilters: filterCountry("AE") }),
      customers(2, {
        assignToGroups: ["gulf"],
        tablePrivileges: ["INSERT", "DELETE"],
        rowFilters: filterCountry("AE"),
      }),
    ],
    privileges: ["SELECT", "INSERT", "DELETE"],
    filter: AE,
    email: null,
  },
  {
    name: "writes: a filtered write policy keeps its writes beside a grant to everyone without a filter",
    user: "dave",
    policies: () => [
      customers(3, { assignToUsers: [".*"] }),
      customers(2, {
        assignToGroups: ["gulf"],
        tablePrivileges: ["SELECT", "UPDATE"],
        rowFilters: filterCountry("SA"),
      }),
    ],
    privileges: ["SELECT", "UPDATE"],
    filter: SA,
    email: null,
  },
  {
    name: "writes: a group's mask leaves out the writes of a personal grant that set no mask",
    user: "carol",
    policies: () => [
      customers(1, { assignToUsers: ["carol"], tablePrivileges: ["SELECT", "UPDATE"] }),
      customers(2, { assignToGroups: ["analysts"], columnDetails: maskEmail("hash") }),
    ],
    privileges: ["SELECT"],
    filter: null,
    email: EMAIL_HASH,
  },
  {
    name: "writes: with no filter and no mask anywhere, every granted privilege stays",
    user: "alice",
    policies: () => [
      customers(1, { assignToGroups: ["analysts"] }),
      customers(2, { assignToGroups: ["gulf"], tablePrivileges: ["DELETE", "UPDATE"] }),
    ],
    privileges: ["SELECT", "DELETE", "UPDATE"],
    filter: null,
    email: null,
  },
  {
    name: "a deny of the catalog wins over the group's grant",
    user: "alice",
    policies: () => [
      customers(1, { assignToGroups: ["analysts"], rowFilters: filterCountry("AE") }),
      policy(9, { category: "catalog", config: { allow: "none", owner: false }, assignToUsers: ["alice"] }),
    ],
    privileges: [],
    filter: null,
    email: null,
  },
  {
    name: "a deny of the schema for everyone wins over a personal catalog grant",
    user: "bob",
    policies: () => [
      catalogGrant(1, { assignToUsers: ["bob"] }),
      policy(9, { category: "schema", schemaName: ["sales"], config: { allow: "none" }, assignToUsers: [".*"] }),
    ],
    privileges: [],
    filter: null,
    email: null,
  },
];

describe("how grants, masks and row filters combine", () => {
  it.each(cases)("$name", (c) => {
    const { rules, problems } = compilePolicies(c.policies(), members);
    expect(problems).toEqual([]);
    const e = evaluate(rules, { user: c.user, groups: groupsOf(c.user) }, "hive", "sales", "customers");
    expect({ privileges: e.privileges, filter: e.filter, email: e.columns.get("email")?.mask ?? null }).toEqual({
      privileges: c.privileges,
      filter: c.filter,
      email: c.email,
    });
  });

  it("a deny of the catalog also closes the catalog itself, so no later rule reopens it", () => {
    const { rules } = compilePolicies(
      [
        catalogGrant(1, { assignToUsers: [".*"] }),
        policy(2, { category: "catalog", config: { allow: "none", owner: false }, assignToUsers: ["alice"] }),
      ],
      members,
    );
    expect(evaluate(rules, { user: "alice", groups: [] }, "hive", "other", "t")).toMatchObject({
      catalogAccess: "none",
      privileges: [],
    });
    expect(evaluate(rules, { user: "bob", groups: [] }, "hive", "other", "t").catalogAccess).toBe("all");
  });

  it("names what it leaves out: who, where, which privileges, and the policies granting and restricting them", () => {
    const read = customers(1, { assignToGroups: ["analysts"], rowFilters: filterCountry("AE") });
    const write = customers(2, {
      assignToGroups: ["gulf"],
      tablePrivileges: ["SELECT", "DELETE", "UPDATE"],
      rowFilters: filterCountry("SA"),
    });
    const { narrowed } = compilePolicies([read, write], members);
    expect(narrowed).toEqual([
      {
        user: "alice",
        catalog: "hive",
        schema: "sales",
        table: "customers",
        privileges: ["DELETE", "UPDATE"],
        grantedBy: [write.id],
        restrictedBy: [read.id],
      },
    ]);
  });
});
