import { AUDIT_TRAIL_SOURCES, NOT_APPLICABLE, auditRoutes, type ChangeEntry, type RouteDef } from "@console/contracts";
import type { z } from "zod";
import type { Queryable } from "../../platform/db/index.js";
import { prefixPattern } from "../../platform/db/like.js";
import { iso, Where } from "./sql.js";

/** What every page query has: the first row (or page) and the page size. */
export interface PageQuery {
  first: number;
  max: number;
}
type Query<D extends RouteDef> = (D["query"] extends z.ZodType ? z.output<D["query"]> : object) & PageQuery;
type Item<D extends RouteDef> = z.input<D["response"]> extends { items: Array<infer T> } ? T : never;

/**
 * One audit tab read from one table: the store's whole knowledge of it. The store reads every
 * tab with the same loop (store.listSource): these filters, one page in this order, the capped
 * count, each row made an item.
 */
export interface AuditSource<D extends RouteDef = RouteDef, R = never> {
  route: D;
  from: string;
  select: string;
  orderBy: string;
  /** Unique columns an index carries with every filter, holding the partition column (see pageSql). */
  key?: string;
  /** The query's filters; `db` for what a filter must look up first. */
  where(q: Query<D>, db: Queryable): Where | Promise<Where>;
  /** The first row of the page, when `first` is not it. */
  offset?(q: Query<D>): number;
  item(r: R): Item<D>;
}

const source = <D extends RouteDef, R>(s: AuditSource<D, R>) => s as unknown as AuditSource;

// The console's own trail: one table, one source per tab.
interface TrailRow {
  seq: string;
  id: string;
  created_at: Date;
  action: string;
  username: string;
  ip_address: string | null;
  status: string;
  subject_id: string | null;
  subject_name: string | null;
  summary: string | null;
  details: Record<string, unknown>;
}
interface TrailFilters {
  user?: string;
  action?: string;
  startDate?: Date;
  endDate?: Date;
  status?: string;
}

const trailWhere = (source: string, q: TrailFilters) =>
  new Where()
    .add("source = ?", source)
    .add("username = ?", q.user)
    .add("action = ?", q.action)
    .add("status = ?", q.status)
    .add("created_at >= ?", q.startDate)
    .add("created_at <= ?", q.endDate);

const trail = <D extends RouteDef>(
  route: D,
  where: (q: Query<D> & TrailFilters) => Where,
  item: (r: TrailRow) => Item<D>,
): AuditSource =>
  source<D, TrailRow>({
    route,
    from: "audit_events",
    select: "seq, id, created_at, action, username, ip_address, status, subject_id, subject_name, summary, details",
    orderBy: "created_at DESC, seq DESC",
    where,
    item,
  });

const isSuccess = (status: string) => ["success", "completed", "started", "true"].includes(status.toLowerCase());
const num = (v: unknown) => (typeof v === "number" ? v : null);

function changeSetOf(details: Record<string, unknown>): ChangeEntry[] | null {
  const cs = details.changeSet;
  return Array.isArray(cs) ? (cs as ChangeEntry[]) : null;
}

function assignmentOf(r: TrailRow) {
  const a = r.details.assignment as
    { usersAssigned?: unknown; groupsAssigned?: unknown; createdAt?: unknown } | undefined;
  if (!a || typeof a !== "object") return null;
  const names = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  return {
    usersAssigned: names(a.usersAssigned),
    groupsAssigned: names(a.groupsAssigned),
    createdAt: typeof a.createdAt === "string" ? a.createdAt : iso(r.created_at)!,
  };
}

const userManagementItem = (r: TrailRow) => ({
  id: r.id,
  createdAt: iso(r.created_at)!,
  username: r.username,
  ipAddress: r.ip_address,
  action: r.action,
  summary: r.summary,
  status: isSuccess(r.status),
});

const settings = (
  route: typeof auditRoutes.settingsComponents | typeof auditRoutes.menu,
  kind: "components" | "menu",
) =>
  trail(
    route,
    (q) =>
      trailWhere(AUDIT_TRAIL_SOURCES[kind], q).add(
        "subject_name = ?",
        kind === "components" ? q.component : q.menuName,
      ),
    (r) => ({
      id: r.id,
      createdAt: iso(r.created_at)!,
      username: r.username,
      ipAddress: r.ip_address,
      componentName: kind === "components" ? r.subject_name : null,
      menuName: kind === "menu" ? r.subject_name : null,
      action: r.action,
      status: isSuccess(r.status),
      changeSet: changeSetOf(r.details),
    }),
  );

/** Seconds as the query engine's time column shows them. */
export function timeTaken(failed: boolean, wall: number | null): string {
  if (failed || wall === null) return NOT_APPLICABLE;
  return wall.toFixed(3);
}

/** A user's name from their id; a name that matches nothing when the id is unknown. */
async function usernameOf(db: Queryable, id: string): Promise<string> {
  const { rows } = await db.query<{ username: string }>("SELECT username FROM users WHERE id = $1", [id]);
  return rows[0]?.username ?? "\u0000";
}

/** Every audit tab read from the console's database. */
export const AUDIT_SOURCES: AuditSource[] = [
  trail(auditRoutes.userManagement, (q) => trailWhere(AUDIT_TRAIL_SOURCES.userManagement, q), userManagementItem),
  trail(auditRoutes.connectors, (q) => trailWhere(AUDIT_TRAIL_SOURCES.connectors, q), userManagementItem),
  settings(auditRoutes.settingsComponents, "components"),
  settings(auditRoutes.menu, "menu"),
  trail(
    auditRoutes.sync,
    (q) => trailWhere(AUDIT_TRAIL_SOURCES.sync, q),
    (r) => ({
      id: r.id,
      createdAt: iso(r.created_at)!,
      username: r.username,
      jobId: (r.details.jobId as string | undefined) ?? r.subject_id,
      action: r.action,
      syncedUsers: num(r.details.syncedUsers),
      syncedGroups: num(r.details.syncedGroups),
      status: r.status,
      message: (r.details.message as string | undefined) ?? r.summary,
    }),
  ),
  trail(
    auditRoutes.acl,
    (q) => trailWhere(AUDIT_TRAIL_SOURCES.acl, q).add("subject_id = ?", q.policyId),
    (r) => ({
      event_id: r.id,
      createdAt: iso(r.created_at)!,
      username: r.username,
      ipAddress: r.ip_address,
      policyId: r.subject_id,
      policyName: r.subject_name,
      action: r.action,
      changeSet: changeSetOf(r.details),
      assignment: assignmentOf(r),
    }),
  ),
  trail(
    auditRoutes.reviews,
    (q) => trailWhere(AUDIT_TRAIL_SOURCES.reviews, q),
    (r) => {
      const d = r.details as Record<string, unknown>;
      return {
        event_id: r.id,
        createdAt: iso(r.created_at)!,
        username: r.username,
        reviewId: typeof d.review === "number" ? String(d.review) : null,
        reviewName: r.subject_name,
        action: r.action,
        summary: r.summary,
        decision:
          typeof d.decision === "string" && typeof d.username === "string"
            ? {
                username: d.username,
                table: String(d.table ?? ""),
                decision: d.decision,
                endDate: typeof d.endDate === "string" ? d.endDate : null,
                comment: typeof d.comment === "string" ? d.comment : "",
              }
            : null,
      };
    },
  ),
  source({
    route: auditRoutes.login,
    from: "login_events",
    select: "id, time, username, ip_address, type, client_id, error",
    orderBy: "time DESC, id DESC",
    where: (q) =>
      new Where()
        .add("username = ?", q.user)
        .add("type = ?", q.eventType)
        .add("client_id = ?", q.clientId)
        .add("time >= ?", q.startDate)
        .add("time <= ?", q.endDate),
    item: (r: {
      id: string;
      time: Date;
      username: string;
      ip_address: string | null;
      type: string;
      client_id: string | null;
      error: string | null;
    }) => ({
      id: String(r.id),
      time: iso(r.time)!,
      username: r.username,
      ipAddress: r.ip_address,
      type: r.type,
      clientId: r.client_id,
      error: r.error,
    }),
  }),
  source({
    route: auditRoutes.adminEvents,
    from: "identity_admin_events",
    select: "id, time, auth_details, operation_type, resource_type, resource_path",
    orderBy: "time DESC, id DESC",
    where: (q) =>
      new Where()
        .add("auth_details->>'username' = ?", q.user)
        .add("resource_type = ?", q.resourceType)
        .add("operation_type = ?", q.eventType)
        .add("time >= ?", q.startDate)
        .add("time <= ?", q.endDate),
    // Admin events page by page number (spec section 7).
    offset: (q) => q.first * q.max,
    item: (r: {
      id: string;
      time: Date;
      auth_details: Record<string, string | null>;
      operation_type: string;
      resource_type: string;
      resource_path: string;
    }) => ({
      id: String(r.id),
      time: iso(r.time)!,
      username: r.auth_details.username ?? null,
      authDetails: {
        ipAddress: r.auth_details.ipAddress ?? null,
        clientId: r.auth_details.clientId ?? null,
        userId: r.auth_details.userId ?? null,
        realmId: r.auth_details.realmId ?? null,
      },
      operationType: r.operation_type,
      resourceType: r.resource_type,
      resourcePath: r.resource_path,
    }),
  }),
  source({
    route: auditRoutes.trino,
    from: "trino_query_events",
    select:
      "query_id, created_at, username, source_ip, query, query_state, failed, wall_seconds, catalog, error_name, failure_message",
    orderBy: "created_at DESC, query_id DESC",
    key: "query_id, created_at",
    where: (q) =>
      new Where()
        .add("lower(username) LIKE ?", q.user ? prefixPattern(q.user) : undefined)
        .add("failed = ?", q.status === undefined ? undefined : q.status === "failure")
        .add("wall_seconds >= ?", q.minDuration)
        .add("wall_seconds <= ?", q.maxDuration)
        .add("created_at >= ?", q.startDate)
        .add("created_at <= ?", q.endDate),
    item: (r: {
      query_id: string;
      created_at: Date;
      username: string;
      source_ip: string | null;
      query: string;
      query_state: string;
      failed: boolean;
      wall_seconds: number | null;
      catalog: string | null;
      error_name: string | null;
      failure_message: string | null;
    }) => ({
      queryId: r.query_id,
      created_at: iso(r.created_at)!,
      username: r.username,
      source: r.source_ip,
      query: r.query,
      time_taken_to_record: timeTaken(r.failed, r.wall_seconds),
      queryState: r.query_state,
      catalog: r.catalog,
      error: r.failed ? [r.error_name, r.failure_message].filter(Boolean).join(": ") || "FAILED" : null,
    }),
  }),
  source({
    route: auditRoutes.airflow,
    from: "airflow_dag_runs",
    select: "dag_id, run_id, execution_date, start_date, end_date, run_type, external_trigger, state",
    orderBy: "execution_date DESC, dag_id, run_id",
    where: (q) => new Where().add("execution_date >= ?", q.startDate).add("execution_date <= ?", q.endDate),
    item: (r: {
      dag_id: string;
      run_id: string;
      execution_date: Date;
      start_date: Date | null;
      end_date: Date | null;
      run_type: string;
      external_trigger: boolean;
      state: string;
    }) => ({
      execution_date: iso(r.execution_date)!,
      dag_id: r.dag_id,
      run_id: r.run_id,
      run_type: r.run_type,
      external_trigger: r.external_trigger,
      start_date: iso(r.start_date),
      end_date: iso(r.end_date),
      state: r.state,
    }),
  }),
  source({
    route: auditRoutes.minio,
    from: "minio_audit_events",
    select: "id, time, username, remote_host, bucket, object, api_name, api_status, status_code, time_to_response_ns",
    orderBy: "time DESC, id DESC",
    key: "id, time",
    where: async (q, db) =>
      new Where()
        // The filter names a user by id; an unknown one has no requests.
        .add("username = ?", q.user ? await usernameOf(db, q.user) : undefined)
        .add("lower(bucket) LIKE ?", q.bucket ? prefixPattern(q.bucket) : undefined)
        .add("time >= ?", q.startDate)
        .add("time <= ?", q.endDate),
    item: (r: {
      id: string;
      time: Date;
      username: string | null;
      remote_host: string | null;
      bucket: string | null;
      object: string | null;
      api_name: string;
      api_status: string | null;
      status_code: number | null;
      time_to_response_ns: string | null;
    }) => ({
      id: String(r.id),
      time: iso(r.time)!,
      username: r.username,
      remoteHost: r.remote_host,
      bucket: r.bucket,
      object: r.object,
      api: {
        name: r.api_name,
        status: r.api_status,
        statusCode: r.status_code,
        timeToResponse: r.time_to_response_ns === null ? null : Number(r.time_to_response_ns),
      },
    }),
  }),
];
