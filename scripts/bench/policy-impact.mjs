// The policies' impact preview, timed over HTTP on the benchmark's console (see policies.mjs):
// an access rollup equivalent to QUERIES queries over 90 days, seeded straight into its table.
import { fmt } from "./lib.mjs";

const { ACCESS_KEY_SQL } = await import("../../apps/server/dist/platform/db/access-rollup-sql.js");

const QUERIES = Number(process.env.BENCH_IMPACT_QUERIES ?? 1_000_000);
const DAYS = 90;
/** Distinct accesses a user makes in a day (a working set of WORKING_SET tables, the first ones read most). */
const PER_DAY = 15;
const WORKING_SET = 25;
const RUNS = 5;

/**
 * Seeds the rollup as ingest fills it: per day and user, PER_DAY accesses to tables of the
 * user's working set (skewed to its first tables), with one of three column sets (the masked
 * column, the filter's column, an id), scaled so that the queries add up to QUERIES. Users that
 * no longer exist read too.
 */
export async function seedRollup(c, { users, tables, masked }) {
  const rows = DAYS * (users + 5) * PER_DAY;
  const perRow = QUERIES / rows;
  const names = `ARRAY[${masked.map((m) => `'${m}'`).join(", ")}]`;
  await c.query(
    `CREATE TEMP TABLE seeded AS
     SELECT day, username, 'cat' || (t % 4) AS catalog, 's' || ((t / 4) % 20) AS schema_name, 't' || t AS table_name,
            columns, sum(q), max(seen)
       FROM (
         SELECT current_date - d AS day,
                CASE WHEN u < ${users} THEN 'u' || u ELSE 'gone' || (u - ${users}) END AS username,
                t,
                CASE (d + s) % 3
                  WHEN 0 THEN ARRAY[(${names})[t % 10 + 1], 'region']
                  WHEN 1 THEN ARRAY['id', 'region']
                  ELSE ARRAY[(${names})[t % 10 + 1]] END AS columns,
                -- 1 to 2 x the mean, so the sum is about QUERIES.
                greatest(1, round(${perRow} * (0.5 + ((d * 7 + u * 3 + s) % 11) / 10.0)))::int AS q,
                (current_date - d)::timestamptz + ((u * 611 + s * 97) % 86000) * interval '1 second' AS seen
           FROM generate_series(0, ${DAYS - 1}) d, generate_series(0, ${users + 4}) u, generate_series(0, ${PER_DAY - 1}) s,
                LATERAL (SELECT (u * 97 + (floor(${WORKING_SET} * power(((d * 31 + u * 17 + s * 7) % 100) / 100.0, 2)))::int * 13) % ${tables} AS t) pick
       ) x
      GROUP BY day, username, t, columns`,
  );
  await c.query(`INSERT INTO trino_accesses (access_key, username, catalog, schema_name, table_name, columns)
    SELECT DISTINCT ON (k) k, username, catalog, schema_name, table_name, columns
      FROM (SELECT ${ACCESS_KEY_SQL} AS k, * FROM seeded) s ORDER BY k`);
  await c.query(`INSERT INTO trino_access_rollup (access_key, day, queries, last_seen)
    SELECT ${ACCESS_KEY_SQL}, day, sum, max FROM seeded`);
  const { rows: r } = await c.query(
    "SELECT count(*) AS n, sum(queries) AS q, (SELECT count(*) FROM trino_accesses) AS a FROM trino_access_rollup",
  );
  await c.query("ANALYZE trino_access_rollup; ANALYZE trino_accesses");
  return { rows: Number(r[0].n), queries: Number(r[0].q), accesses: Number(r[0].a) };
}

async function timed(runs, fn) {
  const times = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    last = await fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { first: times[0], median: sorted[Math.floor(sorted.length / 2)], best: sorted[0], last };
}

/** Times a full preview (Sync's candidate, 90 and 30 days) and the wizard's one-policy preview. */
export async function timeImpact(baseUrl, token, seeded, policyBody) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const get = (window) => async () => {
    const res = await fetch(`${baseUrl}/admin-api/api/v1/acl/impact?window=${window}`, { headers });
    if (res.status !== 200) throw new Error(`impact answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const post = async () => {
    const res = await fetch(`${baseUrl}/admin-api/api/v1/acl/impact`, {
      method: "POST",
      headers,
      body: JSON.stringify({ window: 90, policy: policyBody }),
    });
    if (res.status !== 200) throw new Error(`impact answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const where = `${seeded.rows} rollup rows, ${seeded.accesses} distinct accesses, ${seeded.queries} queries over ${DAYS} days`;
  for (const window of [90, 30]) {
    const t = await timed(RUNS, get(window));
    console.log(
      `impact preview of a Sync, ${window}-day window (${where}): first ${fmt(t.first, 0)} ms, median ${fmt(t.median, 0)} ms, best ${fmt(t.best, 0)} ms (goal <= 2000 ms); ${t.last.totals.changes} changes: ${t.last.summary}`,
    );
  }
  const t = await timed(RUNS * 2, post);
  console.log(
    `impact preview of one unsaved policy from the wizard, 90-day window: first ${fmt(t.first, 0)} ms, median ${fmt(t.median, 0)} ms, best ${fmt(t.best, 0)} ms (goal <= 300 ms); ${t.last.summary}`,
  );
}
