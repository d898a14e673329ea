// Insights at scale on PostgreSQL.
// - 1,000,000 completed Trino queries over 90 days (200 users, 300 tables, one to three tables
//   read per query), seeded with set-based SQL.
// - The refresh of every aggregate (goal at most 30 s), through the API's recompute call.
// - p50/p95/p99 of each insights call once computed (goal at most 100 ms each), the data summary
//   over BENCH_INSIGHT_TABLES stored tables (its statistics come from Trino at refresh time).
// Run with `npm run bench:insights` (after `npm run build`). BENCH_INSIGHT_QUERIES scales the data.
import pg from "pg";
import { ensureBuilt, fmt, signIn, startConsole, tempDatabase, timeIt } from "./lib.mjs";

const QUERIES = Number(process.env.BENCH_INSIGHT_QUERIES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const DAYS = 90;
const TABLES = Number(process.env.BENCH_INSIGHT_TABLES ?? 5_000);

/** The data summary's tables as a refresh stores them: 50 catalogs x 10 schemas, added over 90 days. */
async function seedTables(c) {
  await c.query(
    `INSERT INTO insights_tables (catalog, schema_name, table_name, column_count, num_rows, data_size,
                                  added_at, updated_at, seen_at, change_set, percentage_change)
     SELECT 'c' || (i % 50), 's' || (i % 500 / 50), 't' || i, 1 + i % 40, i * 1000, i * 64000,
            now() - (i % 90) * interval '1 day', now() - (i % 7) * interval '1 hour', now(), i % 100 - 50,
            round(((i % 100 - 50) / (i * 10.0))::numeric, 2)
       FROM generate_series(1, $1) i`,
    [TABLES],
  );
  await c.query("ANALYZE insights_tables");
}

async function seed(c) {
  const t0 = Date.now();
  await c.query(
    `INSERT INTO trino_query_events (query_id, created_at, end_time, username, query, query_state, failed, wall_seconds, catalog, inputs)
     SELECT 'q' || i, now() - ((i::bigint * 7919) % ($2 * 86400)) * interval '1 second',
            now() - ((i::bigint * 7919) % ($2 * 86400)) * interval '1 second' + interval '2 seconds',
            'user' || (i * 7 % 200), 'SELECT * FROM t' || (i % 300), 'FINISHED', false, 2.0, 'iceberg',
            (SELECT jsonb_agg(jsonb_build_object('catalogName', 'iceberg', 'schema', 's' || ((i + k) % 300 / 20),
                                                 'table', 't' || ((i + k * 37) % 300), 'columns', '[]'::jsonb))
               FROM generate_series(0, i % 3) k)
       FROM generate_series(1, $1) i`,
    [QUERIES, DAYS],
  );
  await c.query("ANALYZE trino_query_events");
  return Date.now() - t0;
}

async function main() {
  ensureBuilt();
  const db = await tempDatabase("pc_bench_insights");
  let consoleProc;
  try {
    consoleProc = await startConsole({ DATABASE_URL: db.url, SANDBOX: "off" });
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const seeded = await seed(c);
    console.log(`seeded ${QUERIES.toLocaleString("en")} queries over ${DAYS} days in ${fmt(seeded / 1000)} s`);

    const token = await signIn(consoleProc.url);
    const get = async (path) => {
      const res = await fetch(`${consoleProc.url}/admin-api/api/v1/analytics${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const t0 = Date.now();
    await get("/flush-cache");
    const refresh = (Date.now() - t0) / 1000;
    // Later refreshes roll up only the days since the last one.
    const t1 = Date.now();
    await get("/flush-cache");
    const again = (Date.now() - t1) / 1000;
    const a = await get("/analytics");
    await seedTables(c);
    const rolled = (await c.query("SELECT count(*) AS n, count(DISTINCT day) AS days FROM insights_daily")).rows[0];
    await c.end();
    console.log(`daily rollup rows: ${rolled.n} over ${rolled.days} days`);
    console.log(
      `refresh of every aggregate: first ${fmt(refresh, 2)} s (all ${rolled.days} days; goal <= 30 s), incremental ${fmt(again, 2)} s; ${a.monthly_active_users} monthly active users, ${a.dataset} tables`,
    );
    for (const path of [
      "/analytics",
      "/usage-summary",
      "/top-queries",
      "/pipeline-summary?limit=10",
      "/data-summary?limit=10",
      `/data-summary?limit=50&sort_by=recentlyAdded&offset=${Math.floor(TABLES / 2)}`,
      "/data-summary?limit=10&catalog=c7&table=t12",
      "/datasets",
    ]) {
      const r = await timeIt(RUNS, () => get(path));
      console.log(
        `GET ${path.padEnd(50)} p50 ${fmt(r.p50)} ms  p95 ${fmt(r.p95)} ms  p99 ${fmt(r.p99)} ms (goal <= 100 ms)`,
      );
    }
  } finally {
    await consoleProc?.stop();
    await db.drop();
  }
}

await main();
