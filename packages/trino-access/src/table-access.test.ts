import { describe, expect, it } from "vitest";
import { engineOf, who } from "./test-support.js";

/** The server's "what can this user see" (apps/server/src/modules/policies/evaluate.ts), decided through the engine. */
const docs = {
  catalogs: [
    { group: "admin", catalog: "(mysql|system)", allow: "all" },
    { group: "finance|human_resources", catalog: "postgres", allow: "all" },
    { catalog: "hive", allow: "all" },
    { user: "alice", catalog: "postgresql", allow: "read-only" },
    { catalog: "system", allow: "none" },
  ],
  schemas: [],
  tables: [
    { group: "admin", privileges: ["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP"] },
    { user: "banned_user", privileges: [] },
    {
      catalog: "hive",
      schema: "hr",
      table: "employee",
      privileges: ["SELECT"],
      filter: "user = current_user",
      filter_environment: { user: "hr_admin" },
    },
    {
      catalog: "hive",
      schema: "hr",
      table: "employee_masked",
      privileges: ["SELECT"],
      columns: [
        { name: "ssn", mask: "'XXX-XX-' || substring(ssn, -4)", mask_environment: { user: "hr_admin" } },
        { name: "salary", allow: false },
      ],
    },
    { catalog: "hive", schema: "default", table: ".*", privileges: ["SELECT"] },
  ],
};
const e = engineOf(docs);

describe("tableAccess: a drop-in superset of evaluate()", () => {
  it("admins match the first table rule everywhere in catalogs they may use", () => {
    const a = e.tableAccess(who("ann", "admin"), "mysql", "any", "thing");
    expect(a).toMatchObject({ catalogAccess: "all", catalogRule: 0, tableRule: 0, visible: true });
    expect(a.privileges).toEqual(["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP"]);
  });

  it("a catalog no rule allows denies its tables, whatever the table rule says", () => {
    expect(e.tableAccess(who("ann", "admin"), "postgres", "public", "t")).toMatchObject({
      catalogAccess: "none",
      catalogRule: null,
      tableRule: 0,
      privileges: [],
      visible: false,
    });
  });

  it("matches a group when any of the user's groups matches, names whole, and first match wins", () => {
    expect(e.tableAccess(who("fin", "sales", "finance"), "postgres", "s", "t").catalogRule).toBe(1);
    expect(e.tableAccess(who("banned_user"), "hive", "default", "t")).toMatchObject({
      tableRule: 1,
      privileges: [],
      visible: false,
    });
    expect(e.tableAccess(who("bob"), "hive", "hr2", "employee")).toMatchObject({ tableRule: null, privileges: [] });
    expect(e.tableAccess(who("bob"), "hive", "default", "anything")).toMatchObject({
      tableRule: 4,
      privileges: ["SELECT"],
      visible: true,
    });
  });

  it("gives the filter and masks of the first matching rule, with their environments", () => {
    expect(e.tableAccess(who("bob"), "hive", "hr", "employee")).toMatchObject({
      tableRule: 2,
      filter: "user = current_user",
      filterEnvironment: { user: "hr_admin" },
    });
    const masked = e.tableAccess(who("bob"), "hive", "hr", "employee_masked");
    expect(masked.columns.get("ssn")).toEqual({
      allow: true,
      mask: "'XXX-XX-' || substring(ssn, -4)",
      maskEnvironment: { user: "hr_admin" },
    });
    expect(masked.columns.get("salary")).toEqual({ allow: false, mask: null, maskEnvironment: null });
    expect(masked.filter).toBeNull();
  });

  it("bounds privileges by the catalog: read-only keeps SELECT and GRANT_SELECT", () => {
    const r = engineOf({
      catalogs: [{ user: "alice", catalog: "postgresql", allow: "read-only" }],
      tables: [{ privileges: ["SELECT", "INSERT", "GRANT_SELECT"] }],
    });
    expect(r.tableAccess(who("alice"), "postgresql", "s", "t").privileges).toEqual(["SELECT", "GRANT_SELECT"]);
  });

  it("a missing section allows everything in it", () => {
    const a = engineOf({}).tableAccess(who("x"), "c", "s", "t");
    expect(a).toMatchObject({
      catalogAccess: "all",
      catalogRule: null,
      tableRule: null,
      schemaOwner: true,
      visible: true,
    });
    expect(a.privileges).toEqual(["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP", "GRANT_SELECT"]);
  });

  it("keeps file order across its indexes: a pattern rule above a rule naming the user still wins", () => {
    const r = engineOf({
      catalogs: [{ allow: "all" }],
      tables: [
        { user: "al.*", catalog: "hive", privileges: ["SELECT"], filter: "a = 1" },
        { user: "alice", catalog: "hive", schema: "s", table: "t", privileges: ["SELECT", "INSERT"] },
        { catalog: "hive", privileges: [] },
      ],
    });
    expect(r.tableAccess(who("alice"), "hive", "s", "t")).toMatchObject({ tableRule: 0, filter: "a = 1" });
    expect(r.tableAccess(who("bob"), "hive", "s", "t")).toMatchObject({ tableRule: 2, privileges: [] });
  });
});

describe("where evaluate() differed from Trino", () => {
  it("the system catalog stays usable when a catalogs section exists (Trino appends a rule for it)", () => {
    const r = engineOf({ catalogs: [{ catalog: "hive", allow: "all" }] });
    expect(r.tableAccess(who("x"), "system", "runtime", "nodes")).toMatchObject({
      catalogAccess: "all",
      catalogRule: null,
    });
  });

  it("information_schema is not governed by table rules", () => {
    const r = engineOf({ catalogs: [{ allow: "read-only" }], tables: [] });
    expect(r.tableAccess(who("x"), "hive", "information_schema", "tables")).toMatchObject({
      tableRule: null,
      privileges: ["SELECT", "GRANT_SELECT"],
      visible: true,
    });
  });

  it("patterns are Java's: (?i) folds ASCII only and . stops at line terminators", () => {
    const r = engineOf({ tables: [{ table: "(?i)orders", privileges: ["SELECT"] }] });
    expect(r.tableAccess(who("x"), "c", "s", "ORDERS").privileges).toEqual(["SELECT"]);
  });

  it("the legacy booleans and owner are catalog access values", () => {
    const r = engineOf({
      catalogs: [
        { catalog: "a", allow: true },
        { catalog: "b", allow: "owner" },
      ],
    });
    expect(r.tableAccess(who("x"), "a", "s", "t").catalogAccess).toBe("all");
    expect(r.tableAccess(who("x"), "b", "s", "t").catalogAccess).toBe("owner");
  });
});
