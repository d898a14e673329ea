import { describe, expect, it } from "vitest";
import { documentProblems } from "./check-document.js";
import { parseRules } from "./engine.js";

const parsed = (doc: unknown) => {
  const r = parseRules(doc);
  return r.ok ? [] : r.problems;
};

/** A publication as the console compiles one: the same table rule for many users. */
const rule = (user: string, extra: Record<string, unknown> = {}) => ({
  user,
  catalog: "sales",
  schema: "crm",
  table: "customers",
  privileges: ["SELECT"],
  columns: [{ name: "email", mask: "'***'" }],
  filter: "region = 'eu'",
  ...extra,
});

describe("documentProblems", () => {
  it("accepts what parseRules accepts", () => {
    const doc = { catalogs: [{ allow: "all" }], tables: [rule("ann"), rule("bob"), rule("cy", { group: "ops" })] };
    expect(parsed(doc)).toEqual([]);
    expect(documentProblems(doc)).toEqual([]);
  });

  it("names a problem of a repeated rule body at each rule, as parseRules does", () => {
    const bad = { privileges: ["SELECT", "READ"] };
    const doc = { tables: [rule("ann"), rule("bob", bad), rule("cy"), rule("dee", bad)] };
    const found = documentProblems(doc);
    expect(found.map((p) => p.path)).toEqual(["tables.1.privileges.1", "tables.3.privileges.1"]);
    expect(found).toEqual(parsed(doc));
  });

  it("checks each rule's own principal patterns, in the document's order", () => {
    const doc = {
      tables: [rule("ann"), rule("bob(", {}), rule("cy", { role: "[" }), rule("dee", { privileges: ["WRITE"] })],
      functions: [{ privileges: ["NOPE"] }],
    };
    const found = documentProblems(doc);
    expect(found.map((p) => p.path)).toEqual([
      "tables.1.user",
      "tables.2.role",
      "tables.3.privileges.0",
      "functions.0.privileges.0",
    ]);
    expect(new Set(found.map((p) => `${p.path} ${p.message}`))).toEqual(
      new Set(parsed(doc).map((p) => `${p.path} ${p.message}`)),
    );
  });

  it.each([
    ["a section that is not a list", { tables: {} }],
    ["a document that is not an object", []],
    ["a rule that is not an object", { tables: [rule("ann"), 3] }],
    ["a user that is not a string", { tables: [rule("ann"), { ...rule("bob"), user: 7 }] }],
    ["an unknown key", { tables: [rule("ann", { colour: "red" })] }],
  ])("finds what parseRules finds in %s", (_what, doc) => {
    const ours = documentProblems(doc);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours).toEqual(parsed(doc));
  });
});
