import {
  INSIGHTS_TOP,
  MONTH_DAYS,
  TIMELINE_MONTHS,
  TIMELINE_WEEKS,
  WEEK_DAYS,
  type Analytics,
} from "@console/contracts";
import type { Db, Queryable } from "../../platform/db/index.js";

/** Who the figures leave out: users named in the preference and members of its admin groups. */
export interface Exclusions {
  users: string[];
  adminGroups: string[];
}

/** Taken while a day is rolled up, so that two replicas do not write the same day. */
const ROLLUP_LOCK = 0x1_75_19_48;
/** Events older than this are not rolled up on a first refresh (the monthly timeline's reach). */
const FIRST_ROLLUP_DAYS = 366;
const DAY_MS = 86_400_000;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Days rolled up per transaction: small enough to stay quick, large enough for few round trips. */
const CHUNK_DAYS = 7;
/** Days before the month window only count queries per user: a cheap pass, so larger chunks. */
const OLD_CHUNK_DAYS = 31;

/** The events of [from, until) as (day, user, inputs); $1 and $2 are the bounds. */
const EVENTS = `SELECT (created_at AT TIME ZONE 'UTC')::date AS day, lower(username) AS username,
                       CASE WHEN jsonb_typeof(inputs) = 'array' THEN inputs ELSE '[]' END AS inputs
                  FROM trino_query_events
                 WHERE created_at >= $1::date AND created_at < $2::date`;

/**
 * Days of the month window: per query one 'q' row, and each distinct table, schema and pair of
 * tables it read, all in one pass over the chunk's events (no join between queries: a query's
 * tables are gathered into arrays and its pairs come from those). A query's tables come from
 * its `ioMetadata.inputs` (catalogName, schema, table).
 */
const ROLLUP_DETAIL = `
  INSERT INTO insights_daily (day, username, kind, name, queries)
  SELECT e.day, e.username, k.kind, k.name, count(*)
    FROM (${EVENTS}) e
   CROSS JOIN LATERAL (
     SELECT 'q' AS kind, '' AS name
     UNION ALL
     SELECT x.kind, x.name
       FROM (SELECT array_agg(DISTINCT concat_ws('.', i->>'catalogName', i->>'schema', i->>'table')) AS ts,
                    array_agg(DISTINCT concat_ws('.', i->>'catalogName', i->>'schema')) AS ss
               FROM jsonb_array_elements(e.inputs) i
              WHERE jsonb_typeof(i) = 'object' AND i ? 'catalogName' AND i ? 'schema' AND i ? 'table') a,
            LATERAL (
              SELECT 't' AS kind, t AS name FROM unnest(a.ts) t
              UNION ALL
              SELECT 's', s FROM unnest(a.ss) s
              UNION ALL
              -- array_agg(DISTINCT) sorts, so the first of a pair is the smaller name.
              SELECT 'p', x.t || ' & ' || y.t
                FROM unnest(a.ts) WITH ORDINALITY x(t, n), unnest(a.ts) WITH ORDINALITY y(t, m)
               WHERE x.n < y.m
            ) x
   ) k
   GROUP BY 1, 2, 3, 4`;

/** Days before the month window: only the queries per user (the active-user timelines). */
const ROLLUP_QUERIES = `
  INSERT INTO insights_daily (day, username, kind, name, queries)
  SELECT e.day, e.username, 'q', '', count(*) FROM (${EVENTS}) e GROUP BY 1, 2`;

/**
 * Rolls the events of the UTC days [from, until) up into insights_daily, replacing what was
 * there. Tables, schemas and pairs are kept only for days of the month window (the figures
 * that use them look no further back); older days keep their query counts.
 */
async function rollUpDays(db: Db, from: string, until: string, detailed: boolean, monthStart: string): Promise<void> {
  await db.tx(async (q) => {
    const lock = await q.query<{ ok: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS ok", [ROLLUP_LOCK]);
    if (!lock.rows[0]!.ok) return;
    await q.query("SET LOCAL TimeZone = 'UTC'");
    // Room to group a week of events in memory; compiling the plan costs more than it saves.
    await q.query("SET LOCAL work_mem = '64MB'");
    await q.query("SET LOCAL jit = off");
    await q.query("DELETE FROM insights_daily WHERE day >= $1::date AND day < $2::date", [from, until]);
    // Late events of these days are read below: their marks are done with.
    await q.query("DELETE FROM audit_changed_days WHERE source = 'trino' AND day >= $1::date AND day < $2::date", [
      from,
      until,
    ]);
    // Days that left the month window no longer need their tables.
    await q.query("DELETE FROM insights_daily WHERE kind <> 'q' AND day < $1::date", [monthStart]);
    await q.query(detailed ? ROLLUP_DETAIL : ROLLUP_QUERIES, [from, until]);
  });
}

/**
 * Brings insights_daily up to date: the last rolled-up day again (its events were still
 * arriving) and every day since, and each earlier day that ingest marked as having received
 * late events (audit_changed_days), rather than whole months again. The first time, from the
 * oldest event of the last year. Returns the number of days rolled up.
 */
export async function rollUp(db: Db, now: Date): Promise<number> {
  const { rows } = await db.query<{ last: string | null; first: string | null }>(
    `SELECT (SELECT to_char(max(day), 'YYYY-MM-DD') FROM insights_daily) AS last,
            (SELECT to_char(min(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM trino_query_events
              WHERE created_at >= $1::timestamptz) AS first`,
    [new Date(now.getTime() - FIRST_ROLLUP_DAYS * DAY_MS).toISOString()],
  );
  const start = rows[0]!.last ?? rows[0]!.first;
  if (!start) return 0;
  const today = new Date(`${isoDay(now)}T00:00:00Z`).getTime();
  const end = today + DAY_MS;
  // The first day of the last MONTH_DAYS days, today included.
  const monthStart = today - (MONTH_DAYS - 1) * DAY_MS;
  let from = new Date(`${start}T00:00:00Z`).getTime();
  let days = Math.round((end - from) / DAY_MS);
  const oldest = isoDay(new Date(today - FIRST_ROLLUP_DAYS * DAY_MS));
  await db.query("DELETE FROM audit_changed_days WHERE source = 'trino' AND day < $1::date", [oldest]);
  const late = await db.query<{ day: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM audit_changed_days
      WHERE source = 'trino' AND day < $1::date ORDER BY day`,
    [start],
  );
  for (const { day } of late.rows) {
    const t = new Date(`${day}T00:00:00Z`).getTime();
    await rollUpDays(db, day, isoDay(new Date(t + DAY_MS)), t >= monthStart, isoDay(new Date(monthStart)));
  }
  days += late.rows.length;
  while (from < end) {
    const detailed = from >= monthStart;
    const until = detailed
      ? Math.min(from + CHUNK_DAYS * DAY_MS, end)
      : Math.min(from + OLD_CHUNK_DAYS * DAY_MS, monthStart);
    await rollUpDays(db, isoDay(new Date(from)), isoDay(new Date(until)), detailed, isoDay(new Date(monthStart)));
    from = until;
  }
  return days;
}

/** Runs the thunks one at a time, keeping each result's type. */
async function sequence<T extends readonly (() => Promise<unknown>)[]>(
  thunks: T,
): Promise<{ [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const out: unknown[] = [];
  for (const thunk of thunks) out.push(await thunk());
  return out as { [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

type Ranked = { name: string; count: number };
type Point = { interval_alias: string; user_count: number };

const ranked = (rows: Array<{ name: string; count: string | number }>): Ranked[] =>
  rows.map((r) => ({ name: r.name, count: Number(r.count) }));
const points = (rows: Array<{ alias: string; users: string | number }>): Point[] =>
  rows.map((r) => ({ interval_alias: r.alias, user_count: Number(r.users) }));

/**
 * Every figure of the insights screen, from the daily rollups. The last 7 (30) days are today
 * and the 6 (29) days before it, in UTC; a week starts on Monday.
 */
export async function computeAnalytics(
  q: Queryable,
  ex: Exclusions,
  now: Date,
): Promise<Omit<Analytics, "active_pipelines" | "paused_pipelines" | "computed_at" | "provisional">> {
  await q.query("SET LOCAL TimeZone = 'UTC'");
  await q.query(
    `CREATE TEMP TABLE insight_days ON COMMIT DROP AS
     SELECT d.day, d.username, d.kind, d.name, d.queries
       FROM insights_daily d
      WHERE d.day >= (date_trunc('month', $1::date) - make_interval(months => $2))::date
        AND d.username <> ALL (
          SELECT lower(x) FROM unnest($3::text[]) x
          UNION ALL
          SELECT lower(u.username) FROM users u
            JOIN user_groups ug ON ug.user_id = u.id
            JOIN groups g ON g.id = ug.group_id
           WHERE g.name = ANY ($4::text[]))`,
    [isoDay(now), TIMELINE_MONTHS - 1, ex.users, ex.adminGroups],
  );
  const today = isoDay(now);
  const since = (days: number) => isoDay(new Date(now.getTime() - (days - 1) * DAY_MS));
  const week = since(WEEK_DAYS);
  const month = since(MONTH_DAYS);
  const top = (kind: string, from: string, limit: number) =>
    q.query<{ name: string; count: string }>(
      `SELECT ${kind === "q" ? "username" : "name"} AS name, sum(queries) AS count FROM insight_days
        WHERE kind = $1 AND day >= $2::date
        GROUP BY 1 ORDER BY sum(queries) DESC, 1 LIMIT $3`,
      [kind, from, limit],
    );

  /** Distinct users per day, week or month: the last `points` of them, the current one included. */
  const activeUsersPer = (unit: "day" | "week" | "month", points: number, format: string) =>
    q.query<{ alias: string; users: string }>(
      `SELECT to_char(p, $3) AS alias, count(DISTINCT d.username) AS users
         FROM generate_series(date_trunc('${unit}', $1::date) - $2::int * interval '1 ${unit}',
                              date_trunc('${unit}', $1::date), interval '1 ${unit}') p
         LEFT JOIN insight_days d ON d.kind = 'q' AND d.day >= p::date AND d.day < (p + interval '1 ${unit}')::date
        GROUP BY p ORDER BY p`,
      [today, points - 1, format],
    );
  // One after the other: they share the transaction's connection.
  const [active, weekTop, monthTop, tables, schemas, pairs, distinct, weekly, monthly, days] = await sequence([
    () =>
      q.query<{ week: string; month: string }>(
        `SELECT count(DISTINCT username) FILTER (WHERE day >= $1::date) AS week,
              count(DISTINCT username) FILTER (WHERE day >= $2::date) AS month
         FROM insight_days WHERE kind = 'q'`,
        [week, month],
      ),
    () => top("q", week, 1),
    () => top("q", month, INSIGHTS_TOP),
    () => top("t", month, INSIGHTS_TOP),
    () => top("s", month, INSIGHTS_TOP),
    () => top("p", month, INSIGHTS_TOP),
    () =>
      q.query<{ tables: string; schemas: string }>(
        `SELECT count(DISTINCT name) FILTER (WHERE kind = 't') AS tables,
              count(DISTINCT name) FILTER (WHERE kind = 's') AS schemas
         FROM insight_days WHERE kind IN ('t', 's') AND day >= $1::date`,
        [month],
      ),
    () => activeUsersPer("week", TIMELINE_WEEKS, "YYYY-MM-DD"),
    () => activeUsersPer("month", TIMELINE_MONTHS, "YYYY-MM"),
    () => activeUsersPer("day", WEEK_DAYS, "Dy DD Mon"),
  ] as const);

  const topFiveUsers = ranked(monthTop.rows);
  const topFiveTables = ranked(tables.rows);
  const topPairs = ranked(pairs.rows);
  return {
    weekly_active_users: Number(active.rows[0]!.week),
    monthly_active_users: Number(active.rows[0]!.month),
    dataset: Number(distinct.rows[0]!.tables),
    entity: Number(distinct.rows[0]!.schemas),
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
