import pg from "pg";
import { hashPassword } from "../../apps/server/src/platform/passwords.js";

/** Direct access to the console's database, for setup that has no screen of its own. */
export async function withDb<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createUser(url: string, username: string, password: string, menus: string[] = []): Promise<void> {
  const hash = await hashPassword(password);
  await withDb(url, async (c) => {
    await c.query(
      "INSERT INTO users (username, first_name, last_name, email, password_hash) VALUES ($1, $2, 'Tester', $3, $4)",
      [username, username, `${username}@example.com`, hash],
    );
    for (const m of menus)
      await c.query(
        "INSERT INTO menu_users (menu_id, user_id) SELECT p.id, u.id FROM menu_permissions p, users u WHERE p.menu_key = $1 AND u.username = $2",
        [m, username],
      );
    // Tell every console process that access changed.
    await c.query("SELECT pg_notify('console_cache', 'e2e:access')");
    await c.query("SELECT pg_notify('console_cache', 'e2e:users')");
  });
}
