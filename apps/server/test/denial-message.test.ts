import { describe, expect, it } from "vitest";
import { parseDenial, tablesInQuery } from "../src/modules/policies/denial-message.js";

/** Messages as Trino's AccessDeniedException writes them ("Access Denied: " and a form). */
const cases: Array<[string, Record<string, unknown>]> = [
  [
    "Access Denied: Cannot select from columns [id, total_amount] in table or view hive.sales.orders",
    {
      action: "select from columns",
      catalog: "hive",
      schema: "sales",
      table: "orders",
      columns: ["id", "total_amount"],
    },
  ],
  [
    "Access Denied: Cannot select from columns [a] in branch audit in table iceberg.fin.ledger",
    { action: "select from columns", catalog: "iceberg", schema: "fin", table: "ledger", columns: ["a"] },
  ],
  [
    "Access Denied: Cannot select from table hive.hr.payroll",
    { action: "select from table", catalog: "hive", schema: "hr", table: "payroll", columns: [] },
  ],
  [
    "Access Denied: Cannot insert into table hive.sales.orders: read only",
    { action: "insert into table", catalog: "hive", schema: "sales", table: "orders" },
  ],
  ["Access Denied: Cannot delete from table hive.sales.orders", { action: "delete from table", table: "orders" }],
  [
    "Access Denied: Cannot update columns [status] in table hive.sales.orders",
    { action: "update columns", table: "orders", columns: ["status"] },
  ],
  ["Access Denied: Cannot drop table hive.sales.orders", { action: "drop table", table: "orders" }],
  ["Access Denied: Cannot show columns of table hive.hr.payroll", { action: "show columns", table: "payroll" }],
  ["Access Denied: Cannot create view hive.sales.v1", { action: "create view", table: "v1" }],
  [
    "Access Denied: View owner 'bob' cannot create view that selects from hive.hr.payroll",
    { action: "create view that selects", schema: "hr", table: "payroll" },
  ],
  [
    "Access Denied: Cannot show tables of schema hive.hr",
    { action: "show tables", catalog: "hive", schema: "hr", table: null },
  ],
  ["Access Denied: Cannot create schema hive.tmp", { action: "create schema", catalog: "hive", schema: "tmp" }],
  [
    "Access Denied: Cannot access catalog iceberg",
    { action: "access catalog", catalog: "iceberg", schema: null, table: null },
  ],
  ["Access Denied: Cannot show schemas", { action: "show schemas", catalog: null, table: null }],
  ["Access Denied: Cannot execute query", { action: "execute query", catalog: null }],
  [
    "Access Denied: Cannot set system session property query_max_run_time",
    { action: "set session property", catalog: null },
  ],
  [
    'Access Denied: Cannot select from columns [x] in table or view "hive"."odd.schema"."t"',
    { catalog: "hive", schema: "odd.schema", table: "t", columns: ["x"] },
  ],
];

describe("Trino's access-denied messages", () => {
  it.each(cases)("reads %s", (message, expected) => {
    expect(parseDenial(message)).toMatchObject(expected);
  });

  it("answers null for a message that is not a known denial", () => {
    expect(parseDenial("line 1:8: Column 'acount' cannot be resolved")).toBeNull();
    expect(parseDenial(null)).toBeNull();
  });
});

describe("tables named in a query's text (best effort)", () => {
  it("qualifies names with the session's catalog and schema, and skips strings and comments", () => {
    const sql = `-- FROM hive.x.not_this
      SELECT o.id FROM orders o JOIN hive.hr.employees e ON e.id = o.id
      JOIN crm.contacts c ON true WHERE o.note = 'FROM a.b.c'`;
    expect(tablesInQuery(sql, { catalog: "hive", schema: "sales" })).toEqual([
      { catalog: "hive", schema: "sales", table: "orders" },
      { catalog: "hive", schema: "hr", table: "employees" },
      { catalog: "hive", schema: "crm", table: "contacts" },
    ]);
  });

  it("leaves out a name it cannot qualify", () => {
    expect(tablesInQuery("SELECT * FROM orders", { catalog: null, schema: null })).toEqual([]);
  });
});
