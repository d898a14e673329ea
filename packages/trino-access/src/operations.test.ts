import { describe, expect, it } from "vitest";
import type { Operation, Resource } from "./input.js";
import { ask, catalog, column, engineOf, fn, input, schema, table, who, type Who } from "./test-support.js";

describe("visibility, as AnyCatalogPermissionsRule and AnyCatalogSchemaPermissionsRule compute it", () => {
  const e = engineOf({
    catalogs: [
      { catalog: "owned", allow: "owner" },
      { catalog: "open", allow: "all" },
      { catalog: "ro", allow: "read-only" },
      { catalog: "props", allow: "read-only" },
      { catalog: "fns", allow: "read-only" },
      { catalog: "procs", allow: "read-only" },
    ],
    schemas: [{ catalog: "open", schema: "mine", owner: true }],
    tables: [
      { catalog: "ro", schema: "s", table: "t", privileges: ["SELECT"] },
      { catalog: "ro", schema: "s", table: "hidden", privileges: [] },
      { catalog: "open", schema: "shared", table: "t", privileges: ["INSERT"] },
    ],
    catalog_session_properties: [{ catalog: "props", allow: true }],
    functions: [{ catalog: "fns", schema: "f", privileges: ["EXECUTE"] }],
    procedures: [{ catalog: "procs", schema: "p", privileges: ["EXECUTE"] }],
  });
  const u = who("u");
  const cases: Array<[Operation, Resource, boolean]> = [
    ["FilterCatalogs", catalog("owned"), true],
    // all is not owner: a catalog with all is visible only through a rule below it.
    ["FilterCatalogs", catalog("open"), true],
    ["FilterCatalogs", catalog("ro"), true],
    ["FilterCatalogs", catalog("props"), true],
    ["FilterCatalogs", catalog("fns"), true],
    ["FilterCatalogs", catalog("procs"), true],
    ["FilterCatalogs", catalog("unknown"), false],
    ["ShowSchemas", catalog("ro"), true],
    ["FilterSchemas", schema("ro", "s"), true],
    ["FilterSchemas", schema("ro", "other"), false],
    // A session property rule shows the catalog, not its schemas.
    ["FilterSchemas", schema("props", "s"), false],
    ["FilterSchemas", schema("fns", "f"), true],
    ["FilterSchemas", schema("procs", "p"), true],
    ["FilterSchemas", schema("open", "mine"), true],
    ["ShowTables", schema("open", "shared"), true],
    ["ShowFunctions", schema("fns", "f"), true],
    ["FilterTables", table("ro", "s", "t"), true],
    ["FilterTables", table("ro", "s", "hidden"), false],
    // A schema owner sees every table of the schema.
    ["FilterTables", table("open", "mine", "anything"), true],
    ["ShowColumns", table("ro", "s", "t"), true],
    ["ShowColumns", table("ro", "s", "hidden"), false],
    ["FilterFunctions", fn("fns", "f", "x"), true],
    ["FilterFunctions", fn("fns", "g", "x"), false],
  ];
  it.each(cases)("%s on %j is %s", (op, r, expected) => {
    expect(ask(e, u, op, r)).toBe(expected);
  });

  it("answers a batch with the allowed indices", () => {
    const batch = [catalog("owned"), catalog("unknown"), catalog("ro")];
    expect(ask(e, u, "FilterCatalogs", undefined, { filterResources: batch })).toEqual([0, 2]);
  });

  it("explains what made a catalog visible", () => {
    const x = e.explain(input(u, "FilterCatalogs", catalog("props")));
    expect(x.result).toBe(true);
    expect(x.decidedBy).toContainEqual({
      section: "catalogs",
      index: 3,
      rule: { catalog: "props", allow: "read-only" },
    });
    expect(x.decidedBy).toContainEqual({
      section: "catalog_session_properties",
      index: 0,
      rule: { catalog: "props", allow: true },
    });
  });
});

describe("schema and table operations", () => {
  const e = engineOf({
    catalogs: [{ catalog: "ro", allow: "read-only" }, { allow: "all" }],
    schemas: [
      { user: "bob", schema: "bob|staff", owner: true },
      { user: "guest", owner: false },
      { schema: "shared", owner: true },
    ],
    tables: [
      { user: "bob", schema: "bob", privileges: ["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP", "GRANT_SELECT"] },
      { schema: "shared", table: "readonly", privileges: ["SELECT"] },
      {
        schema: "shared",
        table: "view_source",
        privileges: ["GRANT_SELECT"],
        columns: [{ name: "secret", allow: false }],
      },
    ],
    authorization: [
      { original_user: "bob", new_user: "alice" },
      { original_user: "bob", new_role: "admins" },
    ],
  });
  const bob = who("bob");
  const cases: Array<[Who, Operation, Resource, object, boolean]> = [
    [bob, "CreateSchema", schema("c", "bob"), {}, true],
    [bob, "CreateSchema", schema("ro", "bob"), {}, false],
    [bob, "DropSchema", schema("c", "other"), {}, false],
    [bob, "RenameSchema", schema("c", "bob"), { targetResource: schema("c", "staff") }, true],
    [bob, "RenameSchema", schema("c", "bob"), { targetResource: schema("c", "other") }, false],
    [bob, "SetSchemaAuthorization", schema("c", "bob"), { grantee: { type: "USER", name: "alice" } }, true],
    [bob, "SetSchemaAuthorization", schema("c", "bob"), { grantee: { type: "USER", name: "carol" } }, false],
    [bob, "SetSchemaAuthorization", schema("c", "bob"), { grantee: { type: "ROLE", name: "admins" } }, true],
    [who("guest"), "ShowCreateSchema", schema("c", "shared"), {}, false],
    [who("x"), "ShowCreateSchema", schema("c", "shared"), {}, true],
    [bob, "GrantSchemaPrivilege", schema("c", "bob"), {}, true],
    [bob, "CreateTable", table("c", "bob", "t"), {}, true],
    [bob, "CreateTable", table("ro", "bob", "t"), {}, false],
    [bob, "SelectFromColumns", table("ro", "bob", "t", ["a"]), {}, true],
    [bob, "RenameTable", table("c", "bob", "t"), { targetResource: table("c", "bob", "u") }, true],
    [bob, "RenameTable", table("c", "bob", "t"), { targetResource: table("c", "shared", "u") }, false],
    [bob, "SetTableAuthorization", table("c", "bob", "t"), { grantee: { type: "USER", name: "alice" } }, true],
    [bob, "SetViewAuthorization", table("c", "bob", "t"), { grantee: { type: "USER", name: "zed" } }, false],
    [bob, "TruncateTable", table("c", "bob", "t"), {}, true],
    [bob, "RefreshMaterializedView", table("c", "bob", "t"), {}, true],
    [bob, "UpdateTableColumns", table("c", "bob", "t", ["a"]), {}, true],
    [who("x"), "InsertIntoTable", table("c", "shared", "readonly"), {}, false],
    [who("x"), "CreateViewWithSelectFromColumns", table("c", "shared", "readonly", ["a"]), {}, false],
    [who("x"), "CreateViewWithSelectFromColumns", table("c", "shared", "view_source", ["a"]), {}, true],
    [who("x"), "CreateViewWithSelectFromColumns", table("c", "shared", "view_source", ["secret"]), {}, false],
    // SELECT from a view needs only GRANT_SELECT.
    [who("x"), "SelectFromColumns", table("c", "shared", "view_source", ["a"]), {}, true],
    [who("x"), "DropTable", table("c", "information_schema", "tables"), {}, true],
    [who("x"), "DropTable", table("ro", "information_schema", "tables"), {}, false],
    [
      who("x"),
      "ExecuteTableProcedure",
      { table: { catalogName: "c", schemaName: "s", tableName: "t" }, function: { functionName: "optimize" } },
      {},
      true,
    ],
    [who("x"), "SetMaterializedViewComment", table("c", "bob", "t"), {}, false],
    [bob, "CreateRole", catalog("c"), {}, false],
    [bob, "ShowRoles", catalog("c"), {}, true],
  ];
  it.each(cases)("%j: %s on %j %j is %s", (w, op, r, extra, expected) => {
    expect(ask(e, w, op, r, extra)).toBe(expected);
  });

  it("filters columns: restricted ones go when the rule grants only SELECT, all stay with more", () => {
    const cols = ["a", "secret", "b"];
    expect(
      ask(e, who("x"), "FilterColumns", undefined, { filterResources: [table("c", "shared", "view_source", cols)] }),
    ).toEqual([0, 2]);
    expect(ask(e, bob, "FilterColumns", undefined, { filterResources: [table("c", "bob", "t", cols)] })).toEqual([
      0, 1, 2,
    ]);
    expect(
      ask(e, who("x"), "FilterColumns", undefined, { filterResources: [table("c", "nothing", "t", cols)] }),
    ).toEqual([]);
    expect(ask(e, who("x"), "FilterColumns", table("c", "shared", "view_source", ["a"]))).toBe(true);
  });
});

describe("functions and procedures", () => {
  const e = engineOf({
    catalogs: [{ catalog: "ro", allow: "read-only" }, { allow: "all" }],
    functions: [
      { user: "admin", schema: "system", function: "query", privileges: ["EXECUTE"] },
      { catalog: "hive", schema: "function", privileges: ["EXECUTE", "GRANT_EXECUTE", "OWNERSHIP"] },
      { catalog: "ro", privileges: ["OWNERSHIP"] },
    ],
    procedures: [
      {
        user: "admin",
        catalog: "delta",
        schema: "system",
        procedure: "register_table|unregister_table",
        privileges: ["EXECUTE", "GRANT_EXECUTE"],
      },
      { catalog: "delta", schema: "system", procedure: "vacuum", privileges: ["EXECUTE"] },
    ],
  });
  const cases: Array<[Who, Operation, Resource, boolean]> = [
    [who("admin"), "ExecuteFunction", fn("pg", "system", "query"), true],
    [who("bob"), "ExecuteFunction", fn("pg", "system", "query"), false],
    [who("admin"), "CreateViewWithExecuteFunction", fn("pg", "system", "query"), false],
    [who("bob"), "ExecuteFunction", fn("hive", "function", "f"), true],
    [who("bob"), "CreateViewWithExecuteFunction", fn("hive", "function", "f"), true],
    [who("bob"), "CreateFunction", fn("hive", "function", "f"), true],
    [who("bob"), "DropFunction", fn("hive", "other", "f"), false],
    // Creating a function asks read-only access to the catalog and OWNERSHIP (FileBasedSystemAccessControl.checkFunctionPermission).
    [who("bob"), "CreateFunction", fn("ro", "s", "f"), true],
    // Built-in functions are never asked about: always allowed.
    [who("bob"), "ExecuteFunction", fn("system", "builtin", "abs"), true],
    [who("admin"), "ExecuteProcedure", fn("delta", "system", "register_table"), true],
    [who("bob"), "ExecuteProcedure", fn("delta", "system", "register_table"), false],
    [who("bob"), "ExecuteProcedure", fn("delta", "system", "vacuum"), true],
    [who("bob"), "ExecuteProcedure", fn("system", "builtin", "x"), false],
  ];
  it.each(cases)("%j: %s on %j is %s", (w, op, r, expected) => {
    expect(ask(e, w, op, r)).toBe(expected);
  });
});

describe("{user} in catalog, schema and table patterns (UserSubstitutingPattern)", () => {
  const e = engineOf({
    catalogs: [{ catalog: "^({user}_catalog|sandbox)$", allow: "all" }],
    schemas: [{ catalog: "sandbox", schema: "^{user}$", owner: true }],
    tables: [
      { catalog: "^{user}_catalog$", privileges: ["SELECT"] },
      { catalog: "sandbox", schema: "^{user}$", privileges: ["SELECT", "INSERT", "OWNERSHIP"] },
    ],
    functions: [{ catalog: "^{user}_catalog$", privileges: ["EXECUTE"] }],
    procedures: [{ catalog: "sandbox", schema: "^{user}$", privileges: ["EXECUTE"] }],
    catalog_session_properties: [{ catalog: "^{user}_catalog$", allow: true }],
  });
  const cases: Array<[string, Operation, Resource, boolean]> = [
    ["alice", "AccessCatalog", catalog("alice_catalog"), true],
    ["alice", "AccessCatalog", catalog("bob_catalog"), false],
    ["alice", "CreateSchema", schema("sandbox", "alice"), true],
    ["alice", "CreateSchema", schema("sandbox", "bob"), false],
    ["alice", "InsertIntoTable", table("sandbox", "alice", "t"), true],
    ["alice", "SelectFromColumns", table("alice_catalog", "s", "t", ["a"]), true],
    ["bob", "SelectFromColumns", table("alice_catalog", "s", "t", ["a"]), false],
    ["alice", "ExecuteFunction", fn("alice_catalog", "s", "f"), true],
    ["alice", "ExecuteProcedure", fn("sandbox", "alice", "p"), true],
    ["alice", "ExecuteProcedure", fn("sandbox", "bob", "p"), false],
    [
      "alice",
      "SetCatalogSessionProperty",
      { catalogSessionProperty: { catalogName: "alice_catalog", propertyName: "p" } },
      true,
    ],
    // The user's name is quoted: a dot in it matches only a dot.
    ["a.b", "AccessCatalog", catalog("a.b_catalog"), true],
    ["a.b", "AccessCatalog", catalog("axb_catalog"), false],
  ];
  it.each(cases)("%s: %s on %j is %s", (name, op, r, expected) => {
    expect(ask(e, who(name), op, r)).toBe(expected);
  });
});

describe("row filters and column masks", () => {
  const e = engineOf({
    tables: [
      {
        user: "alice",
        table: "orders",
        privileges: ["SELECT"],
        filter: "region = 'eu'",
        columns: [{ name: "card", mask: "'****'" }],
      },
      { table: "orders", privileges: ["SELECT"], filter: "false", filter_environment: { user: "auditor" } },
    ],
  });
  it("take the first matching rule only, with its environment as the identity", () => {
    expect(ask(e, who("alice"), "GetRowFilters", table("c", "s", "orders"))).toEqual([{ expression: "region = 'eu'" }]);
    expect(ask(e, who("bob"), "GetRowFilters", table("c", "s", "orders"))).toEqual([
      { expression: "false", identity: "auditor" },
    ]);
    expect(ask(e, who("bob"), "GetColumnMask", column("c", "s", "orders", "card"))).toBeNull();
    expect(ask(e, who("alice"), "GetColumnMask", column("c", "s", "orders", "card"))).toEqual({ expression: "'****'" });
  });

  it("answers a batch of columns with the index of each masked one", () => {
    const batch = [column("c", "s", "orders", "id"), column("c", "s", "orders", "card")];
    expect(ask(e, who("alice"), "GetColumnMask", undefined, { filterResources: batch })).toEqual([
      { index: 1, viewExpression: { expression: "'****'" } },
    ]);
  });
});

describe("explain", () => {
  it("names the defaults that decided: an absent section, no rule matched, a question Trino never asks", () => {
    const absent = engineOf({}).explain(input(who("u"), "SelectFromColumns", table("c", "s", "t", ["a"])));
    expect(absent).toMatchObject({ result: true });
    expect(absent.decidedBy).toEqual([
      { section: "catalogs", default: "absent" },
      { section: "tables", default: "absent" },
    ]);
    const unmatched = engineOf({ tables: [{ table: "other", privileges: ["SELECT"] }] }).explain(
      input(who("u"), "SelectFromColumns", table("c", "s", "t", ["a"])),
    );
    expect(unmatched.result).toBe(false);
    expect(unmatched.decidedBy).toContainEqual({ section: "tables", default: "no rule matched" });
    expect(unmatched.reason).toMatch(/^SelectFromColumns is denied: /);
    const own = engineOf({ queries: [] }).explain(input(who("u"), "KillQueryOwnedBy", { user: { user: "u" } }));
    expect(own).toMatchObject({ result: true, decidedBy: [{ section: "queries", default: "not asked" }] });
    expect(own.reason).toMatch(/never asks/);
  });

  it("gives the rule as written in the document, whatever the case of its values", () => {
    const e = engineOf({ tables: [{ user: "u", privileges: ["select"], filter: "x > 0" }] });
    const x = e.explain(input(who("u"), "GetRowFilters", table("c", "s", "t")));
    expect(x.result).toEqual([{ expression: "x > 0" }]);
    expect(x.decidedBy).toEqual([
      { section: "tables", index: 0, rule: { user: "u", privileges: ["select"], filter: "x > 0" } },
    ]);
  });
});
