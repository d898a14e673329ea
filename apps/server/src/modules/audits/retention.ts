import { archiveAuditEvents, checkpointTrailPartition, RETENTION_SOURCE, writeAudit } from "../../platform/audit.js";
import { MAINTENANCE_TIMEOUT_MS, type Db } from "../../platform/db/index.js";
import {
  AUDIT_PARTITIONED,
  lockPartitions,
  partitionsOf,
  type Partition,
  type PartitionedTable,
} from "../../platform/db/partitions.js";

const SLICE = 10_000;
const ARCHIVE_SCHEMA = "audit_archive";
const SYSTEM = { username: "system", ipAddress: null };
/** Scheduled work over whole months: not bound by the request time limit. */
const LONG = { timeoutMs: MAINTENANCE_TIMEOUT_MS };

/**
 * Applies the retention period. A partition whose whole range is older than the cutoff is
 * detached and moved, whole, to the `audit_archive` schema: no row is rewritten, and an
 * operator may dump and drop it (the trail's chain verifies across it through the checkpoint
 * taken here). So a month leaves once its last day is past the period.
 * Rows older than the cutoff in the partitions without a month (a migrated table's history,
 * the default partition) are moved row by row, as before partitioning: the trail's to
 * audit_events_archive, the other sources whole as JSON to audit_source_archive.
 */
export async function applyRetention(db: Db, days: number, now = new Date()): Promise<Record<string, number>> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const moved: Record<string, number> = {};
  for (const t of AUDIT_PARTITIONED) {
    let n = 0;
    for (const p of await partitionsOf(db, t.table)) {
      if (p.to && p.to <= cutoff) n += await archivePartition(db, t, { ...p, to: p.to });
      else if (!p.from) n += await archiveRows(db, t, p.name, cutoff);
    }
    moved[t.source] = n;
  }
  return moved;
}

/**
 * Detaches one partition into the archive schema, in one transaction that also writes a trail
 * event saying so (for the trail, that event seals the checkpoint of its last link).
 */
async function archivePartition(db: Db, t: PartitionedTable, p: Partition & { to: Date }): Promise<number> {
  return db.tx(async (q) => {
    await lockPartitions(q);
    const trail = t.table === "audit_events";
    // The chain lock first (the checkpoint takes it), then the table's: writers take them in that order.
    const { events, checkpoint } = trail
      ? await checkpointTrailPartition(q, p)
      : {
          events: Number((await q.query<{ n: number }>(`SELECT count(*) AS n FROM ${p.name}`, [], LONG)).rows[0]!.n),
          checkpoint: null,
        };
    await q.query(`ALTER TABLE ${t.table} DETACH PARTITION ${p.name}`, [], LONG);
    // An empty month holds nothing to keep.
    if (events === 0) {
      await q.query(`DROP TABLE ${p.name}`);
      return 0;
    }
    // A month archived before (and created again since) keeps its name; this one gets a suffix.
    const taken = await q.query("SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = $2", [
      ARCHIVE_SCHEMA,
      p.name,
    ]);
    const name = taken.rows.length ? `${p.name}_${Date.now()}` : p.name;
    if (name !== p.name) await q.query(`ALTER TABLE ${p.name} RENAME TO ${name}`);
    await q.query(`ALTER TABLE ${name} SET SCHEMA ${ARCHIVE_SCHEMA}`);
    if (trail)
      // Detaching drops the cloned row trigger: the archived month stays append-only.
      await q.query(
        `CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON ${ARCHIVE_SCHEMA}.${name}
           FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`,
      );
    await writeAudit(q, {
      source: RETENTION_SOURCE,
      action: "Archive",
      actor: SYSTEM,
      status: "success",
      subjectName: `${ARCHIVE_SCHEMA}.${name}`,
      summary: `${events} ${t.source} events up to ${p.to.toISOString()} archived`,
      details: { table: t.table, from: p.from?.toISOString() ?? null, to: p.to.toISOString(), events, checkpoint },
    });
    return events;
  });
}

/** Row by row, in slices that keep each transaction short, for a partition without a month. */
async function archiveRows(db: Db, t: PartitionedTable, partition: string, cutoff: Date): Promise<number> {
  if (t.table === "audit_events") return archiveAuditEvents(db, cutoff, partition);
  let total = 0;
  for (;;) {
    const n = await db.tx(async (q) => {
      await q.query("SELECT set_config('console.audit_archiving', 'on', true)");
      const { rows } = await q.query<{ n: string }>(
        `WITH doomed AS (SELECT ctid FROM ${partition} WHERE ${t.time} < $1 LIMIT ${SLICE}),
              moved AS (DELETE FROM ${partition} t USING doomed d WHERE t.ctid = d.ctid RETURNING t.*),
              ins AS (INSERT INTO audit_source_archive (source, time, row)
                      SELECT $2, m.${t.time}, to_jsonb(m) FROM moved m RETURNING 1)
         SELECT count(*) AS n FROM ins`,
        [cutoff, t.source],
        LONG,
      );
      return Number(rows[0]!.n);
    });
    total += n;
    if (n < SLICE) return total;
  }
}
