// The insights refresh on bench:audits' database (BENCH_AUDIT_PARTS=insights): the first refresh
// over every Trino query of the last year, a later one (the newest days only), and one after a
// batch of late queries (days already rolled up, marked by ingest and rolled up again).

/** A completed Trino query created `daysAgo` days ago. */
function lateQuery(i, daysAgo) {
  const at = new Date(Date.now() - daysAgo * 86_400_000 - (i % 3600) * 1000).toISOString();
  return {
    metadata: { queryId: `bench_late_${i}`, query: `SELECT * FROM iceberg.sales.t${i % 30}`, queryState: "FINISHED" },
    statistics: { cpuTime: 0.1, wallTime: 1.5, queuedTime: 0.001 },
    context: { user: `user${i % 200}`, catalog: "iceberg", schema: "sales" },
    ioMetadata: { inputs: [{ catalogName: "iceberg", schema: "sales", table: `t${i % 30}`, columns: [] }] },
    createTime: at,
    endTime: at,
  };
}

export async function measureInsights(url, token, trinoToken, c, log) {
  const call = async (method, path, body) => {
    const res = await fetch(`${url}/admin-api/api/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { "content-type": "application/json", "x-trino-ingest-token": trinoToken } : {}),
      },
      body,
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const refresh = async () => {
    const t0 = Date.now();
    await call("GET", "analytics/flush-cache");
    return (Date.now() - t0) / 1000;
  };
  await c.query("DELETE FROM insights_daily");
  await c.query("DELETE FROM audit_changed_days");
  const first = await refresh();
  const again = await refresh();
  // 1,000 late queries over three days already rolled up: 3, 20 and 100 days ago.
  const late = Array.from({ length: 1000 }, (_, i) => lateQuery(i, [3, 20, 100][i % 3]));
  const stored = (await call("POST", "ingest/trino", JSON.stringify(late))).stored;
  const marked = (await c.query("SELECT count(*)::int AS n FROM audit_changed_days")).rows[0].n;
  const afterLate = await refresh();
  const days = (await c.query("SELECT count(DISTINCT day)::int AS n FROM insights_daily")).rows[0].n;
  await c.query("DELETE FROM trino_query_events WHERE query_id LIKE 'bench\\_late\\_%'");
  log(
    `insights refresh: first ${first.toFixed(1)} s (${days} days rolled up; goal <= 30 s), later ${again.toFixed(2)} s, after ${stored} late queries on ${marked} earlier days ${afterLate.toFixed(2)} s`,
  );
}
