import type { AccessPath, AccessReview, ReviewItem, ReviewScope } from "@console/contracts";
import type { Queryable } from "../../platform/db/index.js";

/** Access reviews and their items: the SQL of the reviews' own tables. */
interface ReviewRow {
  id: number;
  name: string;
  scope: ReviewScope;
  reviewers: { users: string[]; group: string | null };
  due_date: string;
  reminder_days: number[];
  reminded_days: number[];
  unanswered: "keep" | "revoke";
  publish_on_close: boolean;
  status: "open" | "closed";
  publication: number | null;
  created_by: string;
  created_at: Date;
  closed_by: string | null;
  closed_at: Date | null;
  total: number;
  open: number;
  keep: number;
  revoke: number;
  end: number;
  applied: number;
}

const REVIEW_SELECT = `SELECT r.id, r.name, r.scope, r.reviewers, to_char(r.due_date, 'YYYY-MM-DD') AS due_date,
       r.reminder_days, r.reminded_days, r.unanswered, r.publish_on_close, r.status, r.publication, r.created_by,
       r.created_at, r.closed_by, r.closed_at,
       (SELECT count(*) FROM access_review_items i WHERE i.review_id = r.id)::int AS total,
       (SELECT count(*) FROM access_review_items i WHERE i.review_id = r.id AND i.decision IS NULL)::int AS open,
       (SELECT count(*) FROM access_review_items i WHERE i.review_id = r.id AND i.decision = 'keep')::int AS keep,
       (SELECT count(*) FROM access_review_items i WHERE i.review_id = r.id AND i.decision = 'revoke')::int AS revoke,
       (SELECT count(*) FROM access_review_items i WHERE i.review_id = r.id AND i.decision = 'end')::int AS "end",
       (SELECT count(*) FROM access_review_items i WHERE i.review_id = r.id AND i.revoked_at IS NOT NULL)::int AS applied
  FROM access_reviews r`;

function toReview(r: ReviewRow): AccessReview {
  return {
    id: r.id,
    name: r.name,
    scope: r.scope,
    reviewers: r.reviewers,
    dueDate: r.due_date,
    reminderDays: r.reminder_days,
    unanswered: r.unanswered,
    publishOnClose: r.publish_on_close,
    status: r.status,
    publication: r.publication,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    closedAt: r.closed_at?.toISOString() ?? null,
    closedBy: r.closed_by,
    counts: { total: r.total, open: r.open, keep: r.keep, revoke: r.revoke, end: r.end },
    revocationsApplied: r.applied,
  };
}

export async function reviews(q: Queryable): Promise<AccessReview[]> {
  const { rows } = await q.query<ReviewRow>(`${REVIEW_SELECT} ORDER BY r.id DESC LIMIT 500`);
  return rows.map(toReview);
}

export async function review(q: Queryable, id: number, lock = false): Promise<AccessReview | null> {
  if (lock) await q.query("SELECT id FROM access_reviews WHERE id = $1 FOR UPDATE", [id]);
  const { rows } = await q.query<ReviewRow>(`${REVIEW_SELECT} WHERE r.id = $1`, [id]);
  return rows[0] ? toReview(rows[0]) : null;
}

export async function insertReview(
  q: Queryable,
  r: Omit<AccessReview, "id" | "status" | "createdAt" | "closedAt" | "closedBy" | "counts" | "revocationsApplied">,
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO access_reviews (name, scope, reviewers, due_date, reminder_days, unanswered, publish_on_close, publication, created_by)
     VALUES ($1, $2, $3, $4::date, $5::int[], $6, $7, $8, $9) RETURNING id`,
    [
      r.name,
      JSON.stringify(r.scope),
      JSON.stringify(r.reviewers),
      r.dueDate,
      r.reminderDays,
      r.unanswered,
      r.publishOnClose,
      r.publication,
      r.createdBy,
    ],
  );
  return rows[0]!.id;
}

export interface NewItem {
  username: string;
  catalog: string;
  schema: string;
  table: string;
  privileges: string[];
  paths: AccessPath[];
  grantedBy: string | null;
  grantedAt: Date | null;
  lastRead: Date | null;
  queries30: number;
  queries90: number;
  reviewer: string;
}

const CHUNK = 5_000;

/** The items of a review, written set-based in chunks. */
export async function insertItems(q: Queryable, reviewId: number, items: NewItem[]): Promise<void> {
  for (let k = 0; k < items.length; k += CHUNK) {
    const c = items.slice(k, k + CHUNK);
    await q.query(
      `INSERT INTO access_review_items (review_id, username, catalog, schema_name, table_name, privileges, paths,
                                        granted_by, granted_at, last_read, queries30, queries90, reviewer)
       SELECT $1, u, c, s, t, string_to_array(p, ','), pa::jsonb, gb, ga, lr, q30, q90, rv
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                     $9::timestamptz[], $10::timestamptz[], $11::int[], $12::int[], $13::text[])
           AS x(u, c, s, t, p, pa, gb, ga, lr, q30, q90, rv)`,
      [
        reviewId,
        c.map((i) => i.username),
        c.map((i) => i.catalog),
        c.map((i) => i.schema),
        c.map((i) => i.table),
        c.map((i) => i.privileges.join(",")),
        c.map((i) => JSON.stringify(i.paths)),
        c.map((i) => i.grantedBy),
        c.map((i) => i.grantedAt?.toISOString() ?? null),
        c.map((i) => i.lastRead?.toISOString() ?? null),
        c.map((i) => i.queries30),
        c.map((i) => i.queries90),
        c.map((i) => i.reviewer),
      ],
    );
  }
}

interface ItemRow {
  id: string;
  review_id: number;
  review_name: string;
  due_date: string;
  username: string;
  catalog: string;
  schema_name: string;
  table_name: string;
  privileges: string[];
  paths: AccessPath[];
  granted_by: string | null;
  granted_at: Date | null;
  last_read: Date | null;
  queries30: number;
  queries90: number;
  reviewer: string;
  decision: ReviewItem["decision"];
  end_date: string | null;
  comment: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  by_default: boolean;
  revocation: ReviewItem["revocation"];
  status: string;
}

const ITEM_SELECT = `SELECT i.id, i.review_id, r.name AS review_name, to_char(r.due_date, 'YYYY-MM-DD') AS due_date,
       i.username, i.catalog, i.schema_name, i.table_name, i.privileges, i.paths, i.granted_by, i.granted_at,
       i.last_read, i.queries30, i.queries90, i.reviewer, i.decision, to_char(i.end_date, 'YYYY-MM-DD') AS end_date,
       i.comment, i.decided_by, i.decided_at, i.by_default, i.revocation, r.status
  FROM access_review_items i JOIN access_reviews r ON r.id = i.review_id`;

export function toItem(r: ItemRow): ReviewItem {
  return {
    id: Number(r.id),
    reviewId: r.review_id,
    reviewName: r.review_name,
    dueDate: r.due_date,
    username: r.username,
    catalog: r.catalog,
    schema: r.schema_name,
    table: r.table_name,
    privileges: r.privileges as ReviewItem["privileges"],
    paths: r.paths,
    grantedBy: r.granted_by,
    grantedAt: r.granted_at?.toISOString() ?? null,
    lastRead: r.last_read?.toISOString() ?? null,
    queries30: r.queries30,
    queries90: r.queries90,
    reviewer: r.reviewer,
    decision: r.decision,
    endDate: r.end_date,
    comment: r.comment,
    decidedBy: r.decided_by,
    decidedAt: r.decided_at?.toISOString() ?? null,
    byDefault: r.by_default,
    revocation: r.revocation,
  };
}

export interface ItemFilter {
  reviewId?: number;
  reviewer?: string;
  username?: string;
  decision?: "keep" | "revoke" | "end" | "open";
  openReviewsOnly?: boolean;
  offset: number;
  limit: number;
}

const itemWhere = (f: Omit<ItemFilter, "offset" | "limit">) => ({
  sql: `WHERE ($1::int IS NULL OR i.review_id = $1) AND ($2::text IS NULL OR i.reviewer = $2)
      AND ($3::text IS NULL OR i.username = $3)
      AND ($4::text IS NULL OR ($4 = 'open' AND i.decision IS NULL) OR i.decision = $4)
      AND (NOT $5::boolean OR r.status = 'open')`,
  params: [f.reviewId ?? null, f.reviewer ?? null, f.username ?? null, f.decision ?? null, f.openReviewsOnly ?? false],
});

export async function items(q: Queryable, f: ItemFilter): Promise<{ items: ReviewItem[]; total: number }> {
  const w = itemWhere(f);
  const [page, count] = await Promise.all([
    q.query<ItemRow>(
      `${ITEM_SELECT} ${w.sql} ORDER BY (i.decision IS NOT NULL), r.due_date, i.review_id, i.id LIMIT $6 OFFSET $7`,
      [...w.params, f.limit, f.offset],
    ),
    q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM access_review_items i JOIN access_reviews r ON r.id = i.review_id ${w.sql}`,
      w.params,
    ),
  ]);
  return { items: page.rows.map(toItem), total: count.rows[0]!.n };
}

export async function item(q: Queryable, id: number, lock = false): Promise<(ReviewItem & { status: string }) | null> {
  const { rows } = await q.query<ItemRow>(`${ITEM_SELECT} WHERE i.id = $1${lock ? " FOR UPDATE OF i" : ""}`, [id]);
  return rows[0] ? { ...toItem(rows[0]), status: rows[0].status } : null;
}

export async function decide(
  q: Queryable,
  id: number,
  d: { decision: string; endDate: string | null; comment: string; by: string },
): Promise<void> {
  await q.query(
    `UPDATE access_review_items SET decision = $2, end_date = $3::date, comment = $4, decided_by = $5, decided_at = now()
      WHERE id = $1`,
    [id, d.decision, d.endDate, d.comment, d.by],
  );
}

/** Undecided items of a review take its default; returns how many. */
export async function decideUnanswered(q: Queryable, reviewId: number, decision: "keep" | "revoke"): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE access_review_items SET decision = $2, by_default = true, decided_by = 'system', decided_at = now()
      WHERE review_id = $1 AND decision IS NULL`,
    [reviewId, decision],
  );
  return rowCount;
}

/** Items to revoke now: revoked ones of a review, or (any review) those whose end date has passed. */
export async function dueRevocations(q: Queryable, reviewId: number | null, today: string): Promise<ReviewItem[]> {
  const { rows } = await q.query<ItemRow>(
    `${ITEM_SELECT} WHERE i.revoked_at IS NULL AND (
        ($1::int IS NOT NULL AND i.review_id = $1 AND i.decision = 'revoke')
        OR ($1::int IS NULL AND i.decision = 'end' AND i.end_date < $2::date))
      ORDER BY i.id FOR UPDATE OF i`,
    [reviewId, today],
  );
  return rows.map(toItem);
}

export async function markRevoked(q: Queryable, id: number, revocation: ReviewItem["revocation"]): Promise<void> {
  await q.query("UPDATE access_review_items SET revocation = $2, revoked_at = now() WHERE id = $1", [
    id,
    JSON.stringify(revocation),
  ]);
}

export async function closeReview(q: Queryable, id: number, by: string): Promise<void> {
  await q.query("UPDATE access_reviews SET status = 'closed', closed_by = $2, closed_at = now() WHERE id = $1", [
    id,
    by,
  ]);
}

/** Open reviews whose due date has passed (the due day is the last day to decide, in UTC). */
export async function overdueReviews(q: Queryable, today: string): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    "SELECT id FROM access_reviews WHERE status = 'open' AND due_date < $1::date ORDER BY id",
    [today],
  );
  return rows.map((r) => r.id);
}

/** Reminders due: per open review, the reminder days reached and not yet sent, and who has items open. */
export async function remindersDue(
  q: Queryable,
  today: string,
): Promise<Array<{ id: number; name: string; days: number[]; reviewers: Array<{ reviewer: string; open: number }> }>> {
  const { rows } = await q.query<{ id: number; name: string; days: number[] }>(
    `SELECT id, name, ARRAY(SELECT d FROM unnest(reminder_days) d
                           WHERE due_date - $1::date <= d AND NOT d = ANY(reminded_days)) AS days
       FROM access_reviews WHERE status = 'open'`,
    [today],
  );
  const out = [];
  for (const r of rows.filter((x) => x.days.length > 0)) {
    const { rows: open } = await q.query<{ reviewer: string; open: number }>(
      `SELECT reviewer, count(*)::int AS open FROM access_review_items WHERE review_id = $1 AND decision IS NULL
        GROUP BY reviewer ORDER BY reviewer`,
      [r.id],
    );
    out.push({ ...r, reviewers: open });
  }
  return out;
}

export async function markReminded(q: Queryable, id: number, days: number[]): Promise<void> {
  await q.query("UPDATE access_reviews SET reminded_days = reminded_days || $2::int[] WHERE id = $1", [id, days]);
}

/** Every item of a review, for its report. */
export async function allItems(q: Queryable, reviewId: number): Promise<ReviewItem[]> {
  const { rows } = await q.query<ItemRow>(`${ITEM_SELECT} WHERE i.review_id = $1 ORDER BY i.id`, [reviewId]);
  return rows.map(toItem);
}
