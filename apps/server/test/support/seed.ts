import type { Db } from "../../src/platform/db/index.js";
import { hashPassword } from "../../src/platform/passwords.js";

export const USER_PASSWORD = "User-Test-Pass-1";

let cachedHash: string | null = null;

/** Creates a local user (and their groups) directly in the database, for test setup. */
export async function seedUser(
  db: Db,
  username: string,
  opts: { groups?: string[]; enabled?: boolean; mustChange?: boolean; password?: string; email?: string } = {},
): Promise<string> {
  const hash = opts.password ? await hashPassword(opts.password) : (cachedHash ??= await hashPassword(USER_PASSWORD));
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (username, first_name, last_name, email, password_hash, enabled, password_must_change)
     VALUES ($1, $2, 'Tester', $3, $4, $5, $6) RETURNING id`,
    [
      username,
      username[0]!.toUpperCase() + username.slice(1),
      opts.email ?? `${username}@example.com`,
      hash,
      opts.enabled ?? true,
      opts.mustChange ?? false,
    ],
  );
  const id = rows[0]!.id;
  for (const g of opts.groups ?? []) {
    const group = await db.query<{ id: string }>(
      "INSERT INTO groups (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id",
      [g],
    );
    await db.query("INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)", [id, group.rows[0]!.id]);
  }
  return id;
}

/** Assigns menus to a user directly (the settings screens do this through the API). */
export async function assignMenus(db: Db, username: string, menus: string[]): Promise<void> {
  for (const m of menus)
    await db.query(
      `INSERT INTO menu_users (menu_id, user_id)
       SELECT p.id, u.id FROM menu_permissions p, users u WHERE p.menu_key = $1 AND u.username = $2 ON CONFLICT DO NOTHING`,
      [m, username],
    );
}
