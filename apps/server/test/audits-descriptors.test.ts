import { describe, expect, it } from "vitest";
import { auditRoutes } from "@console/contracts";
import { AUDIT_SOURCES } from "../src/modules/audits/sources.js";

describe("audit sources as descriptors", () => {
  it("has one descriptor for every audit tab paged from the database", () => {
    // Pages of items with a capped total; the notebook's tabs are read from the notebook service.
    const paged = Object.entries(auditRoutes)
      .filter(([, r]) => r.method === "GET" && "shape" in r.response && "capped" in (r.response.shape as object))
      .map(([name]) => name)
      .sort();
    const described = AUDIT_SOURCES.map((s) => Object.entries(auditRoutes).find(([, r]) => r === s.route)![0]).sort();
    expect(described).toEqual(paged);
    expect(described).toHaveLength(12);
  });

  it("reads each from its own table, in a stable order that ends with a unique column", () => {
    for (const s of AUDIT_SOURCES) {
      expect(s.from).toMatch(
        /^(audit_events|login_events|identity_admin_events|trino_query_events|airflow_dag_runs|minio_audit_events)$/,
      );
      expect(s.orderBy).toMatch(/(seq|id|run_id) DESC$|run_id$/);
    }
  });
});
