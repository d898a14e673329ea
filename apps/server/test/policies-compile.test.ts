import { describe, expect, it } from "vitest";
import { FILTER_CONDITIONS, LIST_CONDITIONS, PolicyInput, type MaskKind } from "@console/contracts";
import { checkRules, compilePolicies, type CompilePolicy } from "../src/modules/policies/compile.js";
import { checkExpression } from "../src/modules/policies/expression.js";
import { condition, maskExpression } from "../src/modules/policies/sql.js";

let nextId = 1;
function policy(over: Record<string, unknown>, priority = nextId): CompilePolicy {
  const { tagTables, ...form } = over;
  const v = PolicyInput.parse({ policyName: `p${nextId}`, catalogName: "hive", assignToUsers: ["alice"], ...form });
  return { ...v, id: nextId++, priority, tagTables: tagTables as CompilePolicy["tagTables"] };
}
const noGroups = new Map<string, string[]>();

describe("the compiler, per category (golden)", () => {
  it("catalog: catalog access and a catalog-wide table rule", () => {
    const { rules } = compilePolicies([policy({ category: "catalog", config: { allow: "all" } })], noGroups);
    expect(rules).toEqual({
      catalogs: [{ user: "alice", catalog: "hive", allow: "all" }],
      schemas: [],
      tables: [{ user: "alice", catalog: "hive", privileges: ["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP"] }],
    });
  });

  it("schema: one rule per schema, ownership from config", () => {
    const { rules } = compilePolicies(
      [policy({ category: "schema", schemaName: ["sales", "hr.v2"], config: { allow: "read-only", owner: true } })],
      noGroups,
    );
    expect(rules).toEqual({
      catalogs: [{ user: "alice", catalog: "hive", allow: "read-only" }],
      schemas: [
        { user: "alice", catalog: "hive", schema: "hr\\.v2", owner: true },
        { user: "alice", catalog: "hive", schema: "sales", owner: true },
      ],
      tables: [
        { user: "alice", catalog: "hive", schema: "hr\\.v2", privileges: ["SELECT"] },
        { user: "alice", catalog: "hive", schema: "sales", privileges: ["SELECT"] },
      ],
    });
  });

  it("tables: privileges, masks and the row filter in one rule; writes need catalog all", () => {
    const { rules } = compilePolicies(
      [
        policy({
          category: "tables",
          schemaName: ["sales"],
          tables: ["orders"],
          tablePrivileges: ["SELECT", "INSERT"],
          columnDetails: [
            { table: "orders", name: "total", columnDataType: "decimal(12,2)", type: "predefine", mask: "round" },
          ],
          rowFilters: [
            { table: "orders", columnName: "region", columnDataType: "varchar", filterCondition: "=", value: "EU" },
            { table: "orders", columnName: "items", columnDataType: "integer", filterCondition: ">=", value: "٣" },
          ],
          customRowFilter: "status <> 'void'",
        }),
      ],
      noGroups,
    );
    expect(rules.catalogs).toEqual([{ user: "alice", catalog: "hive", allow: "all" }]);
    expect(rules.tables).toEqual([
      {
        user: "alice",
        catalog: "hive",
        schema: "sales",
        table: "orders",
        privileges: ["SELECT", "INSERT"],
        columns: [{ name: "total", mask: 'CAST(round("total") AS decimal(12,2))' }],
        filter: `("region" = 'EU') AND ("items" >= 3) AND (status <> 'void')`,
      },
    ]);
  });

  it.each(["tableTags", "columnTags", "tableGlossary", "columnGlossary"])(
    "%s: one rule per table the tags resolve to",
    (category) => {
      const { rules } = compilePolicies(
        [
          policy({
            category,
            schemaName: ["hr"],
            tags: ["PII"],
            tablePrivileges: ["SELECT"],
            assignToUsers: [],
            assignToGroups: [".*"],
            tagTables: [
              { schema: "hr", table: "employees" },
              { schema: "hr", table: "payroll" },
            ],
          }),
        ],
        noGroups,
      );
      expect(rules.tables).toEqual([
        { catalog: "hive", schema: "hr", table: "employees", privileges: ["SELECT"] },
        { catalog: "hive", schema: "hr", table: "payroll", privileges: ["SELECT"] },
      ]);
      expect(rules.catalogs).toEqual([{ catalog: "hive", allow: "read-only" }]);
    },
  );
});

describe("merging what applies to one principal and table", () => {
  it("expands groups, merges a user's own grants with everyone's, most specific scope first", () => {
    const everyoneSchema = policy({ category: "schema", schemaName: ["sales"], assignToUsers: [".*"] });
    const analystsTable = policy({
      category: "tables",
      schemaName: ["sales"],
      tables: ["customers"],
      tablePrivileges: ["SELECT"],
      assignToUsers: [],
      assignToGroups: ["analysts"],
      columnDetails: [
        { table: "customers", name: "email", columnDataType: "varchar", type: "predefine", mask: "nullify" },
      ],
    });
    const { rules } = compilePolicies([everyoneSchema, analystsTable], new Map([["analysts", ["bob", "alice"]]]));
    expect(rules.tables).toEqual([
      {
        user: "alice",
        catalog: "hive",
        schema: "sales",
        table: "customers",
        privileges: ["SELECT"],
        columns: [{ name: "email", mask: "CAST(NULL AS varchar)" }],
      },
      {
        user: "bob",
        catalog: "hive",
        schema: "sales",
        table: "customers",
        privileges: ["SELECT"],
        columns: [{ name: "email", mask: "CAST(NULL AS varchar)" }],
      },
      { catalog: "hive", schema: "sales", privileges: ["SELECT"] },
    ]);
  });

  it("gives a user everyone's table rules inside the user's own schema-wide scope", () => {
    const mine = policy({ category: "schema", schemaName: ["sales"], config: { allow: "all" } });
    const everyoneMasked = policy({
      category: "tables",
      schemaName: ["sales"],
      tables: ["payments"],
      tablePrivileges: ["SELECT"],
      assignToUsers: [".*"],
      columnDetails: [
        { table: "payments", name: "card", columnDataType: "varchar", type: "predefine", mask: "showLast4" },
      ],
    });
    const { rules } = compilePolicies([mine, everyoneMasked], noGroups);
    expect(rules.tables[0]).toEqual({
      user: "alice",
      catalog: "hive",
      schema: "sales",
      table: "payments",
      // The writes of the schema grant set no mask: they are left out where everyone's mask applies.
      privileges: ["SELECT"],
      columns: [{ name: "card", mask: `regexp_replace("card", '.(?=.{4})', 'X')` }],
    });
    expect(rules.tables[1]).toMatchObject({ user: "alice", schema: "sales", privileges: expect.any(Array) });
    expect(rules.tables[1]!.table).toBeUndefined();
  });

  it("takes the filter of the first policy that filters, and an unfiltered grant does not lift it", () => {
    const eu = policy({
      category: "tables",
      schemaName: ["s"],
      tables: ["t"],
      tablePrivileges: ["SELECT"],
      rowFilters: [{ table: "t", columnName: "r", columnDataType: "varchar", filterCondition: "=", value: "EU" }],
    });
    const us = policy({
      category: "tables",
      schemaName: ["s"],
      tables: ["t"],
      tablePrivileges: ["SELECT"],
      rowFilters: [{ table: "t", columnName: "r", columnDataType: "varchar", filterCondition: "=", value: "US" }],
    });
    expect(compilePolicies([us, eu], noGroups).rules.tables[0]!.filter).toBe(`("r" = 'EU')`);
    const all = policy({ category: "tables", schemaName: ["s"], tables: ["t"], tablePrivileges: ["SELECT"] }, 0);
    expect(compilePolicies([eu, us, all], noGroups).rules.tables[0]!.filter).toBe(`("r" = 'EU')`);
  });

  it("lets the higher-priority policy decide a column's mask", () => {
    const mk = (mask: string, priority: number) =>
      policy(
        {
          category: "tables",
          schemaName: ["s"],
          tables: ["t"],
          tablePrivileges: ["SELECT"],
          columnDetails: [{ table: "t", name: "c", columnDataType: "varchar", type: "predefine", mask }],
        },
        priority,
      );
    const { rules } = compilePolicies([mk("lowerCase", 9), mk("hash", 2)], noGroups);
    expect(rules.tables[0]!.columns).toEqual([{ name: "c", mask: 'to_hex(sha256(to_utf8("c")))' }]);
  });

  it("orders a user's own and everyone's policies on one table by precedence, for masks and filters alike", () => {
    const onT = (over: Record<string, unknown>, priority: number) =>
      policy({ category: "tables", schemaName: ["s"], tables: ["t"], tablePrivileges: ["SELECT"], ...over }, priority);
    const mask = (name: string, m: string) => ({
      table: "t",
      name,
      columnDataType: "varchar",
      type: "predefine",
      mask: m,
    });
    const rowFilter = (value: string) => [
      { table: "t", columnName: "r", columnDataType: "varchar", filterCondition: "=", value },
    ];
    const own = onT({ columnDetails: [mask("a", "hash")], rowFilters: rowFilter("own") }, 5);
    const first = onT(
      {
        assignToUsers: [".*"],
        columnDetails: [mask("a", "nullify"), mask("b", "showLast4")],
        rowFilters: rowFilter("one"),
      },
      2,
    );
    const last = onT(
      { assignToUsers: [".*"], columnDetails: [mask("b", "lowerCase")], rowFilters: rowFilter("two") },
      9,
    );
    const { rules } = compilePolicies([own, last, first], noGroups);
    const columns = [
      { name: "a", mask: "CAST(NULL AS varchar)" },
      { name: "b", mask: `regexp_replace("b", '.(?=.{4})', 'X')` },
    ];
    expect(rules.tables).toEqual([
      {
        user: "alice",
        catalog: "hive",
        schema: "s",
        table: "t",
        privileges: ["SELECT"],
        columns,
        filter: `("r" = 'one')`,
      },
      {
        catalog: "hive",
        schema: "s",
        table: "t",
        privileges: ["SELECT"],
        columns,
        filter: `("r" = 'one')`,
      },
    ]);
  });

  it("counts a policy on a table by its entry for that table, not also by its schema-wide one", () => {
    // All tables of s, filtered by region; table t is also filtered by status.
    const wide = policy({
      category: "tables",
      schemaName: ["s"],
      tables: [".*"],
      tablePrivileges: ["SELECT"],
      customRowFilter: "region = 'EU'",
      rowFilters: [
        { table: "t", columnName: "status", columnDataType: "varchar", filterCondition: "=", value: "open" },
      ],
    });
    const { rules } = compilePolicies([wide], noGroups);
    expect(rules.tables).toEqual([
      {
        user: "alice",
        catalog: "hive",
        schema: "s",
        table: "t",
        privileges: ["SELECT"],
        filter: `("status" = 'open') AND (region = 'EU')`,
      },
      { user: "alice", catalog: "hive", schema: "s", privileges: ["SELECT"], filter: "(region = 'EU')" },
    ]);
  });

  it("reports the policy that cannot compile and leaves it out", () => {
    const bad = policy({
      category: "tables",
      schemaName: ["s"],
      tables: ["t"],
      tablePrivileges: ["SELECT"],
      customRowFilter: "a = 'x",
    });
    const { problems } = compilePolicies([bad], noGroups);
    expect(problems).toEqual([
      {
        policyId: bad.id,
        policyName: bad.policyName,
        field: "customRowFilter",
        message: expect.stringMatching(/unterminated string/),
      },
    ]);
  });
});

describe("masks and filters compile to escaped SQL", () => {
  const golden: Array<[MaskKind, string, string]> = [
    ["restrict", "varchar", "CAST(NULL AS varchar)"],
    ["showLast4", "varchar", `regexp_replace("c", '.(?=.{4})', 'X')`],
    ["showFirst4", "varchar", `regexp_replace("c", '(?<=.{4}).', 'X')`],
    ["hash", "varchar", `to_hex(sha256(to_utf8("c")))`],
    [
      "hash",
      "bigint",
      `CAST(from_big_endian_64(substr(sha256(to_big_endian_64(CAST("c" AS bigint))), 1, 8)) AS bigint)`,
    ],
    ["nullify", "date", "CAST(NULL AS date)"],
    ["dateTruncYear", "date", `CAST(date_trunc('year', "c") AS date)`],
    ["dateTruncMonth", "timestamp(3)", `CAST(date_trunc('month', "c") AS timestamp(3))`],
    ["dateTruncDay", "timestamp(3) with time zone", `CAST(date_trunc('day', "c") AS timestamp(3) with time zone)`],
    ["capitalize", "varchar", `upper(substr("c", 1, 1)) || lower(substr("c", 2))`],
    ["lowerCase", "char(2)", `CAST(lower(CAST("c" AS varchar)) AS char(2))`],
    ["round", "double", `CAST(round("c") AS double)`],
    ["maskNumber", "integer", "CAST(0 AS integer)"],
    ["scramble", "varchar(20)", `CAST(array_join(shuffle(split("c", '')), '') AS varchar(20))`],
    ["nationalId", "varchar", `regexp_replace("c", '[0-9](?=(?:[^0-9]*[0-9]){4})', 'X')`],
  ];
  it.each(golden)("%s on %s", (kind, type, expected) => {
    const sql = maskExpression(kind, "c", type, "f");
    expect(sql).toBe(expected);
    expect(checkExpression(sql, "mask")).toBeNull();
  });

  it("compiles a dynamic mask to CASE, and a custom mask as written", () => {
    const [p] = [
      policy({
        category: "tables",
        schemaName: ["s"],
        tables: ["t"],
        tablePrivileges: ["SELECT"],
        columnDetails: [
          {
            table: "t",
            name: "salary",
            columnDataType: "decimal(12,2)",
            type: "dynamic",
            mask: "maskNumber",
            conditions: [{ column: "grade", columnDataType: "smallint", condition: "<", value: "5" }],
          },
          {
            table: "t",
            name: "email",
            columnDataType: "varchar",
            type: "custom",
            mask: "substr(email, 1, 2) || '***'",
          },
        ],
      }),
    ];
    expect(compilePolicies([p!], noGroups).rules.tables[0]!.columns).toEqual([
      { name: "salary", mask: `CASE WHEN "grade" < 5 THEN CAST(0 AS decimal(12,2)) ELSE "salary" END` },
      { name: "email", mask: "substr(email, 1, 2) || '***'" },
    ]);
  });

  it("turns every typed value into a literal: no input changes the shape of a filter", () => {
    expect(condition("name", "varchar", "=", "O'Brien' OR '1'='1", "f")).toBe(`"name" = 'O''Brien'' OR ''1''=''1'`);
    expect(condition('we"ird', "varchar", "LIKE", "ab", "f")).toBe(`"we""ird" LIKE 'ab'`);
    // What was typed is the pattern: no wildcard is added, and `_` stays the one it is.
    expect(condition("channel", "varchar", "LIKE", "web_%", "f")).toBe(`"channel" LIKE 'web_%'`);
    expect(condition("c", "varchar", "NOT IN", " a, b ,c'd", "f")).toBe(`"c" NOT IN ('a', 'b', 'c''d')`);
    expect(condition("n", "integer", "IN", "1, ٢, ۳", "f")).toBe(`"n" IN (1, 2, 3)`);
    expect(condition("d", "date", ">=", "2026-01-31", "f")).toBe(`"d" >= DATE '2026-01-31'`);
    expect(condition("b", "boolean", "!=", "TRUE", "f")).toBe(`"b" <> TRUE`);
    expect(condition("x", "varchar", "IS NOT NULL", "ignored", "f")).toBe(`"x" IS NOT NULL`);
    expect(() => condition("n", "integer", "=", "1 OR 1=1", "f")).toThrow(
      '"1 OR 1=1" is not a valid integer value for a column of type integer',
    );
    expect(() => condition("d", "date", "=", "2026-01-01'); DROP", "f")).toThrow(/not a valid datetime/);
    for (const v of ["'", "''", "\\'", "%'--", "a'||'b"])
      expect(checkExpression(condition("c", "varchar", "=", v, "f"), "filter")).toBeNull();
  });

  // The compiler does not parse a row filter's condition on its own (entries.ts): this is why.
  it("makes a condition that parses for every condition, type and value the form accepts", () => {
    const values: Record<string, string[]> = {
      integer: ["0", "-42", "1, ٢, ۳", "9223372036854775807"],
      decimal: ["1.5", "-0.25, 3", "12"],
      text: ["EU", "o'r1, r2", "%'--", 'a"b', "x, y, z", "_ ;/* */"],
      datetime: ["2026-01-31", "2026-01-31 10:20", "2026-01-31 10:20:30.123456, 2025-12-01"],
      boolean: ["true", "FALSE"],
    };
    const types = {
      integer: ["tinyint", "integer", "bigint"],
      decimal: ["decimal(12,2)", "double", "real"],
      text: ["varchar", "varchar(8)", "char(2)"],
      datetime: ["date", "timestamp(3)", "timestamp(6) with time zone"],
      boolean: ["boolean"],
    };
    let checked = 0;
    for (const [group, list] of Object.entries(types))
      for (const type of list)
        for (const cond of FILTER_CONDITIONS)
          for (const raw of values[group]!) {
            // A list condition takes several values; the others take one (the first of the list).
            const value = LIST_CONDITIONS.includes(cond) || cond === "LIKE" ? raw : raw.split(",")[0]!;
            const sql = condition('we"ird col', type, cond, value, "f");
            expect(checkExpression(sql, "filter"), sql).toBeNull();
            expect(checkExpression(`(${sql}) AND (${sql})`, "filter"), sql).toBeNull();
            checked++;
          }
    expect(checked).toBeGreaterThan(400);
  });

  it("refuses rules that are not Trino's shape", () => {
    expect(checkRules({ catalogs: [], schemas: [], tables: [{ privileges: ["SELECT"], extra: 1 }] })).toMatch(/shape/);
    expect(checkRules({ catalogs: [], schemas: [], tables: [{ privileges: ["SELECT"], filter: "a = (" }] })).toMatch(
      /row filter is refused/,
    );
    expect(checkRules({ catalogs: [], schemas: [], tables: [] })).toBeNull();
  });
});
