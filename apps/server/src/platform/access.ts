import { MENUS, type MenuKey } from "@console/contracts";
import type { Config } from "../config.js";
import type { CacheBus } from "./cache-bus.js";
import type { Db } from "./db/index.js";

/** The menus and components someone holds, by key, with their display names. */
export interface Privileges {
  menus: Map<string, string>;
  components: Map<string, string>;
}

/** A user (username and groups) or a group alone (no username). */
export interface Holder {
  username?: string;
  groups: string[];
}

export interface Principal {
  userId: string | null;
  username: string;
  name: string;
  email: string;
  groups: string[];
  token: string;
  expiresAt: number;
}

interface Assignment {
  name: string;
  status: boolean;
  users: Set<string>;
  groups: Set<string>;
}

/**
 * Who may open which menu and see which component, from the permission tables.
 * Loaded whole (they are small) and reloaded after any change on any replica.
 */
export class AccessControl {
  private menus: Promise<Map<string, Assignment>> | null = null;
  private components: Promise<Map<string, Assignment>> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, "RESTRICTED_MENUS" | "DISCOVERY_HUB_URL">,
    bus: CacheBus,
  ) {
    bus.on("access", () => this.clear());
    bus.on("users", () => this.clear());
  }

  clear(): void {
    this.menus = null;
    this.components = null;
  }

  private load(kind: "menu" | "component"): Promise<Map<string, Assignment>> {
    const table = kind === "menu" ? "menu_permissions" : "component_permissions";
    const keyCol = kind === "menu" ? "menu_key" : "component_key";
    const nameCol = kind === "menu" ? "menu_name" : "component_name";
    const usersTable = kind === "menu" ? "menu_users" : "component_users";
    const groupsTable = kind === "menu" ? "menu_groups" : "component_groups";
    const fk = kind === "menu" ? "menu_id" : "component_id";
    const promise = this.db
      .query<{ key: string; name: string; status: boolean; users: string[] | null; groups: string[] | null }>(
        `SELECT p.${keyCol} AS key, p.${nameCol} AS name, p.status,
                (SELECT array_agg(u.username) FROM ${usersTable} x JOIN users u ON u.id = x.user_id WHERE x.${fk} = p.id) AS users,
                (SELECT array_agg(g.name) FROM ${groupsTable} x JOIN groups g ON g.id = x.group_id WHERE x.${fk} = p.id) AS groups
           FROM ${table} p ORDER BY ${kind === "menu" ? "p.priority" : "p.component_name"}`,
      )
      .then(({ rows }) => {
        const map = new Map<string, Assignment>();
        for (const r of rows)
          map.set(r.key, {
            name: r.name,
            status: r.status,
            users: new Set(r.users ?? []),
            groups: new Set(r.groups ?? []),
          });
        return map;
      });
    // A failed load is not cached: the next request tries again.
    promise.catch(() => {
      if (kind === "menu") this.menus = null;
      else this.components = null;
    });
    return promise;
  }

  private static assigned(a: Assignment, p: Holder): boolean {
    if (p.username !== undefined && a.users.has(p.username)) return true;
    return p.groups.some((g) => a.groups.has(g));
  }

  private static allows(a: Assignment | undefined, p: Pick<Principal, "username" | "groups">): boolean {
    return !!a && a.status && AccessControl.assigned(a, p);
  }

  /** The menu keys this user may open, in side-menu order; `home` whenever any exists. */
  async menusFor(p: Pick<Principal, "username" | "groups">): Promise<MenuKey[]> {
    this.menus ??= this.load("menu");
    const table = await this.menus;
    const restricted = new Set<string>(this.config.RESTRICTED_MENUS);
    const allowed = MENUS.filter(
      (m) =>
        m.key !== "home" &&
        !restricted.has(m.key) &&
        (m.key !== "discovery-hub" || !!this.config.DISCOVERY_HUB_URL) &&
        AccessControl.allows(table.get(m.key), p),
    ).map((m) => m.key);
    if (allowed.length > 0 && !restricted.has("home")) allowed.unshift("home");
    return allowed;
  }

  async canOpen(p: Pick<Principal, "username" | "groups">, menu: string): Promise<boolean> {
    return (await this.menusFor(p)).includes(menu as MenuKey);
  }

  /** Component keys this user may see (component permissions). */
  async componentsFor(p: Pick<Principal, "username" | "groups">): Promise<Set<string>> {
    this.components ??= this.load("component");
    const table = await this.components;
    const out = new Set<string>();
    for (const [key, a] of table) if (AccessControl.allows(a, p)) out.add(key);
    return out;
  }

  /**
   * What a user or a group holds: every menu and component assigned to it directly or
   * through a group, active or not (a menu made inactive comes back to the same people).
   * The one measure of "holds" for every rule about who may grant or change what.
   */
  async privilegesOf(h: Holder): Promise<Privileges> {
    this.menus ??= this.load("menu");
    this.components ??= this.load("component");
    const [menus, components] = await Promise.all([this.menus, this.components]);
    const pick = (table: Map<string, Assignment>) =>
      new Map([...table].filter(([, a]) => AccessControl.assigned(a, h)).map(([key, a]) => [key, a.name]));
    return { menus: pick(menus), components: pick(components) };
  }
}
