import { MENUS } from "@console/contracts";
import type { Config } from "../config.js";
import type { PlatformComponent } from "../modules/shell/components-file.js";
import type { Db } from "./db/index.js";
import { generatePassword, hashPassword } from "./passwords.js";

export const ADMIN_GROUP = "console-admins";
const BOOTSTRAP_LOCK = 727_004;

export interface BootstrapResult {
  /** Set only when the admin user was created now with a generated password. */
  generatedAdminPassword: string | null;
  adminCreated: boolean;
}

/**
 * Makes sure the permission rows exist for every menu and component, and on the first
 * start creates the admin user in the admin group, which holds every menu and component.
 */
export async function bootstrap(
  db: Db,
  config: Pick<Config, "ADMIN_USERNAME" | "ADMIN_PASSWORD">,
  components: PlatformComponent[],
): Promise<BootstrapResult> {
  // Hash outside the transaction: it is slow and needs no lock.
  const adminExists = (await db.query("SELECT 1 FROM users WHERE username = $1", [config.ADMIN_USERNAME])).rowCount > 0;
  const generated = !adminExists && !config.ADMIN_PASSWORD ? generatePassword() : null;
  const hash = adminExists ? null : await hashPassword(config.ADMIN_PASSWORD ?? generated!);

  return db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock($1)", [BOOTSTRAP_LOCK]);
    const group = await q.query<{ id: string }>(
      `INSERT INTO groups (name, source) VALUES ($1, 'local')
       ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [ADMIN_GROUP],
    );
    const groupId = group.rows[0]!.id;

    for (const m of MENUS) {
      if (m.key === "home") continue; // home follows from having any menu
      const inserted = await q.query<{ id: number }>(
        `INSERT INTO menu_permissions (menu_key, menu_name, section_name, priority) VALUES ($1,$2,$3,$4)
         ON CONFLICT (menu_key) DO NOTHING RETURNING id`,
        [m.key, m.name, m.section, m.priority],
      );
      if (inserted.rows[0])
        await q.query("INSERT INTO menu_groups (menu_id, group_id) VALUES ($1,$2) ON CONFLICT DO NOTHING", [
          inserted.rows[0].id,
          groupId,
        ]);
    }

    for (const c of components) {
      const inserted = await q.query<{ id: number }>(
        `INSERT INTO component_permissions (component_key, component_name, section_name) VALUES ($1,$2,$3)
         ON CONFLICT (component_key) DO UPDATE SET component_name = EXCLUDED.component_name, section_name = EXCLUDED.section_name
         RETURNING id, (xmax = 0) AS inserted`,
        [c.key, c.label, c.section],
      );
      const row = inserted.rows[0] as { id: number; inserted?: boolean } | undefined;
      if (row?.inserted)
        await q.query("INSERT INTO component_groups (component_id, group_id) VALUES ($1,$2) ON CONFLICT DO NOTHING", [
          row.id,
          groupId,
        ]);
    }

    let adminCreated = false;
    if (hash) {
      const created = await q.query<{ id: string }>(
        `INSERT INTO users (username, first_name, last_name, email, password_hash, source)
         VALUES ($1, 'Platform', 'Administrator', '', $2, 'local')
         ON CONFLICT (username) DO NOTHING RETURNING id`,
        [config.ADMIN_USERNAME, hash],
      );
      if (created.rows[0]) {
        adminCreated = true;
        await q.query("INSERT INTO user_groups (user_id, group_id) VALUES ($1,$2) ON CONFLICT DO NOTHING", [
          created.rows[0].id,
          groupId,
        ]);
      }
    }
    return { generatedAdminPassword: adminCreated ? generated : null, adminCreated };
  });
}
