import { describe, expect, it } from "vitest";
import type { TrinoRules } from "@console/contracts";
import { evaluate } from "../src/modules/policies/evaluate.js";

/** Rules in the spirit of the examples of Trino's file-based access control documentation. */
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
    },
    {
      catalog: "hive",
      schema: "hr",
      table: "employee_masked",
      privileges: ["SELECT"],
      columns: [
        { name: "ssn", mask: "'XXX-XX-' || substring(ssn, -4)" },
        { name: "salary", allow: false },
      ],
    },
    { catalog: "hive", schema: "default", table: ".*", privileges: ["SELECT"] },
  ],
} as unknown as TrinoRules;

const who = (user: string, ...groups: string[]) => ({ user, groups });

describe("what a user can see, with Trino's first-match semantics", () => {
  it("admins match the first table rule everywhere in catalogs they may use", () => {
    const e = evaluate(docs, who("ann", "admin"), "mysql", "any", "thing");
    expect(e).toMatchObject({ catalogAccess: "all", catalogRule: 0, tableRule: 0 });
    expect(e.privileges).toEqual(["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP"]);
  });

  it("a catalog that no rule allows denies its tables, whatever the table rule says", () => {
    const e = evaluate(docs, who("ann", "admin"), "postgres", "public", "t");
    expect(e).toMatchObject({ catalogAccess: "none", catalogRule: null, tableRule: 0, privileges: [] });
  });

  it("a group regex matches when any of the user's groups matches", () => {
    expect(evaluate(docs, who("fin", "sales", "finance"), "postgres", "s", "t").catalogRule).toBe(1);
    expect(evaluate(docs, who("fin", "sales"), "postgres", "s", "t").catalogAccess).toBe("none");
  });

  it("the banned user's empty privileges win over later rules (first match)", () => {
    const e = evaluate(docs, who("banned_user"), "hive", "default", "t");
    expect(e).toMatchObject({ tableRule: 1, privileges: [] });
  });

  it("takes the row filter and column masks from the first matching rule only", () => {
    expect(evaluate(docs, who("bob"), "hive", "hr", "employee")).toMatchObject({
      tableRule: 2,
      privileges: ["SELECT"],
      filter: "user = current_user",
    });
    const masked = evaluate(docs, who("bob"), "hive", "hr", "employee_masked");
    expect(masked.columns.get("ssn")).toEqual({ allow: true, mask: "'XXX-XX-' || substring(ssn, -4)" });
    expect(masked.columns.get("salary")).toEqual({ allow: false, mask: null });
    expect(masked.filter).toBeNull();
  });

  it("matches names whole: hr does not match hr2, and no matching rule denies", () => {
    expect(evaluate(docs, who("bob"), "hive", "hr2", "employee")).toMatchObject({ tableRule: null, privileges: [] });
    expect(evaluate(docs, who("bob"), "hive", "default", "anything")).toMatchObject({ tableRule: 4 });
  });

  it("read-only catalog access keeps only reading", () => {
    const rules = {
      catalogs: [{ user: "alice", catalog: "postgresql", allow: "read-only" }],
      tables: [{ privileges: ["SELECT", "INSERT", "DELETE"] }],
    } as unknown as TrinoRules;
    expect(evaluate(rules, who("alice"), "postgresql", "s", "t").privileges).toEqual(["SELECT"]);
  });

  it("a missing section allows everything in it", () => {
    expect(evaluate({}, who("x"), "c", "s", "t")).toMatchObject({ catalogAccess: "all", tableRule: null });
    expect(evaluate({}, who("x"), "c", "s", "t").privileges).toContain("SELECT");
  });
});
