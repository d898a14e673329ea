import type { FastifyInstance } from "fastify";
import { selfServiceRoutes, type MyRequest, type MyTable, type TrinoRules } from "@console/contracts";
import type { Principal } from "../../platform/access.js";
import type { Db } from "../../platform/db/index.js";
import { notFound } from "../../platform/errors.js";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";
import { nameOf } from "./access-index.js";
import { engineOf } from "./engines.js";
import { refusedWrites } from "./refused-writes.js";
import {
  applyingPolicies,
  entriesOn,
  explainQuery,
  groupsAt,
  loadPublication,
  mustFindEvent,
  type QueryEventRow,
} from "./explain.js";
import * as store from "./store.js";
import { isExpired } from "./service.js";

const DENIALS_DAYS = 30;
const DENIALS_KEPT = 20;

/** Stands for "a table (or schema) no rule names", to ask what a rule over every table gives. */
const ANY_NAME = "\u0000";

/**
 * The tables a user can read under a publication: for each table rule's catalog, schema and
 * table, the rules engine says which rule decides for this user; a rule is listed when it is
 * that rule and it grants SELECT, with the policies that produced it (rules for whole schemas
 * show as `schema.*`).
 */
export function tablesFor(
  rules: TrinoRules,
  inputs: store.PublicationInputs | null,
  subject: { user: string; groups: string[] },
): MyTable[] {
  const engine = engineOf(rules);
  const applying = applyingPolicies(inputs, subject.user, subject.groups);
  const out: MyTable[] = [];
  const seen = new Set<string>();
  rules.tables.forEach((r, i) => {
    const [catalog, schema, table] = [nameOf(r.catalog), nameOf(r.schema), nameOf(r.table)];
    if (catalog === "*") return;
    const key = `${catalog}\u0000${schema}\u0000${table}`;
    if (seen.has(key)) return;
    const a = engine.tableAccess(
      subject,
      catalog,
      schema === "*" ? ANY_NAME : schema,
      table === "*" ? ANY_NAME : table,
    );
    // Another rule decides for this user here (or this rule is not the user's).
    if (a.tableRule !== i) return;
    seen.add(key);
    if (!a.privileges.includes("SELECT")) return;
    const columns = [...a.columns].map(([name, c]) => ({ name, allow: c.allow, mask: c.mask }));
    const on = entriesOn(applying, catalog, schema === "*" ? null : schema, table === "*" ? null : table);
    out.push({
      catalog,
      schema,
      table,
      privileges: a.privileges,
      refusedWrites: refusedWrites(a.privileges, columns),
      columns,
      filter: a.filter,
      policies: on.filter((x) => x.entry.privileges !== 0).map((x) => ({ id: x.policy.id, name: x.policy.policyName })),
    });
  });
  return out.sort((a, b) => `${a.catalog}.${a.schema}.${a.table}`.localeCompare(`${b.catalog}.${b.schema}.${b.table}`));
}

function requestStatus(r: store.PolicyRow, now: number): MyRequest["status"] {
  if (r.approval_status === "APPROVED" && isExpired(r, now)) return "expired";
  if (r.approval_status === "APPROVED") return "approved";
  if (r.approval_status === "REJECTED") return "rejected";
  return isExpired(r, now) ? "expired" : "pending";
}

async function myRequests(db: Db, username: string): Promise<MyRequest[]> {
  const { rows } = await db.query<store.PolicyRow>(
    `SELECT * FROM policies WHERE approval_status IS NOT NULL AND state <> 'deleted' AND created_by = $1
      ORDER BY created_at DESC, id DESC LIMIT 200`,
    [username],
  );
  const now = Date.now();
  return rows.map((r) => ({
    id: r.id,
    policyName: r.policy_name,
    catalog: r.body.catalogName,
    schema: r.body.schemaName[0] ?? "",
    tables: r.body.tables,
    privileges: r.body.tablePrivileges,
    status: requestStatus(r, now),
    inForce: r.approval_status === "APPROVED" && r.synced && !isExpired(r, now),
    reason: r.body.tnc.description,
    rejectionReason: r.approval_status === "REJECTED" ? (r.body.rejectionReason ?? null) : null,
    startDate: r.start_date?.toISOString() ?? null,
    endDate: r.end_date?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  }));
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Explained denials and self-service access: what a signed-in user reads of their own. */
export function selfServiceModule(app: FastifyInstance, s: Services, groupsOf: (u: string) => Promise<string[]>) {
  const db = s.db;
  const r = selfServiceRoutes;
  const explain = async (ev: QueryEventRow) => explainQuery(db, ev, await store.currentNumber(db), groupsOf);

  handle(app, r.explain, async ({ params, principal }) => {
    const ev = await mustFindEvent(db, params.queryId);
    // One's own queries, or any with the audits menu (where the query-engine tab lists them all).
    // Another user's query is answered as an unknown one: a 403 would tell which ids exist.
    if (!same(ev.username, principal.username) && !(await s.access.canOpen(principal, "audits")))
      throw notFound(`Query ${params.queryId}`);
    return explain(ev);
  });

  handle(app, r.myAccess, async ({ principal }) => {
    const number = await store.currentNumber(db);
    const pub = number === null ? null : await loadPublication(db, number);
    const groups = groupsAt(pub?.inputs ?? null, principal.username) ?? (await groupsOf(principal.username));
    const subject = { user: principal.username, groups };
    return {
      username: principal.username,
      groups,
      publication: number,
      tables: pub ? tablesFor(pub.rules, pub.inputs, subject) : [],
    };
  });

  handle(app, r.myDenials, async ({ principal }: { principal: Principal }) => {
    const { rows } = await db.query<QueryEventRow>(
      `SELECT query_id, created_at, username, query, failed, error_name, failure_message, catalog, schema_name, inputs
         FROM trino_query_events
        WHERE lower(username) = lower($1) AND failed AND error_name = 'PERMISSION_DENIED'
          AND created_at >= now() - make_interval(days => $2)
        ORDER BY created_at DESC LIMIT $3`,
      [principal.username, DENIALS_DAYS, DENIALS_KEPT],
    );
    const items = [];
    for (const ev of rows)
      items.push({
        queryId: ev.query_id,
        createdAt: ev.created_at.toISOString(),
        query: ev.query,
        failureMessage: ev.failure_message,
        explanation: await explain(ev),
      });
    return { items };
  });

  handle(app, r.myRequests, async ({ principal }) => ({ items: await myRequests(db, principal.username) }));

  handle(app, r.pendingCount, async () => {
    const { rows } = await db.query<{ n: number; oldest: number | null }>(
      `SELECT count(*)::int AS n, min(id) AS oldest FROM policies
        WHERE approval_status = 'PENDING_APPROVAL' AND state <> 'deleted'`,
    );
    return { count: rows[0]!.n, oldestId: rows[0]!.oldest };
  });
}
