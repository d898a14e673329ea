import type { SyncJob } from "@console/contracts";
import type { Queryable } from "../../platform/db/index.js";
import type { PlannedGroup, PlannedUser } from "./plan.js";

interface JobRow {
  id: string;
  status: SyncJob["status"];
  trigger: SyncJob["trigger"];
  started_by: string;
  started_at: Date;
  finished_at: Date | null;
  synced_users: number | null;
  synced_groups: number | null;
  message: string | null;
}

const toJob = (r: JobRow): SyncJob => ({
  id: r.id,
  status: r.status,
  trigger: r.trigger,
  startedBy: r.started_by,
  startedAt: new Date(r.started_at).toISOString(),
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  syncedUsers: r.synced_users,
  syncedGroups: r.synced_groups,
  message: r.message,
});

export async function insertJob(q: Queryable, id: string, trigger: SyncJob["trigger"], by: string): Promise<void> {
  await q.query("INSERT INTO sync_jobs (id, trigger, started_by, status) VALUES ($1, $2, $3, 'running')", [
    id,
    trigger,
    by,
  ]);
}

export async function finishJob(
  q: Queryable,
  id: string,
  outcome: { status: "completed" | "failed"; users: number | null; groups: number | null; message: string },
): Promise<void> {
  await q.query(
    `UPDATE sync_jobs SET status = $2, finished_at = now(), synced_users = $3, synced_groups = $4, message = $5
      WHERE id = $1`,
    [id, outcome.status, outcome.users, outcome.groups, outcome.message],
  );
}

/** Jobs left "running" by a console that stopped; called while holding the sync lock. */
export async function failStaleJobs(q: Queryable, currentId: string | null): Promise<void> {
  await q.query(
    `UPDATE sync_jobs SET status = 'failed', finished_at = now(), message = 'The console stopped before this sync finished.'
      WHERE status = 'running' AND id IS DISTINCT FROM $1`,
    [currentId],
  );
}

export async function findJob(q: Queryable, id: string): Promise<SyncJob | null> {
  const { rows } = await q.query<JobRow>("SELECT * FROM sync_jobs WHERE id = $1", [id]);
  return rows[0] ? toJob(rows[0]) : null;
}

export async function latestJob(q: Queryable): Promise<SyncJob | null> {
  const { rows } = await q.query<JobRow>("SELECT * FROM sync_jobs ORDER BY started_at DESC LIMIT 1");
  return rows[0] ? toJob(rows[0]) : null;
}

/** Names held by the console's own directory, which a sync never takes over. */
export async function localNames(
  q: Queryable,
  usernames: string[],
  groupNames: string[],
): Promise<{ users: Set<string>; groups: Set<string> }> {
  const [u, g] = await Promise.all([
    q.query<{ n: string }>(
      "SELECT username AS n FROM users WHERE source <> 'ldap' AND username IN (SELECT unnest($1::text[]))",
      [usernames],
    ),
    q.query<{ n: string }>(
      "SELECT name AS n FROM groups WHERE source <> 'ldap' AND lower(name) IN (SELECT lower(unnest($1::text[])))",
      [groupNames],
    ),
  ]);
  return { users: new Set(u.rows.map((r) => r.n)), groups: new Set(g.rows.map((r) => r.n.toLowerCase())) };
}

export async function countDirectoryEntries(q: Queryable): Promise<{ users: number; groups: number }> {
  const { rows } = await q.query<{ users: number; groups: number }>(
    `SELECT (SELECT count(*) FROM users WHERE source = 'ldap')::int AS users,
            (SELECT count(*) FROM groups WHERE source = 'ldap')::int AS groups`,
  );
  return rows[0]!;
}

/**
 * Creates directory users and updates changed ones (a user the sync had disabled because
 * they had left comes back enabled). Returns how many were created and updated.
 */
export async function upsertUsers(q: Queryable, batch: PlannedUser[]): Promise<{ created: number; updated: number }> {
  const col = <K extends keyof PlannedUser>(k: K) => batch.map((u) => u[k]);
  const { rows } = await q.query<{ created: number; updated: number }>(
    `WITH input AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
         AS t(username, first_name, last_name, email, external_id, external_dn)
     ), changed AS (
       INSERT INTO users (username, first_name, last_name, email, source, external_id, external_dn)
       SELECT username, first_name, last_name, email, 'ldap', external_id, external_dn FROM input
       ON CONFLICT (username) DO UPDATE SET
         first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, email = EXCLUDED.email,
         external_id = EXCLUDED.external_id, external_dn = EXCLUDED.external_dn,
         enabled = users.enabled OR users.sync_disabled, sync_disabled = false, updated_at = now()
       WHERE users.source = 'ldap'
         AND (users.first_name, users.last_name, users.email, users.external_id, users.external_dn, users.sync_disabled)
             IS DISTINCT FROM (EXCLUDED.first_name, EXCLUDED.last_name, EXCLUDED.email, EXCLUDED.external_id,
                               EXCLUDED.external_dn, false)
       RETURNING (xmax = 0) AS inserted
     )
     SELECT count(*) FILTER (WHERE inserted)::int AS created, count(*) FILTER (WHERE NOT inserted)::int AS updated
       FROM changed`,
    [col("username"), col("firstName"), col("lastName"), col("email"), col("externalId"), col("dn")],
  );
  return rows[0]!;
}

/** Disables directory users who are no longer in the directory; returns their names. */
export async function disableMissingUsers(q: Queryable, present: string[]): Promise<string[]> {
  const { rows } = await q.query<{ username: string }>(
    `UPDATE users SET enabled = false, sync_disabled = true, updated_at = now()
      WHERE source = 'ldap' AND enabled AND username NOT IN (SELECT unnest($1::text[]))
      RETURNING username`,
    [present],
  );
  return rows.map((r) => r.username).sort();
}

export async function upsertGroups(q: Queryable, batch: PlannedGroup[]): Promise<number> {
  const { rowCount } = await q.query(
    `INSERT INTO groups (name, source, external_id, external_dn)
     SELECT name, 'ldap', external_id, external_dn FROM unnest($1::text[], $2::text[], $3::text[]) AS t(name, external_id, external_dn)
     ON CONFLICT (name) DO UPDATE SET external_id = EXCLUDED.external_id, external_dn = EXCLUDED.external_dn
     WHERE groups.source = 'ldap'
       AND (groups.external_id, groups.external_dn) IS DISTINCT FROM (EXCLUDED.external_id, EXCLUDED.external_dn)`,
    [batch.map((g) => g.name), batch.map((g) => g.externalId), batch.map((g) => g.dn)],
  );
  return rowCount;
}

/** Makes the members of each group in the batch exactly the directory's. */
export async function setMemberships(q: Queryable, batch: PlannedGroup[]): Promise<{ added: number; removed: number }> {
  const pairs = batch.flatMap((g) => g.members.map((m) => [g.name, m] as const));
  const { rows } = await q.query<{ added: number; removed: number }>(
    `WITH wanted AS (
       SELECT g.id AS group_id, u.id AS user_id
         FROM unnest($1::text[], $2::text[]) AS p(group_name, username)
         JOIN groups g ON g.name = p.group_name AND g.source = 'ldap'
         JOIN users u ON u.username = p.username AND u.source = 'ldap'
     ), removed AS (
       DELETE FROM user_groups ug USING groups g
        WHERE ug.group_id = g.id AND g.source = 'ldap' AND g.name = ANY($3::text[])
          AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.group_id = ug.group_id AND w.user_id = ug.user_id)
       RETURNING 1
     ), added AS (
       INSERT INTO user_groups (user_id, group_id) SELECT user_id, group_id FROM wanted
       ON CONFLICT DO NOTHING RETURNING 1
     )
     SELECT (SELECT count(*) FROM added)::int AS added, (SELECT count(*) FROM removed)::int AS removed`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1]), batch.map((g) => g.name)],
  );
  return rows[0]!;
}

/** Deletes directory groups that are no longer in the directory; returns their names. */
export async function deleteMissingGroups(q: Queryable, present: string[]): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(
    "DELETE FROM groups WHERE source = 'ldap' AND name NOT IN (SELECT unnest($1::text[])) RETURNING name",
    [present],
  );
  return rows.map((r) => r.name).sort();
}

export async function directoryTotals(q: Queryable): Promise<{ users: number; groups: number }> {
  const { rows } = await q.query<{ users: number; groups: number }>(
    "SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM groups)::int AS groups",
  );
  return rows[0]!;
}
