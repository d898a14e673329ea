import {
  INSIGHTS_TOP,
  MONTH_DAYS,
  TIMELINE_MONTHS,
  TIMELINE_WEEKS,
  WEEK_DAYS,
  type Analytics,
} from "@console/contracts";
import type { Queryable } from "../../platform/db/index.js";

/** Who the figures leave out: users named in the preference and members of its admin groups. */
export interface Exclusions {
  users: string[];
  adminGroups: string[];
}

type Ranked = { name: string; count: number };
type Point = { interval_alias: string; user_count: number };

const ranked = (rows: Array<{ name: string; count: string | number }>): Ranked[] =>
  rows.map((r) => ({ name: r.name, count: Number(r.count) }));
const points = (rows: Array<{ alias: string; users: string | number }>): Point[] =>
  rows.map((r) => ({ interval_alias: r.alias, user_count: Number(r.users) }));

/**
 * Computes every figure of the insights screen from the Trino query events of the last year,
 * inside the caller's transaction. Times are UTC; a week starts on Monday.
 */
export async function computeAnalytics(
  q: Queryable,
  ex: Exclusions,
  now: Date,
): Promise<Omit<Analytics, "active_pipelines" | "paused_pipelines" | "computed_at">> {
  await q.query("SET LOCAL TimeZone = 'UTC'");
  // The events of the window, without the excluded users.
  await q.query(
    `CREATE TEMP TABLE insight_queries ON COMMIT DROP AS
     SELECT e.query_id, lower(e.username) AS username, e.created_at, e.inputs
       FROM trino_query_events e
      WHERE e.created_at >= date_trunc('month', $1::timestamptz) - make_interval(months => $2)
        AND e.created_at <= $1::timestamptz
        AND lower(e.username) <> ALL (
          SELECT lower(x) FROM unnest($3::text[]) x
          UNION ALL
          SELECT lower(u.username) FROM users u
            JOIN user_groups ug ON ug.user_id = u.id
            JOIN groups g ON g.id = ug.group_id
           WHERE g.name = ANY ($4::text[]))`,
    [now.toISOString(), TIMELINE_MONTHS - 1, ex.users, ex.adminGroups],
  );
  // Each table read in the last month, once per query.
  await q.query(
    `CREATE TEMP TABLE insight_reads ON COMMIT DROP AS
     SELECT DISTINCT q.query_id, q.username,
            concat_ws('.', i->>'catalogName', i->>'schema', i->>'table') AS table_name,
            concat_ws('.', i->>'catalogName', i->>'schema') AS schema_name
       FROM insight_queries q, jsonb_array_elements(q.inputs) i
      WHERE q.created_at > $1::timestamptz - make_interval(days => $2)
        AND jsonb_typeof(q.inputs) = 'array'
        AND i ? 'catalogName' AND i ? 'schema' AND i ? 'table'`,
    [now.toISOString(), MONTH_DAYS],
  );

  const args = [now.toISOString(), WEEK_DAYS, MONTH_DAYS];
  const [active, weekTop, monthTop, tables, counts, schemas, pairs, weekly, monthly, days] = await Promise.all([
    q.query<{ week: string; month: string }>(
      `SELECT count(DISTINCT username) FILTER (WHERE created_at > $1::timestamptz - make_interval(days => $2)) AS week,
              count(DISTINCT username) FILTER (WHERE created_at > $1::timestamptz - make_interval(days => $3)) AS month
         FROM insight_queries`,
      args,
    ),
    q.query<{ name: string; count: string }>(
      `SELECT username AS name, count(*) AS count FROM insight_queries
        WHERE created_at > $1::timestamptz - make_interval(days => $2)
        GROUP BY username ORDER BY count(*) DESC, username LIMIT 1`,
      [now.toISOString(), WEEK_DAYS],
    ),
    q.query<{ name: string; count: string }>(
      `SELECT username AS name, count(*) AS count FROM insight_queries
        WHERE created_at > $1::timestamptz - make_interval(days => $2)
        GROUP BY username ORDER BY count(*) DESC, username LIMIT $3`,
      [now.toISOString(), MONTH_DAYS, INSIGHTS_TOP],
    ),
    q.query<{ name: string; count: string }>(
      `SELECT table_name AS name, count(*) AS count FROM insight_reads
        GROUP BY table_name ORDER BY count(*) DESC, table_name LIMIT $1`,
      [INSIGHTS_TOP],
    ),
    q.query<{ tables: string; schemas: string }>(
      `SELECT count(DISTINCT table_name) AS tables, count(DISTINCT schema_name) AS schemas FROM insight_reads`,
    ),
    q.query<{ name: string; count: string }>(
      `SELECT schema_name AS name, count(DISTINCT query_id) AS count FROM insight_reads
        GROUP BY schema_name ORDER BY count(DISTINCT query_id) DESC, schema_name LIMIT $1`,
      [INSIGHTS_TOP],
    ),
    // Two tables read by one query; the pair is named in alphabetical order.
    q.query<{ name: string; count: string }>(
      `SELECT a.table_name || ' & ' || b.table_name AS name, count(*) AS count
         FROM insight_reads a JOIN insight_reads b ON a.query_id = b.query_id AND a.table_name < b.table_name
        GROUP BY a.table_name, b.table_name ORDER BY count(*) DESC, 1 LIMIT $1`,
      [INSIGHTS_TOP],
    ),
    q.query<{ alias: string; users: string }>(
      `SELECT to_char(w, 'YYYY-MM-DD') AS alias, count(DISTINCT q.username) AS users
         FROM generate_series(date_trunc('week', $1::timestamptz) - make_interval(weeks => $2),
                              date_trunc('week', $1::timestamptz), interval '1 week') w
         LEFT JOIN insight_queries q ON q.created_at >= w AND q.created_at < w + interval '1 week'
        GROUP BY w ORDER BY w`,
      [now.toISOString(), TIMELINE_WEEKS - 1],
    ),
    q.query<{ alias: string; users: string }>(
      `SELECT to_char(m, 'YYYY-MM') AS alias, count(DISTINCT q.username) AS users
         FROM generate_series(date_trunc('month', $1::timestamptz) - make_interval(months => $2),
                              date_trunc('month', $1::timestamptz), interval '1 month') m
         LEFT JOIN insight_queries q ON q.created_at >= m AND q.created_at < m + interval '1 month'
        GROUP BY m ORDER BY m`,
      [now.toISOString(), TIMELINE_MONTHS - 1],
    ),
    q.query<{ alias: string; users: string }>(
      `SELECT to_char(d, 'Dy DD Mon') AS alias, count(DISTINCT q.username) AS users
         FROM generate_series(date_trunc('day', $1::timestamptz) - make_interval(days => $2),
                              date_trunc('day', $1::timestamptz), interval '1 day') d
         LEFT JOIN insight_queries q ON q.created_at >= d AND q.created_at < d + interval '1 day'
        GROUP BY d ORDER BY d`,
      [now.toISOString(), WEEK_DAYS - 1],
    ),
  ]);

  const topFiveUsers = ranked(monthTop.rows);
  const topFiveTables = ranked(tables.rows);
  const topPairs = ranked(pairs.rows);
  return {
    weekly_active_users: Number(active.rows[0]!.week),
    monthly_active_users: Number(active.rows[0]!.month),
    dataset: Number(counts.rows[0]!.tables),
    entity: Number(counts.rows[0]!.schemas),
    top_weekly_user: weekTop.rows[0]?.name ?? null,
    top_monthly_user: topFiveUsers[0]?.name ?? null,
    top_table: topFiveTables[0]?.name ?? null,
    top_cooccuring_table: topPairs[0]?.name ?? null,
    top_5_users: topFiveUsers,
    top_five_tables: topFiveTables,
    top_five_cooccuring_tables: topPairs,
    top_five_schemas: ranked(schemas.rows),
    weekly_active_users_timeline: points(weekly.rows),
    monthly_active_users_timeline: points(monthly.rows),
    weekly_top_executed_queries: points(days.rows),
  };
}
