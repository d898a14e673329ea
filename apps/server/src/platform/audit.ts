import { createHash, randomUUID } from "node:crypto";
import type { Db, Queryable } from "./db/index.js";

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

/** JSON with object keys sorted at every level, so equal content always hashes equally. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

function contentHash(prevHash: string, e: Omit<StoredEvent, "seq" | "prev_hash" | "hash">): string {
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
  const head = (await q.query<{ seq: number; hash: string }>("SELECT seq, hash FROM audit_chain_head WHERE id = 1"))
    .rows[0];
  const prevHash = head?.hash ?? GENESIS;
  const event = {
    id: randomUUID(),
    // Millisecond precision survives the round trip through timestamptz unchanged.
    created_at: new Date(Math.floor(Date.now())),
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
    `INSERT INTO audit_chain_head (id, seq, hash) VALUES (1, $1, $2)
     ON CONFLICT (id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash`,
    [seq, hash],
  );
  return { id: event.id, seq };
}

export interface ChainVerdict {
  valid: boolean;
  checked: number;
  brokenAtSeq: number | null;
  reason: string | null;
}

/**
 * Recomputes every link from the first row to the recorded head: the archived events first
 * (retention moves the oldest there), then the live ones, as one chain.
 */
export async function verifyAuditChain(db: Db, batch = 5000): Promise<ChainVerdict> {
  const head = (await db.query<{ seq: number; hash: string }>("SELECT seq, hash FROM audit_chain_head WHERE id = 1"))
    .rows[0];
  let prev = GENESIS;
  let lastSeq = 0;
  let checked = 0;
  for (const table of ["audit_events_archive", "audit_events"]) {
    for (;;) {
      const { rows } = await db.query<StoredEvent>(`SELECT * FROM ${table} WHERE seq > $1 ORDER BY seq LIMIT $2`, [
        lastSeq,
        batch,
      ]);
      for (const row of rows) {
        if (row.prev_hash !== prev)
          return { valid: false, checked, brokenAtSeq: row.seq, reason: "a previous event was removed or altered" };
        const expected = contentHash(prev, row);
        if (expected !== row.hash)
          return { valid: false, checked, brokenAtSeq: row.seq, reason: "the event's content was altered" };
        prev = row.hash;
        lastSeq = row.seq;
        checked++;
      }
      if (rows.length < batch) break;
    }
  }
  if (head && (head.seq !== lastSeq || head.hash !== prev))
    return { valid: false, checked, brokenAtSeq: lastSeq, reason: "the latest events were removed" };
  if (!head && checked > 0) return { valid: false, checked, brokenAtSeq: null, reason: "the chain head is missing" };
  return { valid: true, checked, brokenAtSeq: null, reason: null };
}

const TRAIL_COLUMNS =
  "seq, id, created_at, source, action, username, ip_address, status, subject_id, subject_name, summary, details, prev_hash, hash";

/**
 * Moves the trail's events older than `cutoff` to audit_events_archive, in one transaction.
 * Only a prefix of the chain moves, so archive and live rows still form one verifiable chain.
 */
export async function archiveAuditEvents(db: Db, cutoff: Date): Promise<number> {
  return db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock($1)", [CHAIN_LOCK]);
    await q.query("SELECT set_config('console.audit_archiving', 'on', true)");
    const { rows } = await q.query<{ n: string }>(
      `WITH moved AS (
         DELETE FROM audit_events
          WHERE seq <= (SELECT max(seq) FROM audit_events WHERE created_at < $1)
          RETURNING ${TRAIL_COLUMNS})
       , ins AS (INSERT INTO audit_events_archive (${TRAIL_COLUMNS}) SELECT ${TRAIL_COLUMNS} FROM moved RETURNING 1)
       SELECT count(*) AS n FROM ins`,
      [cutoff],
    );
    await q.query("SELECT set_config('console.audit_archiving', 'off', true)");
    return Number(rows[0]!.n);
  });
}
