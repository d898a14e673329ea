import { createHash } from "node:crypto";
import {
  DEFAULT_ACCESS,
  defaultAccess,
  type ApprovalStatus,
  type PolicyCategory,
  type PolicyState,
  type PolicyValues,
  type Publication,
  type PublicationSummary,
  type TrinoRules,
} from "@console/contracts";
import type { Queryable } from "../../platform/db/index.js";
import type { CompilePolicy } from "./entries.js";

/** What the body column holds: every form value not kept in its own column. */
export type PolicyBody = Omit<PolicyValues, "policyName" | "category" | "priority"> & {
  /** A table access request's period as asked; `tnc` holds what was granted once approved. */
  requestedPeriod?: { startDate: string | null; endDate: string | null };
  /** Why a table access request was rejected; gone once it is approved. */
  rejectionReason?: string;
};

export interface PolicyRow {
  id: number;
  priority: number;
  policy_name: string;
  category: PolicyCategory;
  state: PolicyState;
  approval_status: ApprovalStatus | null;
  system_policy: boolean;
  synced: boolean;
  expiry_noted: boolean;
  body: PolicyBody;
  start_date: Date | null;
  end_date: Date | null;
  created_by: string;
  created_at: Date;
  updated_by: string | null;
  updated_at: Date;
}

/** A row as the rest of the module reads it: policies saved before `access` existed get its defaults. */
function withDefaults(r: PolicyRow): PolicyRow {
  if (r.body.access && Object.keys(DEFAULT_ACCESS).every((k) => k in r.body.access)) return r;
  return { ...r, body: { ...r.body, access: { ...defaultAccess(), ...r.body.access } } };
}

export async function allPolicies(q: Queryable): Promise<PolicyRow[]> {
  return (await q.query<PolicyRow>("SELECT * FROM policies ORDER BY priority, id")).rows.map(withDefaults);
}

export async function policyById(q: Queryable, id: number, lock = false): Promise<PolicyRow | null> {
  const { rows } = await q.query<PolicyRow>(`SELECT * FROM policies WHERE id = $1${lock ? " FOR UPDATE" : ""}`, [id]);
  return rows[0] ? withDefaults(rows[0]) : null;
}

export async function nameTaken(q: Queryable, name: string, exceptId?: number): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM policies WHERE lower(policy_name) = lower($1) AND id <> $2", [
    name,
    exceptId ?? 0,
  ]);
  return rows.length > 0;
}

/** The names among these that are neither an existing user nor group (the wildcard `.*` is neither). */
export async function unknownPrincipals(
  q: Queryable,
  users: string[],
  groups: string[],
): Promise<{ users: string[]; groups: string[] }> {
  const { rows } = await q.query<{ kind: "user" | "group"; name: string }>(
    `SELECT 'user' AS kind, n AS name FROM unnest($1::text[]) AS n
      WHERE NOT EXISTS (SELECT 1 FROM users WHERE username = n)
     UNION ALL
     SELECT 'group', n FROM unnest($2::text[]) AS n WHERE NOT EXISTS (SELECT 1 FROM groups WHERE name = n)`,
    [users, groups],
  );
  return {
    users: rows.filter((r) => r.kind === "user").map((r) => r.name),
    groups: rows.filter((r) => r.kind === "group").map((r) => r.name),
  };
}

export async function nextPriority(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ p: number }>(
    "SELECT COALESCE(MAX(priority), 0) + 1 AS p FROM policies WHERE NOT system_policy",
  );
  return Number(rows[0]!.p);
}

export interface NewPolicy {
  priority: number;
  policyName: string;
  category: PolicyCategory;
  state: PolicyState;
  approvalStatus: ApprovalStatus | null;
  body: PolicyBody;
  by: string;
}

const dates = (b: PolicyBody) => [b.tnc.startDate, b.tnc.endDate];

export async function insertPolicy(q: Queryable, p: NewPolicy): Promise<PolicyRow> {
  const { rows } = await q.query<PolicyRow>(
    `INSERT INTO policies (priority, policy_name, category, state, approval_status, body, start_date, end_date, created_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) RETURNING *`,
    [p.priority, p.policyName, p.category, p.state, p.approvalStatus, JSON.stringify(p.body), ...dates(p.body), p.by],
  );
  return withDefaults(rows[0]!);
}

export async function updatePolicy(
  q: Queryable,
  id: number,
  p: { priority: number; policyName: string; category: PolicyCategory; body: PolicyBody; by: string },
): Promise<PolicyRow> {
  const { rows } = await q.query<PolicyRow>(
    `UPDATE policies SET priority = $2, policy_name = $3, category = $4, body = $5, start_date = $6, end_date = $7,
            updated_by = $8, updated_at = now(), synced = false, expiry_noted = false
      WHERE id = $1 RETURNING *`,
    [id, p.priority, p.policyName, p.category, JSON.stringify(p.body), ...dates(p.body), p.by],
  );
  return withDefaults(rows[0]!);
}

export async function setState(
  q: Queryable,
  id: number,
  change: { state?: PolicyState; approvalStatus?: ApprovalStatus; body?: PolicyBody },
  by: string,
): Promise<PolicyRow> {
  const { rows } = await q.query<PolicyRow>(
    `UPDATE policies SET state = COALESCE($2, state), approval_status = COALESCE($3, approval_status),
            body = COALESCE($4, body), start_date = CASE WHEN $4::jsonb IS NULL THEN start_date ELSE ($4::jsonb #>> '{tnc,startDate}')::timestamptz END,
            end_date = CASE WHEN $4::jsonb IS NULL THEN end_date ELSE ($4::jsonb #>> '{tnc,endDate}')::timestamptz END,
            synced = false, updated_by = $5, updated_at = now()
      WHERE id = $1 RETURNING *`,
    [id, change.state ?? null, change.approvalStatus ?? null, change.body ? JSON.stringify(change.body) : null, by],
  );
  return withDefaults(rows[0]!);
}

/** A policy as a publication keeps it: what the compiler needs, and its access period. */
export type KeptPolicy = CompilePolicy & { tnc: { startDate: string | null; endDate: string | null } };

/** What a publication was compiled from; null on publications made before access periods were kept. */
export interface PublicationInputs {
  /** Every policy that was in force or due to start, with its access period. */
  policies: KeptPolicy[];
  /** Group members as they were expanded into the rules. */
  members: Record<string, string[]>;
  /** Ids of the policies compiled into the rules. */
  compiled: number[];
  /** For each rule of each section, the ids of the policies behind it (publications made before it lack it). */
  sources?: Partial<Record<string, number[][]>>;
}

export interface PublicationRow {
  number: number;
  rules: TrinoRules;
  group_file: string;
  etag: string;
  policy_count: number;
  rule_count: number;
  restored_from: number | null;
  created_by: string;
  created_at: Date;
  inputs: PublicationInputs | null;
}

/** The one mapping of a publication row: its summary, for lists and answers to publishing. */
export function toPublicationSummary(
  r: Omit<PublicationRow, "rules" | "group_file" | "inputs">,
  current: number | null,
): PublicationSummary {
  return {
    number: r.number,
    createdAt: r.created_at.toISOString(),
    createdBy: r.created_by,
    policyCount: r.policy_count,
    ruleCount: r.rule_count,
    etag: r.etag,
    current: r.number === current,
    restoredFrom: r.restored_from,
  };
}

/** A whole publication: its summary, its rules and its group file. */
export function toPublication(r: PublicationRow, current: number | null): Publication {
  return { ...toPublicationSummary(r, current), rules: r.rules, groupFile: r.group_file };
}

/** Holds every write to the policies until the transaction ends (reads go on). */
export async function lockPolicies(q: Queryable): Promise<void> {
  await q.query("LOCK TABLE policies IN SHARE ROW EXCLUSIVE MODE");
}

/** Every username and group name, for the policy form's principals. */
export async function principals(q: Queryable): Promise<{ users: string[]; groups: string[] }> {
  const users = await q.query<{ username: string }>("SELECT username FROM users ORDER BY username");
  const groups = await q.query<{ name: string }>("SELECT name FROM groups ORDER BY name");
  return { users: users.rows.map((u) => u.username), groups: groups.rows.map((g) => g.name) };
}

export async function currentNumber(q: Queryable): Promise<number | null> {
  const { rows } = await q.query<{ number: number }>("SELECT number FROM policy_publication_current WHERE id = 1");
  return rows[0]?.number ?? null;
}

export async function publication(q: Queryable, n: number): Promise<PublicationRow | null> {
  return (await q.query<PublicationRow>("SELECT * FROM policy_publications WHERE number = $1", [n])).rows[0] ?? null;
}

export async function publications(
  q: Queryable,
): Promise<Array<Omit<PublicationRow, "rules" | "group_file" | "inputs">>> {
  return (
    await q.query<PublicationRow>(
      `SELECT number, etag, policy_count, rule_count, restored_from, created_by, created_at
         FROM policy_publications ORDER BY number DESC LIMIT 200`,
    )
  ).rows;
}

/** A publication's ETag: a digest of the body Trino receives. */
export const etagOf = (body: string) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

/** Adds a publication and makes it current; the caller holds the publication lock. */
export async function publish(
  q: Queryable,
  p: {
    rules: TrinoRules;
    groupFile: string;
    etag: string;
    policyCount: number;
    restoredFrom: number | null;
    by: string;
    inputs: PublicationInputs | null;
  },
): Promise<PublicationRow> {
  const { rows } = await q.query<PublicationRow>(
    `INSERT INTO policy_publications (number, rules, group_file, etag, policy_count, rule_count, restored_from, created_by, inputs)
     SELECT COALESCE(MAX(number), 0) + 1, $1, $2, $3, $4, $5, $6, $7, $8 FROM policy_publications RETURNING *`,
    [
      JSON.stringify(p.rules),
      p.groupFile,
      p.etag,
      p.policyCount,
      p.rules.catalogs.length + p.rules.schemas.length + p.rules.tables.length,
      p.restoredFrom,
      p.by,
      p.inputs ? JSON.stringify(p.inputs) : null,
    ],
  );
  const row = rows[0]!;
  await q.query(
    `INSERT INTO policy_publication_current (id, number) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET number = EXCLUDED.number`,
    [row.number],
  );
  return row;
}

export async function groupMembers(q: Queryable): Promise<Map<string, string[]>> {
  const { rows } = await q.query<{ name: string; users: string[] }>(
    `SELECT g.name, array_agg(u.username ORDER BY u.username) AS users
       FROM groups g JOIN user_groups ug ON ug.group_id = g.id JOIN users u ON u.id = ug.user_id
      WHERE u.enabled GROUP BY g.name`,
  );
  return new Map(rows.map((r) => [r.name, r.users]));
}
