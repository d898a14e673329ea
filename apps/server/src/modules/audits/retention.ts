import { archiveAuditEvents } from "../../platform/audit.js";
import type { Db } from "../../platform/db/index.js";

/** Tables of the other sources and the column that dates their rows. */
const SOURCE_TABLES = [
  { source: "trino", table: "trino_query_events", time: "created_at" },
  { source: "minio", table: "minio_audit_events", time: "time" },
  { source: "airflow", table: "airflow_dag_runs", time: "execution_date" },
  { source: "login", table: "login_events", time: "time" },
  { source: "admin-events", table: "identity_admin_events", time: "time" },
] as const;

const SLICE = 10_000;

/**
 * Moves every event older than the retention period to the archive tables: the trail's own
 * chain to audit_events_archive, the other sources whole as JSON to audit_source_archive.
 * Slices keep each transaction short on a large backlog.
 */
export async function applyRetention(db: Db, days: number, now = new Date()): Promise<Record<string, number>> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const moved: Record<string, number> = { trail: await archiveAuditEvents(db, cutoff) };
  for (const s of SOURCE_TABLES) {
    moved[s.source] = 0;
    for (;;) {
      const n = await db.tx(async (q) => {
        await q.query("SELECT set_config('console.audit_archiving', 'on', true)");
        const { rows } = await q.query<{ n: string }>(
          `WITH doomed AS (SELECT ctid FROM ${s.table} WHERE ${s.time} < $1 LIMIT ${SLICE}),
                moved AS (DELETE FROM ${s.table} t USING doomed d WHERE t.ctid = d.ctid RETURNING t.*),
                ins AS (INSERT INTO audit_source_archive (source, time, row)
                        SELECT $2, m.${s.time}, to_jsonb(m) FROM moved m RETURNING 1)
           SELECT count(*) AS n FROM ins`,
          [cutoff, s.source],
        );
        return Number(rows[0]!.n);
      });
      moved[s.source] = (moved[s.source] ?? 0) + n;
      if (n < SLICE) break;
    }
  }
  return moved;
}
