import { MAINTENANCE_TIMEOUT_MS, type Db, type Queryable } from "./types.js";

/**
 * The audit tables partitioned by month (migration 0410) and the column that dates their rows.
 * `source` names each in the retention figures.
 */
export const AUDIT_PARTITIONED = [
  { source: "trail", table: "audit_events", time: "created_at" },
  { source: "trino", table: "trino_query_events", time: "created_at" },
  { source: "minio", table: "minio_audit_events", time: "time" },
  { source: "login", table: "login_events", time: "time" },
  { source: "admin-events", table: "identity_admin_events", time: "time" },
  { source: "airflow", table: "airflow_dag_runs", time: "execution_date" },
] as const;

export type PartitionedTable = (typeof AUDIT_PARTITIONED)[number];

export interface Partition {
  name: string;
  /** null: from the beginning of time (a migrated table's history, `<table>_legacy`). */
  from: Date | null;
  /** null only for the default partition. */
  to: Date | null;
  isDefault: boolean;
}

/** Keeps two replicas (or maintenance and retention) from changing one table's partitions at once. */
export const PARTITION_LOCK = 727_003;

export async function partitionsOf(q: Queryable, table: string): Promise<Partition[]> {
  const { rows } = await q.query<{ name: string; lo: Date | null; hi: Date | null; is_default: boolean }>(
    "SELECT name, lo, hi, is_default FROM audit_partition_bounds($1) ORDER BY lo NULLS FIRST, is_default",
    [table],
  );
  return rows.map((r) => ({ name: r.name, from: r.lo, to: r.hi, isDefault: r.is_default }));
}

/** The name of `table`'s partition for the month of `at` (UTC), as audit_ensure_month names it. */
export function monthPartitionName(table: string, at: Date): string {
  return `${table}_p${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The first instant of the month `offset` months after the month of `at`, in UTC. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/**
 * Makes sure every audit table has a partition for each month from `monthsBack` before the
 * month of `now` to `monthsAhead` after it, so that inserts land in their month rather than
 * in the default partition. Each month is its own short transaction. Returns the partitions
 * created. Whatever the default partition caught for a new month moves into it.
 */
export async function ensureAuditPartitions(
  db: Db,
  opts: { now?: Date; monthsAhead?: number; monthsBack?: number } = {},
): Promise<string[]> {
  const now = opts.now ?? new Date();
  const created: string[] = [];
  for (const t of AUDIT_PARTITIONED) {
    for (let m = -(opts.monthsBack ?? 0); m <= (opts.monthsAhead ?? 3); m++) {
      const at = monthStart(now, m);
      const made = await db.tx(async (q) => {
        await q.query("SELECT pg_advisory_xact_lock($1)", [PARTITION_LOCK]);
        // Moving what the default partition caught may take a while: not a request.
        const { rows } = await q.query<{ made: boolean }>("SELECT audit_ensure_month($1, $2) AS made", [t.table, at], {
          timeoutMs: MAINTENANCE_TIMEOUT_MS,
        });
        return rows[0]!.made;
      });
      if (made) created.push(monthPartitionName(t.table, at));
    }
  }
  return created;
}

/** Takes the partition lock inside the caller's transaction. */
export async function lockPartitions(q: Queryable): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock($1)", [PARTITION_LOCK]);
}
