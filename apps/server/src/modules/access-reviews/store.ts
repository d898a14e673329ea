import type { Queryable } from "../../platform/db/index.js";

/** A user as Trino's decisions see them: the directory's groups (as `/acl/evaluate` reads them). */
export interface Person {
  username: string;
  enabled: boolean;
  groups: string[];
}

/** Every user of the directory with their groups, by name. */
export async function people(q: Queryable): Promise<Person[]> {
  const { rows } = await q.query<Person>(
    `SELECT u.username, u.enabled,
            coalesce(array_agg(g.name ORDER BY g.name) FILTER (WHERE g.name IS NOT NULL), '{}') AS groups
       FROM users u LEFT JOIN user_groups ug ON ug.user_id = u.id LEFT JOIN groups g ON g.id = ug.group_id
      GROUP BY u.id ORDER BY u.username`,
  );
  return rows;
}

export async function policyCreators(q: Queryable): Promise<Map<number, string>> {
  const { rows } = await q.query<{ id: number; created_by: string }>("SELECT id, created_by FROM policies");
  return new Map(rows.map((r) => [r.id, r.created_by]));
}

export async function groupNamesExist(q: Queryable, names: string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ name: string }>("SELECT name FROM groups WHERE name = ANY($1::text[])", [names]);
  return new Set(rows.map((r) => r.name));
}

export async function usersExist(q: Queryable, names: string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ username: string }>("SELECT username FROM users WHERE username = ANY($1::text[])", [
    names.map((n) => n.toLowerCase()),
  ]);
  return new Set(rows.map((r) => r.username));
}

export async function groupMembersOf(q: Queryable, group: string): Promise<string[]> {
  const { rows } = await q.query<{ username: string }>(
    `SELECT u.username FROM users u JOIN user_groups ug ON ug.user_id = u.id JOIN groups g ON g.id = ug.group_id
      WHERE g.name = $1 AND u.enabled ORDER BY u.username`,
    [group],
  );
  return rows.map((r) => r.username);
}

export interface Usage {
  username: string;
  catalog: string;
  schema_name: string;
  table_name: string;
  last_read: Date | null;
  queries30: number;
  queries90: number;
}

/**
 * Queries per user and table from the access rollup (UTC days; today counts in both windows):
 * the last read and the counts over 30 and 90 days. `column` keeps the reads that named it.
 */
export async function usage(
  q: Queryable,
  where: { catalogs: string[]; schema?: string; table?: string; column?: string },
): Promise<Usage[]> {
  const { rows } = await q.query<Usage>(
    `SELECT a.username, a.catalog, a.schema_name, a.table_name, max(r.last_seen) AS last_read,
            coalesce(sum(r.queries) FILTER (WHERE r.day > (now() AT TIME ZONE 'UTC')::date - 30), 0)::int AS queries30,
            coalesce(sum(r.queries) FILTER (WHERE r.day > (now() AT TIME ZONE 'UTC')::date - 90), 0)::int AS queries90
       FROM trino_accesses a JOIN trino_access_rollup r ON r.access_key = a.access_key
      WHERE a.catalog = ANY($1::text[])
        AND ($2::text IS NULL OR a.schema_name = $2) AND ($3::text IS NULL OR a.table_name = $3)
        AND ($4::text IS NULL OR $4 = ANY(a.columns))
      GROUP BY a.username, a.catalog, a.schema_name, a.table_name`,
    [where.catalogs, where.schema ?? null, where.table ?? null, where.column ?? null],
  );
  return rows;
}

/** Who last gave each policy its present form (created, updated, cloned or approved it), from the audit trail. */
export async function grants(q: Queryable, policyIds: number[]): Promise<Map<number, { by: string; at: Date }>> {
  if (policyIds.length === 0) return new Map();
  const { rows } = await q.query<{ id: string; username: string; created_at: Date }>(
    `SELECT DISTINCT ON (subject_id) subject_id AS id, username, created_at FROM audit_events
      WHERE source = 'policy-management-acl' AND action IN ('Create', 'Update', 'Clone', 'Approve')
        AND subject_id = ANY($1::text[])
      ORDER BY subject_id, seq DESC`,
    [policyIds.map(String)],
  );
  return new Map(rows.map((r) => [Number(r.id), { by: r.username, at: r.created_at }]));
}

/** Revocations: a user out of a policy's users (and the policy disabled when it is left with nobody). */
export async function narrowPolicy(
  q: Queryable,
  policyId: number,
  users: string[],
  by: string,
): Promise<{ name: string; disabled: boolean } | null> {
  const { rows } = await q.query<{ policy_name: string; users: string[]; groups: string[] }>(
    `UPDATE policies SET body = jsonb_set(body, '{assignToUsers}',
            coalesce((SELECT jsonb_agg(u) FROM jsonb_array_elements_text(body->'assignToUsers') u WHERE NOT u = ANY($2::text[])), '[]'::jsonb)),
            synced = false, updated_by = $3, updated_at = now()
      WHERE id = $1 AND state <> 'deleted'
      RETURNING policy_name, ARRAY(SELECT jsonb_array_elements_text(body->'assignToUsers')) AS users,
                ARRAY(SELECT jsonb_array_elements_text(body->'assignToGroups')) AS groups`,
    [policyId, users, by],
  );
  const r = rows[0];
  if (!r) return null;
  const empty = r.users.length === 0 && r.groups.length === 0;
  if (empty) await q.query("UPDATE policies SET state = 'disabled' WHERE id = $1", [policyId]);
  return { name: r.policy_name, disabled: empty };
}

export async function removeFromGroup(q: Queryable, username: string, group: string): Promise<boolean> {
  const { rowCount } = await q.query(
    `DELETE FROM user_groups WHERE user_id = (SELECT id FROM users WHERE username = $1)
        AND group_id = (SELECT id FROM groups WHERE name = $2)`,
    [username, group],
  );
  return rowCount > 0;
}
