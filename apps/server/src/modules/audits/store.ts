import type { Queryable } from "../../platform/db/index.js";
import type { AuditSource, PageQuery } from "./sources.js";
import { pageOf } from "./sql.js";

/** One page of any audit tab read from the database (see AUDIT_SOURCES): the one loop for all. */
export async function listSource(db: Queryable, src: AuditSource, q: PageQuery) {
  return pageOf(
    db,
    {
      from: src.from,
      select: src.select,
      where: await src.where(q as never, db),
      orderBy: src.orderBy,
      key: src.key,
      offset: src.offset ? src.offset(q as never) : q.first,
      limit: q.max,
    },
    (r: never) => src.item(r),
  );
}

/** The values the filters offer: users, component and menu names, identity clients seen. */
export async function filterOptions(db: Queryable) {
  const [users, components, menus, clients] = await Promise.all([
    db.query<{ id: string; username: string }>("SELECT id, username FROM users ORDER BY username"),
    db.query<{ name: string }>("SELECT component_name AS name FROM component_permissions ORDER BY 1"),
    db.query<{ name: string }>("SELECT menu_name AS name FROM menu_permissions ORDER BY 1"),
    db.query<{ id: string }>(
      "SELECT DISTINCT client_id AS id FROM login_events WHERE client_id IS NOT NULL ORDER BY 1 LIMIT 200",
    ),
  ]);
  return {
    users: users.rows,
    componentNames: components.rows.map((r) => r.name),
    menuNames: menus.rows.map((r) => r.name),
    clientIds: clients.rows.map((r) => r.id),
  };
}

/** The trail's head and how many events were archived or dropped: what a chain verdict is valid for. */
export async function chainState(db: Queryable): Promise<{ head: string | null; archived: number }> {
  const { rows } = await db.query<{ head: string | null; archived: string }>(
    `SELECT (SELECT seq FROM audit_chain_head WHERE id = 1) AS head,
            (SELECT count(*) FROM audit_events_archive)
              + (SELECT coalesce(sum(events), 0) FROM audit_chain_checkpoints) AS archived`,
  );
  return { head: rows[0]!.head, archived: Number(rows[0]!.archived) };
}
