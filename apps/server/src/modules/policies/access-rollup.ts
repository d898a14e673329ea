import { ROLLUP_DAYS } from "../../platform/db/access-rollup-sql.js";
import type { Queryable } from "../../platform/db/index.js";

/** Drops the days no window reaches any more, and the accesses left without a day. */
export async function pruneAccessRollup(q: Queryable, now = new Date()): Promise<void> {
  const oldest = new Date(now.getTime() - ROLLUP_DAYS * 86_400_000).toISOString().slice(0, 10);
  await q.query("DELETE FROM trino_access_rollup WHERE day < $1::date", [oldest]);
  await q.query("DELETE FROM trino_impersonations WHERE day < $1::date", [oldest]);
  await q.query(
    `DELETE FROM trino_accesses a WHERE NOT EXISTS (SELECT 1 FROM trino_access_rollup r WHERE r.access_key = a.access_key)`,
  );
}
