import {
  AUDIT_TRAIL_SOURCES,
  NOT_APPLICABLE,
  type AclAuditQuery,
  type AdminEventsQuery,
  type AirflowAuditQuery,
  type ChangeEntry,
  type LoginEventsQuery,
  type MinioAuditQuery,
  type SettingsAuditQuery,
  type SyncAuditQuery,
  type TrinoAuditQuery,
  type UserManagementAuditQuery,
} from "@console/contracts";
import type { z } from "zod";
import type { Queryable } from "../../platform/db/index.js";
import { prefixPattern } from "../../platform/db/like.js";
import { iso, pageOf, Where } from "./sql.js";

type Q<T extends z.ZodType> = z.output<T>;

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

const TRAIL_COLUMNS =
  "seq, id, created_at, action, username, ip_address, status, subject_id, subject_name, summary, details";

function trailWhere(
  source: string,
  q: { user?: string; action?: string; startDate?: Date; endDate?: Date; status?: string },
): Where {
  return new Where()
    .add("source = ?", source)
    .add("username = ?", q.user)
    .add("action = ?", q.action)
    .add("status = ?", q.status)
    .add("created_at >= ?", q.startDate)
    .add("created_at <= ?", q.endDate);
}

function changeSetOf(details: Record<string, unknown>): ChangeEntry[] | null {
  const cs = details.changeSet;
  return Array.isArray(cs) ? (cs as ChangeEntry[]) : null;
}

const isSuccess = (status: string) => ["success", "completed", "started", "true"].includes(status.toLowerCase());

function trailPage<T>(db: Queryable, where: Where, first: number, max: number, item: (r: TrailRow) => T) {
  return pageOf<TrailRow, T>(
    db,
    {
      from: "audit_events",
      select: TRAIL_COLUMNS,
      where,
      orderBy: "created_at DESC, seq DESC",
      offset: first,
      limit: max,
    },
    item,
  );
}

const num = (v: unknown) => (typeof v === "number" ? v : null);

export async function listUserManagement(db: Queryable, source: string, q: Q<typeof UserManagementAuditQuery>) {
  return trailPage(db, trailWhere(source, q), q.first, q.max, (r) => ({
    id: r.id,
    createdAt: iso(r.created_at)!,
    username: r.username,
    ipAddress: r.ip_address,
    action: r.action,
    summary: r.summary,
    status: isSuccess(r.status),
  }));
}

export async function listSettings(db: Queryable, kind: "components" | "menu", q: Q<typeof SettingsAuditQuery>) {
  const where = trailWhere(AUDIT_TRAIL_SOURCES[kind], q).add(
    "subject_name = ?",
    kind === "components" ? q.component : q.menuName,
  );
  return trailPage(db, where, q.first, q.max, (r) => ({
    id: r.id,
    createdAt: iso(r.created_at)!,
    username: r.username,
    ipAddress: r.ip_address,
    componentName: kind === "components" ? r.subject_name : null,
    menuName: kind === "menu" ? r.subject_name : null,
    action: r.action,
    status: isSuccess(r.status),
    changeSet: changeSetOf(r.details),
  }));
}

export async function listSync(db: Queryable, q: Q<typeof SyncAuditQuery>) {
  return trailPage(db, trailWhere(AUDIT_TRAIL_SOURCES.sync, q), q.first, q.max, (r) => ({
    id: r.id,
    createdAt: iso(r.created_at)!,
    username: r.username,
    jobId: (r.details.jobId as string | undefined) ?? r.subject_id,
    action: r.action,
    syncedUsers: num(r.details.syncedUsers),
    syncedGroups: num(r.details.syncedGroups),
    status: r.status,
    message: (r.details.message as string | undefined) ?? r.summary,
  }));
}

export async function listAcl(db: Queryable, q: Q<typeof AclAuditQuery>) {
  const where = trailWhere(AUDIT_TRAIL_SOURCES.acl, q).add("subject_id = ?", q.policyId);
  return trailPage(db, where, q.first, q.max, (r) => ({
    event_id: r.id,
    createdAt: iso(r.created_at)!,
    username: r.username,
    ipAddress: r.ip_address,
    policyId: r.subject_id,
    policyName: r.subject_name,
    action: r.action,
    changeSet: changeSetOf(r.details),
    assignment: assignmentOf(r),
  }));
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

export async function listLogin(db: Queryable, q: Q<typeof LoginEventsQuery>) {
  const where = new Where()
    .add("username = ?", q.user)
    .add("type = ?", q.eventType)
    .add("client_id = ?", q.clientId)
    .add("time >= ?", q.startDate)
    .add("time <= ?", q.endDate);
  return pageOf(
    db,
    {
      from: "login_events",
      select: "id, time, username, ip_address, type, client_id, error",
      where,
      orderBy: "time DESC, id DESC",
      offset: q.first,
      limit: q.max,
    },
    (r: {
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
  );
}

export async function listAdminEvents(db: Queryable, q: Q<typeof AdminEventsQuery>) {
  const where = new Where()
    .add("auth_details->>'username' = ?", q.user)
    .add("resource_type = ?", q.resourceType)
    .add("operation_type = ?", q.eventType)
    .add("time >= ?", q.startDate)
    .add("time <= ?", q.endDate);
  // Admin events page by page number (spec section 7).
  return pageOf(
    db,
    {
      from: "identity_admin_events",
      select: "id, time, auth_details, operation_type, resource_type, resource_path",
      where,
      orderBy: "time DESC, id DESC",
      offset: q.first * q.max,
      limit: q.max,
    },
    (r: {
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
  );
}

/** Seconds as the query engine's time column shows them. */
export function timeTaken(failed: boolean, wall: number | null): string {
  if (failed || wall === null) return NOT_APPLICABLE;
  return wall.toFixed(3);
}

export async function listTrino(db: Queryable, q: Q<typeof TrinoAuditQuery>) {
  const where = new Where()
    .add("lower(username) LIKE ?", q.user ? prefixPattern(q.user) : undefined)
    .add("failed = ?", q.status === undefined ? undefined : q.status === "failure")
    .add("wall_seconds >= ?", q.minDuration)
    .add("wall_seconds <= ?", q.maxDuration)
    .add("created_at >= ?", q.startDate)
    .add("created_at <= ?", q.endDate);
  return pageOf(
    db,
    {
      from: "trino_query_events",
      select:
        "query_id, created_at, username, source_ip, query, query_state, failed, wall_seconds, catalog, error_name, failure_message",
      where,
      orderBy: "created_at DESC, query_id DESC",
      key: "query_id, created_at",
      offset: q.first,
      limit: q.max,
    },
    (r: {
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
  );
}

export async function listAirflow(db: Queryable, q: Q<typeof AirflowAuditQuery>) {
  const where = new Where().add("execution_date >= ?", q.startDate).add("execution_date <= ?", q.endDate);
  return pageOf(
    db,
    {
      from: "airflow_dag_runs",
      select: "dag_id, run_id, execution_date, start_date, end_date, run_type, external_trigger, state",
      where,
      orderBy: "execution_date DESC, dag_id, run_id",
      offset: q.first,
      limit: q.max,
    },
    (r: {
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
  );
}

export async function listMinio(db: Queryable, q: Q<typeof MinioAuditQuery>) {
  let username: string | undefined;
  if (q.user) {
    const { rows } = await db.query<{ username: string }>("SELECT username FROM users WHERE id = $1", [q.user]);
    // An unknown user has no requests: match nothing rather than everything.
    username = rows[0]?.username ?? "\u0000";
  }
  const where = new Where()
    .add("username = ?", username)
    .add("lower(bucket) LIKE ?", q.bucket ? prefixPattern(q.bucket) : undefined)
    .add("time >= ?", q.startDate)
    .add("time <= ?", q.endDate);
  return pageOf(
    db,
    {
      from: "minio_audit_events",
      select: "id, time, username, remote_host, bucket, object, api_name, api_status, status_code, time_to_response_ns",
      where,
      orderBy: "time DESC, id DESC",
      offset: q.first,
      limit: q.max,
      key: "id, time",
    },
    (r: {
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
  );
}
