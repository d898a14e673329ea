import { describe, expect, it } from "vitest";
import { parseRules } from "./engine.js";
import { parseInput } from "./input.js";

const problems = (doc: unknown) => {
  const r = parseRules(doc);
  return r.ok ? [] : r.problems;
};

describe("parseRules reads a document as Trino's Jackson parsing does", () => {
  it("accepts the documentation's examples, enum values in any case and the legacy booleans", () => {
    const r = parseRules({
      catalogs: [
        { role: "admin", catalog: "(mysql|system)", allow: "all" },
        { group: "finance|human_resources", catalog: "postgres", allow: true },
        { catalog: "hive", allow: "ALL" },
        { user: "alice", catalog: "postgresql", allow: "read-only" },
        { catalog: "system", allow: false },
        { catalog: "admin_.*", allow: "owner" },
      ],
      tables: [{ role: "admin", privileges: ["select", "Insert", "GRANT_SELECT"] }],
      queries: [{ allow: ["EXECUTE"] }],
      system_information: [{ user: "alice", allow: ["Read"] }],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rules.document.catalogs!.map((c) => c.allow)).toEqual(["all", "all", "all", "read-only", "none", "owner"]);
    expect(r.rules.document.tables![0]!.privileges).toEqual(["SELECT", "INSERT", "GRANT_SELECT"]);
    expect(r.rules.document.queries![0]!.allow).toEqual(["execute"]);
  });

  it("reads a JSON null as absent, and a missing primitive boolean as false", () => {
    const r = parseRules({
      tables: null,
      schemas: [{ schema: "s", user: null }],
      system_session_properties: [{ property: "x" }],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rules.document.tables).toBeUndefined();
    expect(r.rules.document.schemas).toEqual([{ schema: "s", owner: false }]);
    expect(r.rules.document.system_session_properties).toEqual([{ property: "x", allow: false }]);
  });

  it("accepts the camel-case aliases Trino accepts and gives impersonation and authorization their defaults", () => {
    const r = parseRules({
      impersonation: [{ originalUser: "a", newUser: "b" }],
      authorization: [{ originalGroup: "g", newRole: "r" }],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rules.document.impersonation).toEqual([{ original_user: "a", new_user: "b", allow: true }]);
    expect(r.rules.document.authorization).toEqual([{ original_group: "g", new_role: "r", allow: true }]);
  });

  const refused: Array<[string, unknown, string, RegExp]> = [
    ["an unknown section", { colour: [] }, "colour", /unknown key/],
    ["an unknown key in a rule", { tables: [{ privileges: [], colour: 1 }] }, "tables.0.colour", /unknown key/],
    [
      "an unknown key in a column",
      { tables: [{ privileges: [], columns: [{ name: "a", hide: true }] }] },
      "tables.0.columns.0.hide",
      /unknown key/,
    ],
    [
      "an unknown privilege",
      { tables: [{}, { privileges: ["SELECT", "READ"] }] },
      "tables.1.privileges.1",
      /must be one of/,
    ],
    ["missing privileges", { tables: [{ table: "t" }] }, "tables.0.privileges", /required/],
    ["an unknown catalog access", { catalogs: [{ allow: "write" }] }, "catalogs.0.allow", /./],
    ["a missing catalog access", { catalogs: [{ catalog: "x" }] }, "catalogs.0.allow", /./],
    ["a number for a pattern", { schemas: [{ schema: 5, owner: true }] }, "schemas.0.schema", /expected string/],
    ["a string for a boolean", { schemas: [{ owner: "yes" }] }, "schemas.0.owner", /expected boolean/],
    [
      "an invalid regular expression",
      { catalogs: [{ catalog: "a**", allow: "all" }] },
      "catalogs.0.catalog",
      /not a valid Java regular expression/,
    ],
    [
      "{user} where Trino does not substitute it",
      { catalogs: [{ user: "{user}", allow: "all" }] },
      "catalogs.0.user",
      /Illegal repetition/,
    ],
    [
      "an invalid pattern around {user}",
      { tables: [{ schema: "^{user}[$", privileges: [] }] },
      "tables.0.schema",
      /Unclosed character class/,
    ],
    [
      "a pattern this engine cannot reproduce",
      { tables: [{ table: "(?>x)", privileges: [] }] },
      "tables.0.table",
      /cannot reproduce exactly/,
    ],
    [
      "a repeated column",
      { tables: [{ privileges: [], columns: [{ name: "a" }, { name: "a", mask: "NULL" }] }] },
      "tables.0.columns.1.name",
      /more than once/,
    ],
    [
      "a column without a name",
      { tables: [{ privileges: [], columns: [{ allow: false }] }] },
      "tables.0.columns.0.name",
      /required/,
    ],
    [
      "queryOwner with execute",
      { queries: [{ queryOwner: "a", allow: ["execute"] }] },
      "queries.0.allow",
      /queryOwner/,
    ],
    [
      "impersonation without new_user",
      { impersonation: [{ original_user: "a" }] },
      "impersonation.0.new_user",
      /required/,
    ],
    [
      "authorization without new_user or new_role",
      { authorization: [{ original_user: "a" }] },
      "authorization.0",
      /new_user or new_role/,
    ],
    [
      "a principal rule without a criterion",
      { principals: [{ principal: "a", allow: true }] },
      "principals.0",
      /at least one criterion/,
    ],
    [
      "function kinds",
      { functions: [{ privileges: ["EXECUTE"], function_kinds: ["TABLE"] }] },
      "functions.0.function_kinds",
      /no longer supported/,
    ],
    [
      "an unknown procedure privilege",
      { procedures: [{ privileges: ["OWNERSHIP"] }] },
      "procedures.0.privileges.0",
      /must be one of/,
    ],
    ["a section that is not a list", { tables: {} }, "tables", /expected array/],
    ["a document that is not an object", [], "", /expected object/],
  ];
  it.each(refused)("refuses %s, naming its path", (_what, doc, path, message) => {
    const found = problems(doc).find((p) => p.path === path);
    expect(found, JSON.stringify(problems(doc))).toBeDefined();
    expect(found!.message).toMatch(message);
  });

  it("accepts empty function kinds, as Trino does", () => {
    expect(problems({ functions: [{ privileges: ["EXECUTE"], function_kinds: [] }] })).toEqual([]);
  });
});

describe("parseInput reads what the OPA plugin sends", () => {
  const ctx = { identity: { user: "alice", groups: ["g"] }, softwareStack: { trinoVersion: "479" } };
  it("accepts a check and a batch", () => {
    expect(
      parseInput({
        context: ctx,
        action: {
          operation: "SelectFromColumns",
          resource: { table: { catalogName: "c", schemaName: "s", tableName: "t", columns: ["a"] } },
        },
      }).ok,
    ).toBe(true);
    expect(
      parseInput({
        context: ctx,
        action: { operation: "FilterCatalogs", filterResources: [{ catalog: { name: "c" } }] },
      }).ok,
    ).toBe(true);
    expect(parseInput({ context: ctx, action: { operation: "ExecuteQuery" } }).ok).toBe(true);
  });

  const bad: Array<[string, unknown, string, RegExp]> = [
    [
      "a missing table name",
      { operation: "InsertIntoTable", resource: { table: { catalogName: "c", schemaName: "s" } } },
      "action.resource.table.tableName",
      /required/,
    ],
    ["a missing resource", { operation: "DropTable" }, "action.resource", /required/],
    [
      "the wrong resource",
      { operation: "DropTable", resource: { catalog: { name: "c" } } },
      "action.resource.table",
      /required/,
    ],
    [
      "columns missing for SelectFromColumns",
      { operation: "SelectFromColumns", resource: { table: { catalogName: "c", schemaName: "s", tableName: "t" } } },
      "action.resource.table.columns",
      /required/,
    ],
    [
      "a batch of an operation never batched",
      { operation: "DropTable", filterResources: [] },
      "action.filterResources",
      /batches/,
    ],
    [
      "a missing target",
      { operation: "RenameTable", resource: { table: { catalogName: "c", schemaName: "s", tableName: "t" } } },
      "action.targetResource",
      /required/,
    ],
    [
      "a missing grantee",
      { operation: "SetSchemaAuthorization", resource: { schema: { catalogName: "c", schemaName: "s" } } },
      "action.grantee",
      /required/,
    ],
    ["an unknown operation", { operation: "FlyToTheMoon" }, "action.operation", /not an operation/],
    [
      "a batch entry without its catalog",
      { operation: "FilterCatalogs", filterResources: [{ catalog: { name: "c" } }, {}] },
      "action.filterResources.1.catalog",
      /required/,
    ],
  ];
  it.each(bad)("names %s by path", (_what, action, path, message) => {
    const r = parseInput({ context: ctx, action });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const found = r.problems.find((p) => p.path === path);
    expect(found, JSON.stringify(r.problems)).toBeDefined();
    expect(found!.message).toMatch(message);
  });

  it("needs the identity's user", () => {
    const r = parseInput({ context: { identity: {} }, action: { operation: "ExecuteQuery" } });
    expect(r.ok ? [] : r.problems).toContainEqual({ path: "context.identity.user", message: "required" });
  });
});
