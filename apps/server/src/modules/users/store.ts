import { GROUP_MEMBERS_PREVIEW, type Group, type User } from "@console/contracts";
import type { Queryable } from "../../platform/db/index.js";
import { containsPattern } from "../../platform/db/like.js";
import { verifyPassword } from "../../platform/passwords.js";

export interface UserFilter {
  searchQuery?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  group?: string;
  status?: "active" | "inactive";
}

export interface PageRequest<S extends string> {
  page: number;
  size: number;
  sortBy?: S;
  sortOrder: "asc" | "desc";
}

interface UserRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  enabled: boolean;
  source: string;
  groups: string[] | null;
}

export const toUser = (r: UserRow): User => ({
  id: r.id,
  username: r.username,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  groups: r.groups ?? [],
  enabled: r.enabled,
  source: r.source,
});

// Each order matches an index (users_name_sort_idx, users_email_sort_idx, the username key),
// so a page of a large directory is read in order instead of sorted whole.
const USER_ORDER: Record<string, (dir: string) => string> = {
  name: (d) => `lower(u.first_name) ${d}, lower(u.last_name) ${d}, u.username ${d}`,
  username: (d) => `u.username ${d}`,
  email: (d) => `lower(u.email) ${d}, u.username ${d}`,
  status: (d) => `u.enabled ${d}, u.username ${d}`,
};

function userConditions(f: UserFilter): { where: string; params: unknown[] } {
  const conds: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    conds.push(sql(`$${params.length}`));
  };
  if (f.searchQuery) add((p) => `u.search_text LIKE ${p}`, containsPattern(f.searchQuery));
  if (f.firstName) add((p) => `lower(u.first_name) LIKE ${p}`, containsPattern(f.firstName));
  if (f.lastName) add((p) => `lower(u.last_name) LIKE ${p}`, containsPattern(f.lastName));
  if (f.email) add((p) => `lower(u.email) LIKE ${p}`, containsPattern(f.email));
  if (f.group)
    add(
      (p) => `u.id IN (SELECT ug.user_id FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE g.name = ${p})`,
      f.group,
    );
  if (f.status) add((p) => `u.enabled = ${p}`, f.status === "active");
  return { where: conds.length ? `WHERE ${conds.join(" AND ")}` : "", params };
}

const USER_FIELDS = "u.id, u.username, u.first_name, u.last_name, u.email, u.enabled, u.source";
const USER_COLUMNS = `${USER_FIELDS},
  (SELECT array_agg(g.name ORDER BY g.name) FROM user_groups ug JOIN groups g ON g.id = ug.group_id
    WHERE ug.user_id = u.id) AS groups`;

/**
 * The number of all users, kept between changes: counting a large directory on every
 * unfiltered page costs more than the page. Dropped on every change to users (any replica),
 * and after a minute in any case.
 */
export class UserTotal {
  private cached: { at: number; total: Promise<number> } | null = null;
  clear(): void {
    this.cached = null;
  }
  get(count: () => Promise<number>): Promise<number> {
    if (this.cached && Date.now() - this.cached.at < 60_000) return this.cached.total;
    const total = count();
    this.cached = { at: Date.now(), total };
    total.catch(() => (this.cached = null));
    return total;
  }
}

export async function listUsers(
  q: Queryable,
  f: UserFilter,
  p: PageRequest<"name" | "username" | "email" | "status">,
  allUsers?: UserTotal,
): Promise<{ items: User[]; total: number }> {
  const { where, params } = userConditions(f);
  const count = () =>
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u ${where}`, params).then((r) => r.rows[0]!.n);
  const order = USER_ORDER[p.sortBy ?? "username"]!(p.sortOrder === "desc" ? "DESC" : "ASC");
  // The page is chosen first; groups are gathered for its rows only, not for every match.
  // (A window count in the same query makes PostgreSQL walk the sort index past every row.)
  const [rows, total] = await Promise.all([
    q.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM (
         SELECT ${USER_FIELDS} FROM users u ${where} ORDER BY ${order}
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}
       ) u ORDER BY ${order}`,
      [...params, p.size, p.page * p.size],
    ),
    // Unfiltered, the total comes from the cache.
    where === "" && allUsers ? allUsers.get(count) : count(),
  ]);
  return { items: rows.rows.map(toUser), total };
}

export async function findUser(q: Queryable, id: string): Promise<User | null> {
  const { rows } = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return rows[0] ? toUser(rows[0]) : null;
}

/** Whether `password` is the user's current one: a new password must differ from it. */
export async function isCurrentPassword(q: Queryable, id: string, password: string): Promise<boolean> {
  const { rows } = await q.query<{ password_hash: string | null }>("SELECT password_hash FROM users WHERE id = $1", [
    id,
  ]);
  const hash = rows[0]?.password_hash;
  return hash ? verifyPassword(password, hash) : false;
}

/** A password the user must change at their next sign-in; sign-in failures counted so far are forgotten. */
export async function setTemporaryPassword(q: Queryable, id: string, hash: string): Promise<void> {
  await q.query(
    `UPDATE users SET password_hash = $2, password_must_change = true, failed_logins = 0, locked_until = NULL,
            updated_at = now() WHERE id = $1`,
    [id, hash],
  );
}

export async function allUsernames(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ username: string }>("SELECT username FROM users ORDER BY username");
  return rows.map((r) => r.username);
}

/** Usernames with full names, for the two-list dialogs that show both. */
export async function allFullNames(q: Queryable): Promise<Array<{ username: string; fullName: string }>> {
  const { rows } = await q.query<{ username: string; first_name: string | null; last_name: string | null }>(
    "SELECT username, first_name, last_name FROM users ORDER BY username",
  );
  return rows.map((r) => ({
    username: r.username,
    fullName: [r.first_name, r.last_name].filter(Boolean).join(" ").trim(),
  }));
}

export async function allGroupNames(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>("SELECT name FROM groups ORDER BY lower(name), name");
  return rows.map((r) => r.name);
}

interface GroupRow {
  id: string;
  name: string;
  source: string;
  user_count: number;
  users: string[] | null;
}

type StoredGroup = Omit<Group, "membersEditable" | "deletable" | "reason">;

const toGroup = (r: GroupRow): StoredGroup => ({
  id: r.id,
  name: r.name,
  source: r.source,
  userCount: r.user_count,
  users: r.users ?? [],
});

const GROUP_COLUMNS = `g.id, g.name, g.source,
  (SELECT count(*) FROM user_groups ug WHERE ug.group_id = g.id)::int AS user_count,
  (SELECT array_agg(m.display ORDER BY m.sort1, m.sort2, m.username) FROM (
     SELECT COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.username) AS display,
            lower(u.first_name) AS sort1, lower(u.last_name) AS sort2, u.username
       FROM (SELECT ug.user_id FROM user_groups ug WHERE ug.group_id = g.id
              ORDER BY ug.user_id LIMIT ${GROUP_MEMBERS_PREVIEW}) f
       JOIN users u ON u.id = f.user_id) m) AS users`;
// The preview is the first members in index order (user_groups_group_user_idx), shown sorted
// by name: a group of any size costs the same ten lookups.

export async function listGroups(
  q: Queryable,
  search: string | undefined,
  p: PageRequest<"name">,
): Promise<{ items: StoredGroup[]; total: number }> {
  const params: unknown[] = [];
  let where = "";
  if (search) {
    params.push(containsPattern(search));
    where = "WHERE lower(g.name) LIKE $1";
  }
  const dir = p.sortOrder === "desc" ? "DESC" : "ASC";
  const [rows, count] = await Promise.all([
    // The page is chosen first; counts and members are gathered for its rows only.
    q.query<GroupRow>(
      `SELECT ${GROUP_COLUMNS} FROM (
         SELECT g.id, g.name, g.source FROM groups g ${where} ORDER BY lower(g.name) ${dir}, g.name ${dir}
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}
       ) g ORDER BY lower(g.name) ${dir}, g.name ${dir}`,
      [...params, p.size, p.page * p.size],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM groups g ${where}`, params),
  ]);
  return { items: rows.rows.map(toGroup), total: count.rows[0]!.n };
}

export async function findGroup(q: Queryable, id: string): Promise<StoredGroup | null> {
  const { rows } = await q.query<GroupRow>(`SELECT ${GROUP_COLUMNS} FROM groups g WHERE g.id = $1`, [id]);
  return rows[0] ? toGroup(rows[0]) : null;
}

export async function groupMemberNames(q: Queryable, groupId: string): Promise<string[]> {
  const { rows } = await q.query<{ username: string }>(
    `SELECT u.username FROM user_groups ug JOIN users u ON u.id = ug.user_id WHERE ug.group_id = $1 ORDER BY u.username`,
    [groupId],
  );
  return rows.map((r) => r.username);
}

export interface NamedRef {
  id: string;
  name: string;
  source: string;
}

/** Groups by exact name; the names not found are returned apart. */
export async function groupsByName(q: Queryable, names: string[]): Promise<{ found: NamedRef[]; missing: string[] }> {
  if (names.length === 0) return { found: [], missing: [] };
  const { rows } = await q.query<NamedRef>("SELECT id, name, source FROM groups WHERE name = ANY($1::text[])", [names]);
  const known = new Set(rows.map((r) => r.name));
  return { found: rows, missing: names.filter((n) => !known.has(n)) };
}

/** Users by username (lower-cased); the names not found are returned apart. */
export async function usersByName(q: Queryable, names: string[]): Promise<{ found: NamedRef[]; missing: string[] }> {
  if (names.length === 0) return { found: [], missing: [] };
  const lower = names.map((n) => n.toLowerCase());
  const { rows } = await q.query<NamedRef>(
    "SELECT id, username AS name, source FROM users WHERE username = ANY($1::text[])",
    [lower],
  );
  const known = new Set(rows.map((r) => r.name));
  return { found: rows, missing: names.filter((n) => !known.has(n.toLowerCase())) };
}
