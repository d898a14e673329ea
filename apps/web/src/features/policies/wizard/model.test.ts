import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { changedFields, INITIAL, type WizardValues } from "./model";

const saved: WizardValues = {
  ...INITIAL,
  policyName: "sales analysts",
  category: "tables",
  catalogName: "hive",
  schemaName: ["sales"],
  tables: ["customers", "orders"],
  tablePrivileges: ["SELECT"],
  columnDetails: [
    {
      table: "customers",
      name: "email",
      columnDataType: "varchar(255)",
      type: "predefine",
      mask: "hash",
      conditions: [],
    },
  ],
  assignToUsers: ["ana", "bob"],
  period: [dayjs("2030-01-01T00:00:00"), dayjs("2030-01-31T23:59:59")],
};

describe("the policy wizard's unsaved-changes check", () => {
  it("finds nothing changed in the saved policy itself", () => {
    expect(changedFields({ ...saved }, saved)).toEqual([]);
  });

  it("names each field that differs from the saved policy", () => {
    expect(changedFields({ ...saved, policyName: "sales team" }, saved)).toEqual(["policyName"]);
    expect(changedFields({ ...saved, tables: ["customers"], assignToUsers: ["ana"] }, saved)).toEqual([
      "tables",
      "assignToUsers",
    ]);
    expect(changedFields({ ...saved, catalogName: "iceberg" }, saved)).toEqual(["catalogName"]);
    expect(changedFields({ ...saved, period: [dayjs("2030-01-02"), dayjs("2030-01-31")] }, saved)).toEqual(["period"]);
    expect(changedFields({ ...saved, columnDetails: [] }, saved)).toEqual(["columnDetails"]);
  });

  it("does not count a field edited and set back, nor the order of a selection or a mask's key order", () => {
    const edited = { ...saved, policyName: "sales analysts x" };
    expect(changedFields({ ...edited, policyName: "sales analysts" }, saved)).toEqual([]);
    expect(
      changedFields(
        {
          ...saved,
          tables: ["orders", "customers"],
          assignToUsers: ["bob", "ana"],
          columnDetails: [
            {
              conditions: [],
              mask: "hash",
              type: "predefine",
              columnDataType: "varchar(255)",
              name: "email",
              table: "customers",
            },
          ],
          // Another time on the same days is the same period (it is stored as whole days).
          period: [dayjs("2030-01-01T10:00:00"), dayjs("2030-01-31T08:00:00")],
        },
        saved,
      ),
    ).toEqual([]);
  });

  it("treats an untouched new form as unchanged and any entry in it as a change", () => {
    expect(changedFields({ ...INITIAL }, INITIAL)).toEqual([]);
    expect(changedFields({ ...INITIAL, policyName: "  " }, INITIAL)).toEqual([]);
    expect(changedFields({ ...INITIAL, category: "catalog" }, INITIAL)).toEqual(["category"]);
  });
});
