import { describe, expect, it } from "vitest";
import type { Operation, Resource } from "./input.js";
import { ask, catalog, engineOf, fn, schema, table, user, who, type Who } from "./test-support.js";

const anyone = who("anyone");
const T = table("hive", "s", "t", ["a"]);

interface DefaultCase {
  section: string;
  operation: Operation;
  resource?: Resource;
  extra?: object;
  /** Other sections the case needs (so that only the section under test decides). */
  base?: object;
  absent: boolean;
  empty: boolean;
  /** A section whose only rule does not match. */
  unmatched: [rule: object, allowed: boolean];
  who?: Who;
}

/** Each section's default when absent, when present and empty, and when no rule matches, as Trino's module and builder set them. */
const defaults: DefaultCase[] = [
  {
    section: "catalogs",
    operation: "AccessCatalog",
    resource: catalog("hive"),
    absent: true,
    empty: false,
    unmatched: [{ catalog: "other", allow: "all" }, false],
  },
  {
    section: "schemas",
    operation: "CreateSchema",
    resource: schema("hive", "s"),
    absent: true,
    empty: false,
    unmatched: [{ schema: "other", owner: true }, false],
  },
  {
    section: "tables",
    operation: "SelectFromColumns",
    resource: T,
    absent: true,
    empty: false,
    unmatched: [{ table: "other", privileges: ["SELECT"] }, false],
  },
  {
    section: "queries",
    operation: "ExecuteQuery",
    absent: true,
    empty: false,
    unmatched: [{ user: "other", allow: ["execute"] }, false],
  },
  {
    section: "queries",
    operation: "KillQueryOwnedBy",
    resource: user("bob"),
    absent: true,
    empty: false,
    unmatched: [{ queryOwner: "other", allow: ["kill"] }, false],
  },
  {
    section: "impersonation",
    operation: "ImpersonateUser",
    resource: user("bob"),
    absent: false,
    empty: false,
    unmatched: [{ new_user: "other" }, false],
  },
  {
    section: "impersonation",
    operation: "ImpersonateUser",
    resource: user("bob"),
    base: { principals: [{ principal: ".*", user: ".*", allow: true }] },
    absent: true,
    empty: false,
    unmatched: [{ new_user: "other" }, false],
  },
  {
    section: "principals",
    operation: "SetUser",
    resource: user("alice"),
    who: { user: "x", principal: "alice@EXAMPLE.COM" },
    absent: true,
    empty: false,
    unmatched: [{ principal: "other", user: ".*", allow: true }, false],
  },
  {
    section: "system_information",
    operation: "ReadSystemInformation",
    absent: false,
    empty: false,
    unmatched: [{ user: "other", allow: ["read"] }, false],
  },
  {
    section: "authorization",
    operation: "SetSchemaAuthorization",
    resource: schema("hive", "s"),
    extra: { grantee: { type: "USER", name: "bob" } },
    absent: false,
    empty: false,
    unmatched: [{ new_user: "other" }, false],
  },
  {
    section: "system_session_properties",
    operation: "SetSystemSessionProperty",
    resource: { systemSessionProperty: { name: "query_max_memory" } },
    absent: true,
    empty: false,
    unmatched: [{ property: "other", allow: true }, false],
  },
  {
    section: "catalog_session_properties",
    operation: "SetCatalogSessionProperty",
    resource: { catalogSessionProperty: { catalogName: "hive", propertyName: "p" } },
    absent: true,
    empty: false,
    unmatched: [{ property: "other", allow: true }, false],
  },
  // Absent functions allow system.builtin only (CatalogFunctionAccessControlRule.ALLOW_BUILTIN).
  {
    section: "functions",
    operation: "ExecuteFunction",
    resource: fn("hive", "s", "f"),
    absent: false,
    empty: false,
    unmatched: [{ function: "other", privileges: ["EXECUTE"] }, false],
  },
  {
    section: "functions",
    operation: "FilterFunctions",
    resource: fn("system", "builtin", "abs"),
    base: { schemas: [] },
    absent: true,
    empty: false,
    unmatched: [{ function: "other", privileges: ["EXECUTE"] }, false],
  },
  {
    section: "procedures",
    operation: "ExecuteProcedure",
    resource: fn("hive", "system", "register_table"),
    absent: false,
    empty: false,
    unmatched: [{ procedure: "other", privileges: ["EXECUTE"] }, false],
  },
  {
    section: "procedures",
    operation: "ExecuteProcedure",
    resource: fn("system", "builtin", "p"),
    absent: true,
    empty: false,
    unmatched: [{ procedure: "other", privileges: ["EXECUTE"] }, false],
  },
];

describe("each section's defaults", () => {
  it.each(defaults)("$section decides $operation: absent, empty, no rule matched", (c) => {
    const w = c.who ?? anyone;
    const base = c.base ?? {};
    expect(ask(engineOf(base), w, c.operation, c.resource, c.extra), "absent").toBe(c.absent);
    expect(ask(engineOf({ ...base, [c.section]: [] }), w, c.operation, c.resource, c.extra), "empty").toBe(c.empty);
    expect(
      ask(engineOf({ ...base, [c.section]: [c.unmatched[0]] }), w, c.operation, c.resource, c.extra),
      "no rule matched",
    ).toBe(c.unmatched[1]);
  });

  it("an empty catalogs section still lets everyone use the system catalog, unless a rule says otherwise", () => {
    expect(ask(engineOf({ catalogs: [] }), anyone, "AccessCatalog", catalog("system"))).toBe(true);
    expect(
      ask(engineOf({ catalogs: [{ catalog: "system", allow: "none" }] }), anyone, "AccessCatalog", catalog("system")),
    ).toBe(false);
    const explained = engineOf({ catalogs: [] }).explain({
      context: { identity: { user: "a", groups: [] } },
      action: { operation: "AccessCatalog", resource: catalog("system") },
    });
    expect(explained.decidedBy).toEqual([{ section: "catalogs", default: "system catalog" }]);
  });
});

describe("catalog rules", () => {
  const e = engineOf({
    catalogs: [
      { role: "admin", catalog: "(mysql|system)", allow: "all" },
      { group: "finance|human_resources", catalog: "postgres", allow: true },
      { catalog: "hive", allow: "all" },
      { user: "alice", catalog: "postgresql", allow: "read-only" },
      { catalog: "system", allow: "none" },
      { user: "ops", allow: "owner" },
    ],
  });
  const cases: Array<[Who, Operation, Resource, boolean]> = [
    [{ user: "x", roles: ["admin"] }, "AccessCatalog", catalog("mysql"), true],
    [who("x"), "AccessCatalog", catalog("mysql"), false],
    [{ user: "x", roles: ["reader", "admin"] }, "InsertIntoTable", table("mysql", "s", "t"), true],
    [who("fin", "sales", "finance"), "AccessCatalog", catalog("postgres"), true],
    [who("fin", "sales"), "AccessCatalog", catalog("postgres"), false],
    [who("alice"), "AccessCatalog", catalog("postgresql"), true],
    [who("alice"), "SelectFromColumns", table("postgresql", "s", "t", []), true],
    [who("alice"), "InsertIntoTable", table("postgresql", "s", "t"), false],
    [who("alice"), "CreateSchema", schema("postgresql", "s"), false],
    [who("bob"), "AccessCatalog", catalog("postgresql"), false],
    // The document's own rule for system wins over the rule Trino appends.
    [who("bob"), "AccessCatalog", catalog("system"), false],
    // all does not imply owner: creating and dropping catalogs needs owner.
    [who("bob"), "CreateCatalog", catalog("hive"), false],
    [who("ops"), "CreateCatalog", catalog("anything"), true],
    [who("ops"), "DropCatalog", catalog("anything"), true],
    [who("ops"), "InsertIntoTable", table("anything", "s", "t"), true],
  ];
  it.each(cases)("%j: %s on %j is %s", (w, op, r, expected) => {
    expect(ask(e, w, op, r)).toBe(expected);
  });
});

describe("table rules, from the documentation's example", () => {
  const e = engineOf({
    tables: [
      { role: "admin", privileges: ["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP"] },
      { user: "banned_user", privileges: [] },
      {
        catalog: "default",
        schema: "hr",
        table: "employee",
        privileges: ["SELECT"],
        filter: "user = current_user",
        filter_environment: { user: "system_user" },
      },
      {
        catalog: "default",
        schema: "default",
        table: ".*",
        privileges: ["SELECT"],
        columns: [
          { name: "address", allow: false },
          { name: "ssn", mask: "'XXX-XX-' || substring(ssn, -4)", mask_environment: { user: "system_user" } },
        ],
      },
    ],
  });
  const admin: Who = { user: "x", roles: ["admin"] };
  const cases: Array<[Who, Operation, Resource, unknown]> = [
    [admin, "DeleteFromTable", table("default", "hr", "employee"), true],
    [admin, "SelectFromColumns", table("any", "s", "t", ["x"]), true],
    [admin, "CreateViewWithSelectFromColumns", table("any", "s", "t", ["x"]), false],
    [who("banned_user"), "SelectFromColumns", table("default", "default", "t", []), false],
    [who("banned_user"), "ShowColumns", table("default", "default", "t"), false],
    [who("bob"), "SelectFromColumns", table("default", "hr", "employee", ["name"]), true],
    [who("bob"), "InsertIntoTable", table("default", "hr", "employee"), false],
    [
      who("bob"),
      "GetRowFilters",
      table("default", "hr", "employee"),
      [{ expression: "user = current_user", identity: "system_user" }],
    ],
    [who("bob"), "GetRowFilters", table("default", "default", "t"), []],
    [who("bob"), "SelectFromColumns", table("default", "default", "t", ["name", "ssn"]), true],
    [who("bob"), "SelectFromColumns", table("default", "default", "t", ["name", "address"]), false],
    [
      who("bob"),
      "GetColumnMask",
      {
        column: {
          catalogName: "default",
          schemaName: "default",
          tableName: "t",
          columnName: "ssn",
          columnType: "varchar",
        },
      },
      { expression: "'XXX-XX-' || substring(ssn, -4)", identity: "system_user" },
    ],
    [
      who("bob"),
      "GetColumnMask",
      {
        column: {
          catalogName: "default",
          schemaName: "default",
          tableName: "t",
          columnName: "name",
          columnType: "varchar",
        },
      },
      null,
    ],
    [who("bob"), "SelectFromColumns", table("default", "hr2", "employee", []), false],
    // information_schema is not governed by table rules: only catalog access counts.
    [who("banned_user"), "SelectFromColumns", table("default", "information_schema", "tables", ["table_name"]), true],
    [who("banned_user"), "GetRowFilters", table("default", "information_schema", "tables"), []],
  ];
  it.each(cases)("%j: %s on %j", (w, op, r, expected) => {
    expect(ask(e, w, op, r)).toEqual(expected);
  });
});

describe("query, impersonation, system information and session property rules", () => {
  const e = engineOf({
    queries: [
      { role: "admin", allow: ["execute", "kill", "view"] },
      { user: "alice", allow: ["execute", "kill"] },
      { group: "contractors", queryOwner: "alice|dave", allow: ["view"] },
      { allow: ["execute"] },
    ],
    impersonation: [
      { original_role: "admin", new_user: "bob", allow: false },
      { original_role: "admin", new_user: ".*" },
      { original_user: ".*", new_user: "test" },
      { original_user: "team_(.*)", new_user: "team_$1_sandbox", allow: true },
      { original_user: "svc_(.*)", new_user: "$2_x" },
    ],
    system_information: [
      { role: "admin", allow: ["read", "write"] },
      { user: "alice", allow: ["read"] },
    ],
    system_session_properties: [
      { role: "admin", allow: true },
      { user: "banned_user", allow: false },
      { property: "resource_overcommit", allow: true },
    ],
    catalog_session_properties: [
      { role: "admin", allow: true },
      { catalog: "hive", property: "bucket_execution_enabled", allow: true },
    ],
  });
  const admin: Who = { user: "root", roles: ["admin"] };
  const cases: Array<[Who, Operation, Resource | undefined, boolean]> = [
    [admin, "ViewQueryOwnedBy", user("anyone"), true],
    [who("alice"), "KillQueryOwnedBy", user("bob"), true],
    [who("alice"), "ViewQueryOwnedBy", user("bob"), false],
    [who("dave", "contractors"), "ViewQueryOwnedBy", user("alice"), true],
    [who("dave", "contractors"), "KillQueryOwnedBy", user("alice"), false],
    [who("dave", "contractors"), "ViewQueryOwnedBy", user("bob"), false],
    // A user's own queries: Trino never asks, so allowed whatever the rules say.
    [who("dave", "contractors"), "KillQueryOwnedBy", user("dave"), true],
    [who("dave", "contractors"), "ExecuteQuery", undefined, true],
    [admin, "ImpersonateUser", user("bob"), false],
    [admin, "ImpersonateUser", user("carol"), true],
    [who("carol"), "ImpersonateUser", user("test"), true],
    [who("carol"), "ImpersonateUser", user("dave"), false],
    [who("team_backend"), "ImpersonateUser", user("team_backend_sandbox"), true],
    [who("team_backend"), "ImpersonateUser", user("team_frontend_sandbox"), false],
    // A reference to a group original_user does not have: Trino fails the check.
    [who("svc_a"), "ImpersonateUser", user("b_x"), false],
    [admin, "WriteSystemInformation", undefined, true],
    [who("alice"), "ReadSystemInformation", undefined, true],
    [who("alice"), "WriteSystemInformation", undefined, false],
    [who("banned_user"), "SetSystemSessionProperty", { systemSessionProperty: { name: "resource_overcommit" } }, false],
    [who("bob"), "SetSystemSessionProperty", { systemSessionProperty: { name: "resource_overcommit" } }, true],
    [who("bob"), "SetSystemSessionProperty", { systemSessionProperty: { name: "query_max_memory" } }, false],
    [
      who("bob"),
      "SetCatalogSessionProperty",
      { catalogSessionProperty: { catalogName: "hive", propertyName: "bucket_execution_enabled" } },
      true,
    ],
    [
      who("bob"),
      "SetCatalogSessionProperty",
      { catalogSessionProperty: { catalogName: "iceberg", propertyName: "bucket_execution_enabled" } },
      false,
    ],
  ];
  it.each(cases)("%j: %s on %j is %s", (w, op, r, expected) => {
    expect(ask(e, w, op, r)).toBe(expected);
  });

  it("explains a failed impersonation rule as Trino's error", () => {
    const x = e.explain({
      context: { identity: { user: "svc_a", groups: [] } },
      action: { operation: "ImpersonateUser", resource: user("b_x") },
    });
    expect(x.result).toBe(false);
    expect(x.reason).toMatch(/capturing group that does not exist/);
  });

  it("a catalog session property needs read-only access to the catalog first", () => {
    const c = engineOf({
      catalogs: [{ catalog: "hive", allow: "none" }],
      catalog_session_properties: [{ allow: true }],
    });
    expect(
      ask(c, anyone, "SetCatalogSessionProperty", {
        catalogSessionProperty: { catalogName: "hive", propertyName: "p" },
      }),
    ).toBe(false);
  });
});

describe("principal rules (checkCanSetUser)", () => {
  const e = engineOf({
    principals: [
      { principal: "([^/]+)/?.*@example.net", principal_to_user: "$1", allow: true },
      { principal: "group@example.net", user: "alice|bob", allow: true },
      { principal: "blocked@.*", user: ".*", allow: false },
    ],
  });
  const cases: Array<[string | undefined, string, boolean]> = [
    ["alice/admin@example.net", "alice", true],
    ["alice/admin@example.net", "bob", false],
    ["group@example.net", "bob", true],
    ["group@example.net", "carol", false],
    ["blocked@x", "blocked", false],
    [undefined, "alice", false],
  ];
  it.each(cases)("principal %j as %j is %s", (principal, name, expected) => {
    expect(ask(e, { user: name, principal }, "SetUser", user(name))).toBe(expected);
  });
});
