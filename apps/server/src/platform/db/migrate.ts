import { migrations } from "./migrations/index.js";
import { MAINTENANCE_TIMEOUT_MS, type Db } from "./types.js";

/** Advisory lock id that keeps two replicas from migrating at once. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies every migration not yet recorded, each in its own transaction, under a lock.
 * Running it again is a no-op, on PGlite and PostgreSQL alike.
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await q.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set((await q.query<{ id: string }>("SELECT id FROM schema_migrations")).rows.map((r) => r.id));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      // A migration may rework large tables (0410 partitions the audit tables): no request limit.
      for (const statement of splitStatements(m.sql))
        await q.query(statement, undefined, { timeoutMs: MAINTENANCE_TIMEOUT_MS });
      await q.query("INSERT INTO schema_migrations (id) VALUES ($1)", [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}

/** Splits a script on semicolons that end a statement, keeping $$-quoted bodies whole. */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = "";
  let inDollar = false;
  let inQuote = false;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (!inQuote && sql.startsWith("$$", i)) {
      inDollar = !inDollar;
      current += "$$";
      i++;
      continue;
    }
    if (!inDollar && ch === "'") inQuote = !inQuote;
    if (!inDollar && !inQuote && ch === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      i = end === -1 ? sql.length : end;
      continue;
    }
    if (!inDollar && !inQuote && ch === ";") {
      if (current.trim()) out.push(current.trim());
      current = "";
      continue;
    }
    current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
