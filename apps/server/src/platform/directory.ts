import type { CacheBus } from "./cache-bus.js";
import type { Db } from "./db/index.js";

export interface DirectoryUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  enabled: boolean;
  groups: string[];
}

const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

/**
 * The console's view of who a signed-in user is, cached per username and dropped on
 * every change to users or groups (here or on another replica).
 */
export class Directory {
  private readonly cache = new Map<string, { at: number; user: DirectoryUser | null }>();

  constructor(
    private readonly db: Db,
    bus: CacheBus,
  ) {
    bus.on("users", () => this.cache.clear());
  }

  async find(username: string): Promise<DirectoryUser | null> {
    const key = username.toLowerCase();
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.user;
    const { rows } = await this.db.query<{
      id: string;
      username: string;
      first_name: string;
      last_name: string;
      email: string;
      enabled: boolean;
      groups: string[] | null;
    }>(
      `SELECT u.id, u.username, u.first_name, u.last_name, u.email, u.enabled,
              array_remove(array_agg(g.name ORDER BY g.name), NULL) AS groups
         FROM users u
         LEFT JOIN user_groups ug ON ug.user_id = u.id
         LEFT JOIN groups g ON g.id = ug.group_id
        WHERE u.username = $1
        GROUP BY u.id`,
      [key],
    );
    const r = rows[0];
    const user = r
      ? {
          id: r.id,
          username: r.username,
          firstName: r.first_name,
          lastName: r.last_name,
          email: r.email,
          enabled: r.enabled,
          groups: r.groups ?? [],
        }
      : null;
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, { at: Date.now(), user });
    return user;
  }

  clear(): void {
    this.cache.clear();
  }
}
