import type { Queryable } from "../../platform/db/index.js";

/** Menu and component permissions share one shape, in two sets of tables. */
export interface PermissionKind {
  kind: "menu" | "component";
  table: string;
  keyColumn: string;
  nameColumn: string;
  usersTable: string;
  groupsTable: string;
  fk: string;
  order: string;
  /** The audits screen's tab key. */
  auditSource: string;
  label: string;
}

export const MENU: PermissionKind = {
  kind: "menu",
  table: "menu_permissions",
  keyColumn: "menu_key",
  nameColumn: "menu_name",
  usersTable: "menu_users",
  groupsTable: "menu_groups",
  fk: "menu_id",
  order: "p.priority, p.menu_name",
  auditSource: "settings-menu",
  label: "Menu",
};

export const COMPONENT: PermissionKind = {
  kind: "component",
  table: "component_permissions",
  keyColumn: "component_key",
  nameColumn: "component_name",
  usersTable: "component_users",
  groupsTable: "component_groups",
  fk: "component_id",
  order: "p.section_name, p.component_name",
  auditSource: "settings-components",
  label: "Component",
};

export interface PermissionRow {
  id: number;
  key: string;
  name: string;
  section: string;
  status: boolean;
  users: string[];
  groups: string[];
}

export async function listPermissions(q: Queryable, k: PermissionKind, id?: number): Promise<PermissionRow[]> {
  const { rows } = await q.query<PermissionRow & { users: string[] | null; groups: string[] | null }>(
    `SELECT p.id, p.${k.keyColumn} AS key, p.${k.nameColumn} AS name, p.section_name AS section, p.status,
            (SELECT array_agg(u.username ORDER BY u.username)
               FROM ${k.usersTable} x JOIN users u ON u.id = x.user_id WHERE x.${k.fk} = p.id) AS users,
            (SELECT array_agg(g.name ORDER BY lower(g.name), g.name)
               FROM ${k.groupsTable} x JOIN groups g ON g.id = x.group_id WHERE x.${k.fk} = p.id) AS groups
       FROM ${k.table} p ${id === undefined ? "" : "WHERE p.id = $1"}
      ORDER BY ${k.order}`,
    id === undefined ? [] : [id],
  );
  return rows.map((r) => ({ ...r, users: r.users ?? [], groups: r.groups ?? [] }));
}

/** Makes the assigned users (or groups) exactly `ids`. */
export async function replaceAssignments(
  q: Queryable,
  k: PermissionKind,
  id: number,
  of: "users" | "groups",
  ids: string[],
): Promise<void> {
  const table = of === "users" ? k.usersTable : k.groupsTable;
  const col = of === "users" ? "user_id" : "group_id";
  await q.query(`DELETE FROM ${table} WHERE ${k.fk} = $1 AND ${col} <> ALL($2::uuid[])`, [id, ids]);
  await q.query(`INSERT INTO ${table} (${k.fk}, ${col}) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`, [
    id,
    ids,
  ]);
}
