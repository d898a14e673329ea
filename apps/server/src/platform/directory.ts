import type { CacheBus } from "./cache-bus.js";
import type { Db } from "./db/index.js";
import { PromiseCache } from "./promise-cache.js";

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
 * every change to users or groups (here or on another replica). A user being read is kept as
 * the read under way, so that many calls arriving at once for one user (a page opening) make
 * one query, not one each.
 */
export class Directory {
  private readonly cache = new PromiseCache<DirectoryUser | null>(TTL_MS, MAX_ENTRIES);

  constructor(
    private readonly db: Db,
    bus: CacheBus,
  ) {
    bus.on("users", () => this.cache.clear());
  }

  async find(username: string): Promise<DirectoryUser | null> {
    return (await this.findMany([username])).get(username.toLowerCase()) ?? null;
  }

  /** Several users at once (by lower-cased username), those not cached read in one query. */
  async findMany(usernames: string[]): Promise<Map<string, DirectoryUser | null>> {
    // Taken before any wait: a change clearing the cache meanwhile does not lose them.
    const found = new Map<string, Promise<DirectoryUser | null>>();
    const missing: string[] = [];
    for (const key of new Set(usernames.map((u) => u.toLowerCase()))) {
      const hit = this.cache.get(key);
      if (hit) found.set(key, hit);
      else missing.push(key);
    }
    if (missing.length > 0) {
      const read = this.read(missing);
      for (const key of missing)
        found.set(
          key,
          this.cache.set(
            key,
            read.then((users) => users.get(key) ?? null),
          ),
        );
    }
    const out = new Map<string, DirectoryUser | null>();
    for (const [key, user] of found) out.set(key, await user);
    return out;
  }

  private async read(usernames: string[]): Promise<Map<string, DirectoryUser>> {
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
        WHERE u.username = ANY($1::text[])
        GROUP BY u.id`,
      [usernames],
    );
    return new Map(
      rows.map((r) => [
        r.username,
        {
          id: r.id,
          username: r.username,
          firstName: r.first_name,
          lastName: r.last_name,
          email: r.email,
          enabled: r.enabled,
          groups: r.groups ?? [],
        },
      ]),
    );
  }

  clear(): void {
    this.cache.clear();
  }
}
