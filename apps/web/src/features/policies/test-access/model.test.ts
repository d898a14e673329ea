import { describe, expect, it } from "vitest";
import { answerKind, complete, INITIAL_FORM, neededFields, toInput } from "./model";

const alice = { user: "alice", groups: ["analysts"] };

describe("the Test access form", () => {
  it("builds the input Trino's OPA access control sends, for each kind of resource", () => {
    const select = { ...INITIAL_FORM, catalog: "hive", schema: "sales", table: "customers", columns: ["id", "email"] };
    expect(toInput(select, alice)).toEqual({
      context: { identity: { user: "alice", groups: ["analysts"] } },
      action: {
        operation: "SelectFromColumns",
        resource: {
          table: { catalogName: "hive", schemaName: "sales", tableName: "customers", columns: ["id", "email"] },
        },
      },
    });
    expect(toInput({ ...INITIAL_FORM, operation: "ImpersonateUser", targetUser: "bob" }, alice).action).toEqual({
      operation: "ImpersonateUser",
      resource: { user: { user: "bob" } },
    });
    expect(toInput({ ...INITIAL_FORM, operation: "ExecuteQuery" }, alice).action).toEqual({
      operation: "ExecuteQuery",
    });
    expect(
      toInput({ ...INITIAL_FORM, operation: "FilterTables", catalog: "hive", schema: "sales", table: "orders" }, alice)
        .action,
    ).toEqual({
      operation: "FilterTables",
      filterResources: [{ table: { catalogName: "hive", schemaName: "sales", tableName: "orders" } }],
    });
    expect(
      toInput(
        {
          ...INITIAL_FORM,
          operation: "SetTableAuthorization",
          catalog: "c",
          schema: "s",
          table: "t",
          grantee: "r1",
          granteeType: "ROLE",
        },
        alice,
      ).action,
    ).toMatchObject({ grantee: { type: "ROLE", name: "r1" } });
  });

  it("asks only for what the operation needs, and is complete once it is there", () => {
    expect(neededFields("ExecuteQuery")).toEqual([]);
    expect(neededFields("SetCatalogSessionProperty")).toEqual(["catalog", "property"]);
    expect(complete({ ...INITIAL_FORM, catalog: "hive", schema: "sales", table: "t" })).toBe(false);
    expect(complete({ ...INITIAL_FORM, catalog: "hive", schema: "sales", table: "t", columns: ["a"] })).toBe(true);
  });

  it("reads each kind of answer", () => {
    expect(answerKind("SelectFromColumns", true).kind).toBe("allowed");
    expect(answerKind("FilterTables", []).kind).toBe("denied");
    expect(answerKind("FilterTables", [0]).kind).toBe("allowed");
    expect(answerKind("GetRowFilters", [{ expression: "a = 1" }])).toEqual({
      kind: "expressions",
      expressions: ["a = 1"],
    });
    expect(answerKind("GetColumnMask", null).kind).toBe("noMask");
  });
});
