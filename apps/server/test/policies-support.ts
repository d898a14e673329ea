import { startNotebookSim, startTrinoSim } from "@console/sandbox";
import type { Db } from "../src/platform/db/index.js";

export const ACL = "/admin-api/api/v1/acl";

/** A complete table policy form; `over` replaces fields. */
export function tablePolicy(over: Record<string, unknown> = {}) {
  return {
    policyName: "sales analysts",
    category: "tables",
    catalogName: "hive",
    schemaName: ["sales"],
    tables: ["customers"],
    tablePrivileges: ["SELECT"],
    assignToGroups: ["analysts"],
    columnDetails: [
      { table: "customers", name: "email", columnDataType: "varchar(255)", type: "predefine", mask: "hash" },
      { table: "customers", name: "national_id", columnDataType: "varchar(20)", type: "predefine", mask: "restrict" },
    ],
    rowFilters: [
      { table: "customers", columnName: "country", columnDataType: "char(2)", filterCondition: "IN", value: "AE, SA" },
    ],
    ...over,
  };
}

/** The sandbox's Trino and notebook service, for the metadata and tag calls. */
export async function startMetadata() {
  const [trino, notebook] = await Promise.all([startTrinoSim({ pageSize: 25 }), startNotebookSim()]);
  return {
    trino,
    notebook,
    urls: { trino: trino.url, notebook: notebook.url },
    stop: async () => {
      await trino.stop();
      await notebook.stop();
    },
  };
}

export async function policyAudit(db: Db, action?: string) {
  const { rows } = await db.query<{ action: string; subject_name: string | null; details: Record<string, unknown> }>(
    `SELECT action, subject_name, details FROM audit_events WHERE source = 'policy-management-acl'
      ${action ? "AND action = $1" : ""} ORDER BY seq`,
    action ? [action] : [],
  );
  return rows;
}
