import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentHash, verifyAuditChain, writeAudit } from "../src/platform/audit.js";
import { migrate, type Db } from "../src/platform/db/index.js";
import { splitStatements } from "../src/platform/db/migrate.js";
import { migrations } from "../src/platform/db/migrations/index.js";
import { applyRetention } from "../src/modules/audits/retention.js";
import { ensureAuditPartitions, monthPartitionName, monthStart } from "../src/platform/db/partitions.js";
import { storeTrinoEvents, TrinoCompletedEvent } from "../src/modules/audits/ingest-trino.js";
import { DB_KINDS, openTestDb, type TestDb } from "./support/db.js";

const DAY = 86_400_000;
const PARTITIONING = "0410_audit_partitions";

/** Applies the migrations that come before partitioning: an installation of the previous release. */
async function migrateToPreviousSchema(db: Db): Promise<void> {
  await db.query("CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
  for (const m of migrations) {
    if (m.id === PARTITIONING) break;
    for (const statement of splitStatements(m.sql)) await db.query(statement);
    await db.query("INSERT INTO schema_migrations (id) VALUES ($1)", [m.id]);
  }
}

/** Trail events at the given times, chained as the console chains them (the head without its time). */
async function trailEvents(db: Db, times: Date[]): Promise<void> {
  let prev = "0".repeat(64);
  let seq = 0;
  for (const [i, at] of times.entries()) {
    const e = {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      created_at: at,
      source: "settings-menu",
      action: "Activate",
      username: "admin",
      ip_address: "10.0.0.1",
      status: "success",
      subject_id: null,
      subject_name: `menu-${i}`,
      summary: null,
      details: {},
    };
    const hash = contentHash(prev, e);
    seq = (
      await db.query<{ seq: number }>(
        `INSERT INTO audit_events (id, created_at, source, action, username, ip_address, status, subject_id, subject_name, summary, details, prev_hash, hash)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) RETURNING seq`,
        [
          e.id,
          at,
          e.source,
          e.action,
          e.username,
          e.ip_address,
          e.status,
          null,
          e.subject_name,
          null,
          "{}",
          prev,
          hash,
        ],
      )
    ).rows[0]!.seq;
    prev = hash;
  }
  await db.query("INSERT INTO audit_chain_head (id, seq, hash) VALUES (1, $1, $2)", [seq, prev]);
}

const trinoEvent = (id: string, at: Date) =>
  TrinoCompletedEvent.parse({
    metadata: { queryId: id, query: "SELECT 1", queryState: "FINISHED" },
    statistics: { wallTime: 1.5 },
    context: { user: "ana" },
    ioMetadata: { inputs: [] },
    createTime: at.toISOString(),
    endTime: at.toISOString(),
  });

const count = async (db: Db, sql: string) => Number((await db.query<{ n: number }>(sql)).rows[0]!.n);

describe.each(DB_KINDS)("audit tables partitioned by month (%s)", (kind) => {
  let t: TestDb;
  const now = new Date();
  const times = [400, 95, 62, 31, 3, 0].map((d) => new Date(now.getTime() - d * DAY - 60_000));

  beforeAll(async () => {
    t = await openTestDb(kind);
    await migrateToPreviousSchema(t.db);
  });
  afterAll(() => t.drop());

  it("migrates an installation with events: every event kept, keys and the chain intact", async () => {
    const db = t.db;
    await trailEvents(db, times);
    for (const [i, at] of times.entries()) {
      await db.query(
        "INSERT INTO trino_query_events (query_id, created_at, username, query, query_state, failed) VALUES ($1, $2, 'ana', 'SELECT 1', 'FINISHED', false)",
        [`old_${i}`, at],
      );
      await db.query("INSERT INTO minio_audit_events (entry_key, time, api_name) VALUES ($1, $2, 'GetObject')", [
        `k${i}`,
        at,
      ]);
      await db.query(
        "INSERT INTO login_events (time, username, type, realm, external_id) VALUES ($1, 'ana', 'LOGIN', 'acme', $2)",
        [at, `e${i}`],
      );
      await db.query(
        `INSERT INTO identity_admin_events (time, auth_details, operation_type, resource_type, resource_path)
         VALUES ($1, '{"username":"ana"}', 'UPDATE', 'USER', 'users/1')`,
        [at],
      );
      await db.query(
        "INSERT INTO airflow_dag_runs (dag_id, run_id, execution_date, run_type, external_trigger, state) VALUES ('d', $1, $2, 'scheduled', false, 'success')",
        [`r${i}`, at],
      );
    }
    // Later migrations run after it as well.
    expect((await migrate(db))[0]).toBe(PARTITIONING);

    for (const table of [
      "audit_events",
      "trino_query_events",
      "minio_audit_events",
      "login_events",
      "identity_admin_events",
      "airflow_dag_runs",
    ]) {
      expect(await count(db, `SELECT count(*) AS n FROM ${table}`)).toBe(times.length);
      // Kept where they were: the old table is now the partition of everything before next month.
      expect(await count(db, `SELECT count(*) AS n FROM ${table}_legacy`)).toBe(times.length);
      expect(
        (await db.query<{ relkind: string }>("SELECT relkind FROM pg_class WHERE relname = $1", [table])).rows[0],
      ).toEqual({ relkind: "p" });
    }
    expect(await verifyAuditChain(db)).toEqual({ valid: true, checked: times.length, brokenAtSeq: null, reason: null });
    // A new event chains on, after the newest one; counters go on from where they were.
    await db.tx((q) =>
      writeAudit(q, { source: "sync", action: "Sync", actor: { username: "a", ipAddress: null }, status: "success" }),
    );
    expect(await verifyAuditChain(db)).toMatchObject({ valid: true, checked: times.length + 1 });
    const ids = await db.query<{ id: number }>(
      "INSERT INTO login_events (username, type) VALUES ('bo', 'LOGIN') RETURNING id",
    );
    expect(ids.rows[0]!.id).toBe(times.length + 1);
    // Duplicates are still ignored: a retried Trino event, a Keycloak event read twice.
    expect(await storeTrinoEvents(db, [trinoEvent("old_4", times[4]!), trinoEvent("new_1", now)])).toHaveLength(1);
    const again = await db.query(
      `INSERT INTO login_events (time, username, type, realm, external_id) VALUES ($1, 'ana', 'LOGIN', 'acme', 'e2')
       ON CONFLICT (realm, external_id, time) WHERE external_id IS NOT NULL DO NOTHING`,
      [times[2]],
    );
    expect(again.rowCount).toBe(0);
    // Still append-only, the migrated history included.
    await expect(db.query("DELETE FROM audit_events_legacy")).rejects.toThrow(/append-only/);
    await expect(db.query("TRUNCATE audit_events_legacy")).rejects.toThrow(/append-only/);
    await expect(db.query("UPDATE identity_admin_events SET error = 'x'")).rejects.toThrow(/append-only/);
  });

  it("makes months ahead once, and moves what the default partition caught into its month", async () => {
    const db = t.db;
    const created = await ensureAuditPartitions(db, { now, monthsAhead: 3 });
    expect(created).toContain(monthPartitionName("trino_query_events", monthStart(now, 3)));
    expect(created).toContain(monthPartitionName("audit_events", monthStart(now, 2)));
    expect(await ensureAuditPartitions(db, { now, monthsAhead: 3 })).toEqual([]);

    // Far outside every partition: the insert still succeeds, into the default partition.
    const later = new Date(Date.UTC(now.getUTCFullYear() + 5, 4, 10));
    expect(await storeTrinoEvents(db, [trinoEvent("far", later)])).toHaveLength(1);
    const where = () =>
      db.query<{ p: string }>("SELECT tableoid::regclass::text AS p FROM trino_query_events WHERE query_id = 'far'");
    expect((await where()).rows).toEqual([{ p: "trino_query_events_default" }]);
    const before = await count(db, "SELECT count(*) AS n FROM trino_query_events");

    const made = await ensureAuditPartitions(db, { now: later, monthsAhead: 0 });
    expect(made).toContain(monthPartitionName("trino_query_events", later));
    expect((await where()).rows).toEqual([{ p: monthPartitionName("trino_query_events", later) }]);
    expect(await count(db, "SELECT count(*) AS n FROM trino_query_events")).toBe(before);
    expect(await storeTrinoEvents(db, [trinoEvent("far", later)])).toHaveLength(0);
    // Each month of the trail refuses TRUNCATE on its own.
    await expect(db.query(`TRUNCATE ${monthPartitionName("audit_events", later)}`)).rejects.toThrow(/append-only/);
  });
});

describe.each(DB_KINDS)("retention by month (%s)", (kind) => {
  let t: TestDb;
  const now = new Date();
  const mid = (offset: number) => new Date(monthStart(now, offset).getTime() + 14 * DAY);
  const times = [mid(-3), mid(-2), mid(-2), new Date(now.getTime() - 60_000)];
  beforeAll(async () => {
    t = await openTestDb(kind);
    await migrate(t.db);
    await ensureAuditPartitions(t.db, { now, monthsBack: 4, monthsAhead: 1 });
  });
  afterAll(() => t.drop());

  const archived = async () =>
    (
      await t.db.query<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'audit_archive' ORDER BY 1",
      )
    ).rows.map((r) => r.name);

  it("archives whole months past the period; the chain verifies, even once they are dropped", async () => {
    const db = t.db;
    await trailEvents(db, times);
    await storeTrinoEvents(
      db,
      times.map((at, i) => trinoEvent(`q${i}`, at)),
    );
    // The period ends at the start of last month: the two months before it go, last month stays.
    const moved = await applyRetention(db, 1, new Date(monthStart(now, -1).getTime() + DAY));
    expect(moved).toMatchObject({ trail: 3, trino: 3, minio: 0 });
    const gone = [-3, -2].flatMap((m) =>
      ["audit_events", "trino_query_events"].map((table) => monthPartitionName(table, monthStart(now, m))),
    );
    expect(await archived()).toEqual([...gone].sort());
    expect(await count(db, "SELECT count(*) AS n FROM trino_query_events")).toBe(1);
    expect(await count(db, `SELECT count(*) AS n FROM audit_archive.${gone[1]}`)).toBe(1);
    // Empty months past the period are dropped, not archived.
    expect(
      await count(
        db,
        `SELECT count(*) AS n FROM pg_class WHERE relname = '${monthPartitionName("minio_audit_events", monthStart(now, -4))}'`,
      ),
    ).toBe(0);

    const seals = await count(db, "SELECT count(*) AS n FROM audit_events WHERE source = 'audit-retention'");
    expect(seals).toBe(4);
    expect(await verifyAuditChain(db)).toEqual({
      valid: true,
      checked: times.length + seals,
      brokenAtSeq: null,
      reason: null,
    });
    // An archived month is still append-only.
    await expect(db.query(`DELETE FROM audit_archive.${gone[0]}`)).rejects.toThrow(/append-only/);

    // The operator exports and drops the archived months: the checkpoints bridge the gap.
    for (const name of gone) await db.query(`DROP TABLE audit_archive.${name}`);
    expect(await verifyAuditChain(db)).toEqual({ valid: true, checked: 1 + seals, brokenAtSeq: null, reason: null });
    expect(await count(db, "SELECT count(*) AS n FROM audit_chain_checkpoints")).toBe(2);
  });

  it("refuses a checkpoint that no event of the chain seals", async () => {
    const db = t.db;
    // Someone removes the newest month's first event and writes a checkpoint to cover it.
    const victim = (
      await db.query<{ seq: number; hash: string }>(
        "SELECT seq, hash FROM audit_events WHERE source <> 'audit-retention' ORDER BY seq DESC LIMIT 1",
      )
    ).rows[0]!;
    await db.exec("ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change");
    await db.query("DELETE FROM audit_events WHERE seq = $1", [victim.seq]);
    await db.exec("ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change");
    expect(await verifyAuditChain(db)).toMatchObject({
      valid: false,
      reason: "a previous event was removed or altered",
    });
    await db.query(
      "INSERT INTO audit_chain_checkpoints (seq, hash, first_seq, events, partition_name, range_to) VALUES ($1, $2, $1, 1, 'forged', now())",
      [victim.seq, victim.hash],
    );
    expect(await verifyAuditChain(db)).toMatchObject({
      valid: false,
      reason: "a checkpoint is not sealed in the trail",
    });
  });
});
