import { createHash, randomUUID } from "node:crypto";
import { canonicalJson } from "./canonical-json.js";
import { MAINTENANCE_TIMEOUT_MS, type Db, type Queryable } from "./db/index.js";

export { canonicalJson };

/** Chain lock: writers take it for the rest of their transaction, so links never fork. */
const CHAIN_LOCK = 727_002;
const GENESIS = "0".repeat(64);

export interface Actor {
  username: string;
  ipAddress: string | null;
}

export interface AuditEntry {
  /** The audit type key, e.g. userManagement, sync, settings-menu, policy-management-acl. */
  source: string;
  action: string;
  actor: Actor;
  status: string;
  subjectId?: string | null;
  subjectName?: string | null;
  summary?: string | null;
  details?: Record<string, unknown>;
}

interface StoredEvent {
  seq: number;
  id: string;
  created_at: Date;
  source: string;
  action: string;
  username: string;
  ip_address: string | null;
  status: string;
  subject_id: string | null;
  subject_name: string | null;
  summary: string | null;
  details: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

/** The hash of one link of the chain: the previous link and the event's canonical content. */
export function contentHash(prevHash: string, e: Omit<StoredEvent, "seq" | "prev_hash" | "hash">): string {
  const content = canonicalJson({
    id: e.id,
    created_at: e.created_at.toISOString(),
    source: e.source,
    action: e.action,
    username: e.username,
    ip_address: e.ip_address,
    status: e.status,
    subject_id: e.subject_id,
    subject_name: e.subject_name,
    summary: e.summary,
    details: e.details,
  });
  return createHash("sha256").update(prevHash).update("\n").update(content).digest("hex");
}

/**
 * Appends one event inside the caller's transaction. If it cannot be written the
 * caller's change rolls back with it.
 */
export async function writeAudit(q: Queryable, entry: AuditEntry): Promise<{ id: string; seq: number }> {
  await q.query("SELECT pg_advisory_xact_lock($1)", [CHAIN_LOCK]);
  const head = (
    await q.query<{ seq: number; hash: string; created_at: Date | null }>(
      "SELECT seq, hash, created_at FROM audit_chain_head WHERE id = 1",
    )
  ).rows[0];
  const prevHash = head?.hash ?? GENESIS;
  const event = {
    id: randomUUID(),
    // Never before the previous event (replicas' clocks differ a little): the chain's order and
    // its months agree, so each month partition holds one stretch of the chain.
    // Millisecond precision survives the round trip through timestamptz unchanged.
    created_at: new Date(Math.max(Math.floor(Date.now()), head?.created_at ? head.created_at.getTime() : 0)),
    source: entry.source,
    action: entry.action,
    username: entry.actor.username,
    ip_address: entry.actor.ipAddress,
    status: entry.status,
    subject_id: entry.subjectId ?? null,
    subject_name: entry.subjectName ?? null,
    summary: entry.summary ?? null,
    details: JSON.parse(JSON.stringify(entry.details ?? {})) as Record<string, unknown>,
  };
  const hash = contentHash(prevHash, event);
  const { rows } = await q.query<{ seq: number }>(
    `INSERT INTO audit_events (id, created_at, source, action, username, ip_address, status, subject_id, subject_name, summary, details, prev_hash, hash)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) RETURNING seq`,
    [
      event.id,
      event.created_at,
      event.source,
      event.action,
      event.username,
      event.ip_address,
      event.status,
      event.subject_id,
      event.subject_name,
      event.summary,
      JSON.stringify(event.details),
      prevHash,
      hash,
    ],
  );
  const seq = rows[0]!.seq;
  await q.query(
    `INSERT INTO audit_chain_head (id, seq, hash, created_at) VALUES (1, $1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash, created_at = EXCLUDED.created_at`,
    [seq, hash, event.created_at],
  );
  return { id: event.id, seq };
}

export interface ChainVerdict {
  valid: boolean;
  checked: number;
  brokenAtSeq: number | null;
  reason: string | null;
}

const TRAIL_COLUMNS =
  "seq, id, created_at, source, action, username, ip_address, status, subject_id, subject_name, summary, details, prev_hash, hash";

/** The trail source of the events that seal a checkpoint (see checkpointTrailPartition). */
export const RETENTION_SOURCE = "audit-retention";

interface Checkpoint {
  seq: number;
  hash: string;
}

/** Every table holding trail events: the row archive, archived months, then the live trail. */
async function trailTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
      WHERE schemaname = 'audit_archive' AND tablename LIKE 'audit\\_events\\_%' ORDER BY tablename`,
  );
  return ["audit_events_archive", ...rows.map((r) => r.name), "audit_events"];
}

/**
 * Recomputes every link from the first row to the recorded head, across the archived events
 * and the live ones, in the order of the chain. Where retention dropped a stretch, a checkpoint
 * holds its last link: the chain goes on from there, provided a later event of the chain seals
 * that checkpoint (a checkpoint added afterwards has no seal, and the chain cannot take one).
 */
export async function verifyAuditChain(db: Db, batch = 5000): Promise<ChainVerdict> {
  const head = (await db.query<{ seq: number; hash: string }>("SELECT seq, hash FROM audit_chain_head WHERE id = 1"))
    .rows[0];
  const checkpoints = new Map(
    (await db.query<Checkpoint>("SELECT seq, hash FROM audit_chain_checkpoints")).rows.map((c) => [c.hash, c]),
  );
  const union = (await trailTables(db))
    .map((t) => `SELECT ${TRAIL_COLUMNS} FROM ${t} WHERE seq > $1`)
    .join(" UNION ALL ");
  const unsealed = new Set<string>();
  let prev = GENESIS;
  let lastSeq = 0;
  let checked = 0;
  for (;;) {
    const { rows } = await db.query<StoredEvent>(`SELECT * FROM (${union}) trail ORDER BY seq LIMIT $2`, [
      lastSeq,
      batch,
    ]);
    for (const row of rows) {
      if (row.prev_hash !== prev) {
        const cp = checkpoints.get(row.prev_hash);
        if (!cp || cp.seq <= lastSeq || cp.seq >= row.seq)
          return { valid: false, checked, brokenAtSeq: row.seq, reason: "a previous event was removed or altered" };
        unsealed.add(cp.hash);
        prev = cp.hash;
      }
      const expected = contentHash(prev, row);
      if (expected !== row.hash)
        return { valid: false, checked, brokenAtSeq: row.seq, reason: "the event's content was altered" };
      const sealed = row.source === RETENTION_SOURCE ? (row.details.checkpoint as Checkpoint | null) : null;
      if (sealed && checkpoints.get(sealed.hash)?.seq === sealed.seq) unsealed.delete(sealed.hash);
      prev = row.hash;
      lastSeq = row.seq;
      checked++;
    }
    if (rows.length < batch) break;
  }
  if (head && (head.seq !== lastSeq || head.hash !== prev))
    return { valid: false, checked, brokenAtSeq: lastSeq, reason: "the latest events were removed" };
  if (!head && checked > 0) return { valid: false, checked, brokenAtSeq: null, reason: "the chain head is missing" };
  if (unsealed.size > 0)
    return { valid: false, checked, brokenAtSeq: null, reason: "a checkpoint is not sealed in the trail" };
  return { valid: true, checked, brokenAtSeq: null, reason: null };
}

/**
 * Records the last link of a trail partition about to leave the live table, so that the chain
 * verifies once that partition is dropped. The caller seals it with a trail event carrying the
 * returned checkpoint, in the same transaction.
 */
export async function checkpointTrailPartition(
  q: Queryable,
  partition: { name: string; from: Date | null; to: Date },
): Promise<{ events: number; checkpoint: Checkpoint | null }> {
  await q.query("SELECT pg_advisory_xact_lock($1)", [CHAIN_LOCK]);
  const { rows } = await q.query<{ n: number; first: number | null; last: number | null }>(
    `SELECT count(*) AS n, min(seq) AS first, max(seq) AS last FROM ${partition.name}`,
    [],
    { timeoutMs: MAINTENANCE_TIMEOUT_MS },
  );
  const { n, first, last } = rows[0]!;
  if (!n || last === null || first === null) return { events: 0, checkpoint: null };
  const hash = (await q.query<{ hash: string }>(`SELECT hash FROM ${partition.name} WHERE seq = $1`, [last])).rows[0]!
    .hash;
  await q.query(
    `INSERT INTO audit_chain_checkpoints (seq, hash, first_seq, events, partition_name, range_from, range_to)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [last, hash, first, n, partition.name, partition.from, partition.to],
  );
  return { events: Number(n), checkpoint: { seq: last, hash } };
}

/**
 * Moves the trail's events older than `cutoff` from `table` (the live trail or one of its
 * partitions) to audit_events_archive, in one transaction. Verification reads both.
 */
export async function archiveAuditEvents(db: Db, cutoff: Date, table = "audit_events"): Promise<number> {
  return db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock($1)", [CHAIN_LOCK]);
    await q.query("SELECT set_config('console.audit_archiving', 'on', true)");
    const { rows } = await q.query<{ n: string }>(
      `WITH moved AS (
         DELETE FROM ${table}
          WHERE seq <= (SELECT max(seq) FROM ${table} WHERE created_at < $1)
          RETURNING ${TRAIL_COLUMNS})
       , ins AS (INSERT INTO audit_events_archive (${TRAIL_COLUMNS}) SELECT ${TRAIL_COLUMNS} FROM moved RETURNING 1)
       SELECT count(*) AS n FROM ins`,
      [cutoff],
      { timeoutMs: MAINTENANCE_TIMEOUT_MS },
    );
    await q.query("SELECT set_config('console.audit_archiving', 'off', true)");
    return Number(rows[0]!.n);
  });
}
